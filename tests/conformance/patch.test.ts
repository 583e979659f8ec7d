// PATCH: JSON patch, merge patch, strategic merge patch and server-side apply, with their errors.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { compare, must, openPair } from './harness.js';
import type { Pair } from './harness.js';

let pair: Pair;
const deployment = (replicas: number): object => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }] }] } },
  },
});

beforeAll(async () => {
  pair = await openPair('kgc-pt');
  await pair.each(async (t) => {
    await must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'p', labels: { a: '1' } }, data: { x: '1', y: '2' } } });
    await must(t, { method: 'POST', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`, body: deployment(1), headers: { 'User-Agent': 'kubectl-client-side-apply/v1.20' } });
  });
});
afterAll(async () => {
  await pair?.close();
});

const cm = (): string => `/api/v1/namespaces/${pair.ns}/configmaps/p`;
const dep = (): string => `/apis/apps/v1/namespaces/${pair.ns}/deployments/web`;

describe('patch', () => {
  it('JSON patch on a configmap', async () => {
    const body = JSON.stringify([{ op: 'replace', path: '/data/x', value: 'jp' }, { op: 'add', path: '/metadata/labels/b', value: '2' }]);
    const { real, demo } = await pair.both({ method: 'PATCH', path: cm(), headers: { 'Content-Type': 'application/json-patch+json' }, body });
    compare('json patch', real, demo);
  });

  it('JSON patch whose test op fails: 422', async () => {
    const body = JSON.stringify([{ op: 'test', path: '/data/x', value: 'nope' }]);
    const { real, demo } = await pair.both({ method: 'PATCH', path: cm(), headers: { 'Content-Type': 'application/json-patch+json' }, body });
    compare('json patch test failed', real, demo);
  });

  it('merge patch removing a key with null', async () => {
    const body = JSON.stringify({ data: { y: null, z: '3' } });
    const { real, demo } = await pair.both({ method: 'PATCH', path: cm(), headers: { 'Content-Type': 'application/merge-patch+json' }, body });
    compare('merge patch', real, demo);
  });

  it('merge patch of a missing object: 404', async () => {
    const { real, demo } = await pair.both({ method: 'PATCH', path: `${cm()}-missing`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"data":{"a":"b"}}' });
    compare('patch missing', real, demo);
  });

  it('apply without fieldManager: 422', async () => {
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'p' }, data: { x: 'applied' } });
    const { real, demo } = await pair.both({ method: 'PATCH', path: cm(), headers: { 'Content-Type': 'application/apply-patch+yaml' }, body });
    compare('apply without fieldManager', real, demo);
  });

  it('apply creates a missing configmap: 201 with an Apply managedFields entry', async () => {
    const body = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n';
    const { real, demo } = await pair.both({
      method: 'PATCH',
      path: `/api/v1/namespaces/${pair.ns}/configmaps/applied`,
      query: { fieldManager: 'conformance' },
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
      body,
    });
    compare('apply create', real, demo);
  });

  it('apply of a field another manager owns: 409 conflict', async () => {
    const body = JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 3 } });
    const { real, demo } = await pair.both({
      method: 'PATCH',
      path: dep(),
      query: { fieldManager: 'other' },
      headers: { 'Content-Type': 'application/apply-patch+yaml' },
      body,
    });
    compare('apply conflict', real, demo);
  });

});
