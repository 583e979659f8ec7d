// tableJson (the cached serializer of list Tables) must equal JSON.stringify of the same Table.
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../resources/index.js';
import { seedCluster } from '../seed/seed.js';
import { Store } from '../store/store.js';
import { storageKey } from '../resources/registry.js';
import { buildTable, tableJson } from './table.js';
import type { IncludeObject } from './table.js';

describe('tableJson', () => {
  const store = new Store();
  const registry = defaultRegistry();
  seedCluster(store, {});
  it.each(['pods', 'configmaps', 'nodes', 'namespaces'])('%s, every includeObject, twice (cache hits)', (resource) => {
    const t = registry.inGroupVersion('', 'v1').find((x) => x.resource === resource);
    if (!t) throw new Error(resource);
    const c = store.collection(storageKey(t));
    const objects = c.sortedKeys().map((k) => c.objects.get(k)).filter((o) => o !== undefined);
    expect(objects.length).toBeGreaterThan(0);
    for (const includeObject of ['Metadata', 'Object', 'None'] as IncludeObject[]) {
      for (let i = 0; i < 2; i++) {
        const table = buildTable(t, objects, { resourceVersion: '7', continue: 'x' }, { includeObject, apiVersion: 'meta.k8s.io/v1', withColumns: i === 0 });
        expect(tableJson(table)).toBe(JSON.stringify(table));
      }
    }
  });
});
