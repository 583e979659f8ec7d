// ControllerRevisions: the history the StatefulSet and DaemonSet controllers write (create, a new image, an undo as
// kubectl rollout undo sends it, which renumbers the old revision), a StatefulSet's status revisions, and the type's
// validation and Table. No pods: replicas 0, and a DaemonSet whose nodeSelector matches no node.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { waitUntil } from '../../demo-cluster/testing/wait-until.js';
import { compare, compareValues, field, must, normalize, openPair, TABLE_ACCEPT } from './harness.js';
import type { Json, Pair, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-cr');
});
afterAll(async () => {
  await pair?.each(async (t) => {
    await must(t, { method: 'DELETE', path: `${apps('statefulsets')}/db` });
    await must(t, { method: 'DELETE', path: `${apps('daemonsets')}/agent` });
  });
  await pair?.close();
});

const apps = (resource: string): string => `/apis/apps/v1/namespaces/${pair.ns}/${resource}`;
const SMP = { 'Content-Type': 'application/strategic-merge-patch+json' };
const template = (app: string, image: string, nodeSelector?: Record<string, string>): Json => ({
  metadata: { labels: { app } },
  spec: { ...(nodeSelector ? { nodeSelector } : {}), containers: [{ name: 'main', image }] },
});

/** The revisions of `app`, by revision, once `until` holds (each server's controller at its own pace). */
async function revisions(t: Target, app: string, until: (items: Json[]) => boolean): Promise<Json[]> {
  const read = async (): Promise<Json[]> => {
    const items = (field((await must(t, { path: apps('controllerrevisions'), query: { labelSelector: `app=${app}` } })).body, 'items') as Json[] | undefined) ?? [];
    return [...items].sort((a, b) => Number(field(a, 'revision')) - Number(field(b, 'revision')));
  };
  return waitUntil(read, { until, what: `${t.name}: revisions of ${app}`, timeoutMs: 30_000 });
}

/** What the controller decides: name, labels, annotations, owner, data and number (managedFields name the owner's uid). */
function decided(items: Json[], maskHash = false): Json[] {
  return items.map((r) => {
    const meta = field(r, 'metadata');
    const labels = { ...((field(meta, 'labels') as Record<string, Json> | undefined) ?? {}) };
    if (maskHash && typeof labels['controller-revision-hash'] === 'string') labels['controller-revision-hash'] = '<hash>';
    const name = maskHash ? String(field(meta, 'name')).replace(/-[^-]+$/, '-<hash>') : field(meta, 'name');
    return normalize({ name: name ?? null, labels, annotations: field(meta, 'annotations') ?? null, ownerReferences: field(meta, 'ownerReferences') ?? null, data: field(r, 'data') ?? null, revision: field(r, 'revision') ?? null });
  });
}

const numbers = (want: number[]) => (items: Json[]): boolean => JSON.stringify(items.map((r) => field(r, 'revision'))) === JSON.stringify(want);

describe('StatefulSet history', () => {
  it('create, a new image, an undo: revisions 1, 2, then 1 renumbered as 3, named and labelled alike', async () => {
    const body = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' }, spec: { replicas: 0, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: template('db', 'postgres:16') } };
    const created = await pair.both({ method: 'POST', path: apps('statefulsets'), body });
    compare('create', created.real, created.demo);
    const first = await pair.each((t) => revisions(t, 'db', numbers([1])));
    compareValues('revision 1', decided(first.real), decided(first.demo));

    await pair.each((t) => must(t, { method: 'PATCH', path: `${apps('statefulsets')}/db`, headers: SMP, body: { spec: { template: { spec: { containers: [{ name: 'main', image: 'postgres:17' }] } } } } }));
    const second = await pair.each((t) => revisions(t, 'db', numbers([1, 2])));
    compareValues('revision 2', decided(second.real), decided(second.demo));

    await pair.each(async (t) => {
      const [old] = await revisions(t, 'db', numbers([1, 2]));
      await must(t, { method: 'PATCH', path: `${apps('statefulsets')}/db`, headers: SMP, body: field(old, 'data') });
    });
    const undone = await pair.each((t) => revisions(t, 'db', numbers([2, 3])));
    compareValues('after the undo', decided(undone.real), decided(undone.demo));

    const status = await pair.each(async (t) => {
      const sts = await waitUntil(async () => (await must(t, { path: `${apps('statefulsets')}/db` })).body, { until: (s) => field(s, 'status', 'updateRevision') === field(undone[t.name === 'real' ? 'real' : 'demo'][1], 'metadata', 'name'), what: `${t.name}: updateRevision`, timeoutMs: 30_000 });
      return { currentRevision: field(sts, 'status', 'currentRevision') ?? null, updateRevision: field(sts, 'status', 'updateRevision') ?? null, collisionCount: field(sts, 'status', 'collisionCount') ?? null };
    });
    compareValues('status revisions', status.real, status.demo);
  });

  it('as a Table', async () => {
    const { real, demo } = await pair.both({ path: apps('controllerrevisions'), query: { labelSelector: 'app=db' }, headers: { Accept: TABLE_ACCEPT } });
    const rows = (r: Json): Json => ({ columns: field(r, 'columnDefinitions') ?? null, cells: ((field(normalize(r), 'rows') as Json[] | undefined) ?? []).map((row) => field(row, 'cells') ?? null).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) });
    compareValues('Table', rows(real.body), rows(demo.body));
  });
});

describe('DaemonSet history', () => {
  it('create, a new image, an undo: the same data, labels and numbers (the hash in names is the controller own)', async () => {
    const nowhere = { 'kubeglass.example/unschedulable': 'true' };
    const body = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'agent' } }, template: template('agent', 'fluentd:1', nowhere) } };
    await pair.each((t) => must(t, { method: 'POST', path: apps('daemonsets'), body }));
    await pair.each((t) => revisions(t, 'agent', numbers([1])));
    await pair.each((t) => must(t, { method: 'PATCH', path: `${apps('daemonsets')}/agent`, headers: SMP, body: { spec: { template: { spec: { containers: [{ name: 'main', image: 'fluentd:2' }] } } } } }));
    await pair.each(async (t) => {
      const [old] = await revisions(t, 'agent', numbers([1, 2]));
      await must(t, { method: 'PATCH', path: `${apps('daemonsets')}/agent`, headers: SMP, body: field(old, 'data') });
    });
    const undone = await pair.each((t) => revisions(t, 'agent', numbers([2, 3])));
    compareValues('after the undo', decided(undone.real, true), decided(undone.demo, true));
  });
});

describe('ControllerRevision validation', () => {
  it('data is required, revision not negative, data immutable', async () => {
    const path = apps('controllerrevisions');
    const missing = await pair.both({ method: 'POST', path, body: { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r1' }, revision: 1 } });
    compare('no data', missing.real, missing.demo);
    const negative = await pair.both({ method: 'POST', path, body: { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r1' }, data: { a: 1 }, revision: -1 } });
    compare('negative revision', negative.real, negative.demo);
    const created = await pair.both({ method: 'POST', path, body: { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r1' }, data: { a: 1 }, revision: 1 } });
    compare('create', created.real, created.demo);
    const changed = await pair.both({ method: 'PATCH', path: `${path}/r1`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: { data: { a: 2 } } });
    compare('data changed', changed.real, changed.demo);
    const renumbered = await pair.both({ method: 'PATCH', path: `${path}/r1`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: { revision: 5 } });
    compare('revision changed', renumbered.real, renumbered.demo);
  });
});
