import { describe, expect, it } from 'vitest';
import { Store } from './store.js';

const cm = (name: string, data: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'd' }, data: { v: data } });

describe('Store.compactTo', () => {
  it('forgets what happened up to the revision, keeps later history, and takes a revision itself', () => {
    const store = new Store();
    store.create('/configmaps', cm('a', '1'));
    const first = store.resourceVersion;
    store.update('/configmaps', cm('a', '2'));
    const second = store.resourceVersion;
    store.update('/configmaps', cm('a', '3'));
    expect(store.snapshotAt('/configmaps', first)?.get('d/a')?.data).toEqual({ v: '1' });
    const compactRev = store.compactTo(second);
    expect(compactRev).toBe(second + 2);
    expect(store.resourceVersion).toBe(compactRev);
    expect(store.snapshotAt('/configmaps', first)).toBeUndefined();
    expect(store.snapshotAt('/configmaps', second)?.get('d/a')?.data).toEqual({ v: '2' });
    expect(store.collection('/configmaps').eventsAfter(second)?.map((e) => e.object.data)).toEqual([{ v: '3' }]);
  });
});
