// Writes: create, generateName, update, delete answers and dryRun, object for object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, compareValues, field, must, normalize, openPair, send, str } from './harness.js';
import type { Pair } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-wr');
});
afterAll(async () => {
  await pair?.close();
});

const cms = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;

describe('writes', () => {
  it('POST a configmap: 201 and the stored object', async () => {
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'created', labels: { a: 'b' }, annotations: { note: 'x' } }, data: { k: 'v' } };
    const { real, demo } = await pair.both({ method: 'POST', path: cms(), body });
    compare('create', real, demo);
    const got = await pair.both({ path: `${cms()}/created` });
    compare('get after create', got.real, got.demo);
  });

  it('POST with generateName: 201 and a generated name', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: cms(), body: { metadata: { generateName: 'gen-' }, data: { k: 'v' } } });
    compare('generateName', real, demo);
    expect(str(field(demo.body, 'metadata', 'name'))).toMatch(/^gen-[a-z0-9]{5}$/);
  });

  it('PUT: 200 and the new object', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const got = await must(t, { path: `${cms()}/created` });
      const obj = structuredClone(got.body);
      return send(t, { method: 'PUT', path: `${cms()}/created`, body: { ...(obj as object), data: { k: 'v2', extra: 'e' } } });
    });
    compare('update', real, demo);
  });

  it('PUT without resourceVersion: unconditional for configmaps', async () => {
    const { real, demo } = await pair.both({ method: 'PUT', path: `${cms()}/created`, body: { metadata: { name: 'created' }, data: { k: 'v3' } } });
    compare('update without rv', real, demo);
  });

  it('PUT of a missing configmap: 404', async () => {
    const { real, demo } = await pair.both({ method: 'PUT', path: `${cms()}/nothere`, body: { metadata: { name: 'nothere' }, data: {} } });
    compare('update missing', real, demo);
  });

  it('PUT with a name that differs from the URL: 400', async () => {
    const { real, demo } = await pair.both({ method: 'PUT', path: `${cms()}/created`, body: { metadata: { name: 'other' } } });
    compare('name mismatch', real, demo);
  });

  it('dryRun=All create: the object without resourceVersion, nothing stored', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: cms(), query: { dryRun: 'All' }, body: { metadata: { name: 'dry' }, data: { a: 'b' } } });
    compare('dry-run create', real, demo);
    expect(field(real.body, 'metadata', 'resourceVersion')).toBeUndefined();
    const after = await pair.both({ path: `${cms()}/dry` });
    compare('dry-run create left nothing', after.real, after.demo);
  });

  it('dryRun=All delete: the Status, and the object stays', async () => {
    const { real, demo } = await pair.both({ method: 'DELETE', path: `${cms()}/created`, query: { dryRun: 'All' } });
    compare('dry-run delete', real, demo);
    const after = await pair.both({ path: `${cms()}/created` });
    compare('dry-run delete left the object', after.real, after.demo);
    expect(after.real.status).toBe(200);
  });

  it('DELETE a configmap: Status Success with details', async () => {
    const { real, demo } = await pair.both({ method: 'DELETE', path: `${cms()}/created` });
    compare('delete configmap', real, demo);
    const again = await pair.both({ method: 'DELETE', path: `${cms()}/created` });
    compare('delete again: 404', again.real, again.demo);
  });

  it('POST a pod: defaults as the apiserver applies them', async () => {
    const body = { metadata: { name: 'pod1', labels: { app: 'p' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } };
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/pods`, body });
    compare('create pod', real, demo);
  });

  it('DELETE an unscheduled pod: the object', async () => {
    // No scheduler by that name runs on either server: the pod stays unbound, and goes at once with grace 0.
    const body = { metadata: { name: 'unbound' }, spec: { schedulerName: 'kubeglass-unscheduled', containers: [{ name: 'c', image: 'nginx:1.25' }] } };
    const { real, demo } = await pair.each(async (t) => {
      await must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/pods`, body });
      return send(t, { method: 'DELETE', path: `/api/v1/namespaces/${pair.ns}/pods/unbound` });
    });
    compare('delete pod', real, demo);
  });

  it('DELETE with a stale resourceVersion precondition: 409', async () => {
    const { real, demo } = await pair.each(async (t) => {
      await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'pre' } } });
      return send(t, { method: 'DELETE', path: `${cms()}/pre`, body: { preconditions: { resourceVersion: '1' } } });
    });
    compare('delete precondition rv', real, demo);
  });

  it('deletecollection with a label selector: the deleted items as a list', async () => {
    const { real, demo } = await pair.each(async (t) => {
      for (const n of ['dc1', 'dc2']) await must(t, { method: 'POST', path: cms(), body: { metadata: { name: n, labels: { batch: 'dc' } } } });
      return send(t, { method: 'DELETE', path: cms(), query: { labelSelector: 'batch=dc' } });
    });
    compare('deletecollection', real, demo);
    const left = await pair.both({ path: cms(), query: { labelSelector: 'batch=dc' } });
    compareValues('deletecollection left nothing', normalize(left.real.body), normalize(left.demo.body));
  });

  it('POST a Deployment: apps defaults and generation', async () => {
    const body = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] } } },
    };
    const { real, demo } = await pair.both({ method: 'POST', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`, body });
    compare('create deployment', real, demo);
  });
});
