// The revision history of StatefulSets and DaemonSets: a ControllerRevision per template, the rollback a strategic
// merge patch of an old revision's data makes (kubectl rollout undo), the history limit, ControllerRevision
// validation and Table, and kubectl rollout history/undo against it.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';
import { hashControllerRevision } from './revision-history.js';

const cluster = useCluster();
const { api } = cluster;
const { kubectl } = useKubectl(cluster, 'revision-controller');
const NS = '/apis/apps/v1/namespaces/demo';
const REVISIONS = `${NS}/controllerrevisions`;
const SMP = 'application/strategic-merge-patch+json';

const template = (app: string, image: string): Json => ({ metadata: { labels: { app } }, spec: { containers: [{ name: 'main', image }] } });
const statefulSet = (name: string, image: string, extra: Json = {}): Json => ({
  metadata: { name },
  spec: { serviceName: name, selector: { matchLabels: { app: name } }, template: template(name, image), ...extra },
});
const daemonSet = (name: string, image: string): Json => ({ metadata: { name }, spec: { selector: { matchLabels: { app: name } }, template: template(name, image) } });

/** `revision image` of a workload's revisions, by revision. */
async function history(owner: string): Promise<Json[]> {
  const items = (await api(`${REVISIONS}?labelSelector=app%3D${owner}`)).body.items as Json[];
  return items.sort((a, b) => a.revision - b.revision);
}
const images = (revisions: Json[]): string[] => revisions.map((r) => `${r.revision} ${r.data.spec.template.spec.containers[0].image as string}`);
const historyUntil = (owner: string, until: (r: Json[]) => boolean, what: string): Promise<Json[]> => waitUntil(() => history(owner), { until, what });
const setImage = (resource: string, name: string, image: string): Promise<unknown> =>
  api(`${NS}/${resource}/${name}`, { method: 'PATCH', contentType: SMP, body: { spec: { template: { spec: { containers: [{ name: 'main', image }] } } } } });

describe('StatefulSet revisions', () => {
  it('a new StatefulSet gets revision 1: the template as a $patch: replace patch, hash-named, owned, its status names it', async () => {
    const created = (await api(`${NS}/statefulsets`, { method: 'POST', body: statefulSet('db1', 'postgres:16') })).body;
    const [first, ...rest] = await historyUntil('db1', (r) => r.length === 1, 'revision 1');
    expect(rest).toEqual([]);
    const hash = hashControllerRevision(first?.data, 0);
    expect(first?.metadata.name).toBe(`db1-${hash}`);
    expect(first?.metadata.labels).toEqual({ app: 'db1', 'controller.kubernetes.io/hash': hash });
    expect(first?.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db1', uid: created.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(first?.revision).toBe(1);
    expect(Object.keys(first?.data)).toEqual(['spec']);
    expect(Object.keys(first?.data.spec)).toEqual(['template']);
    expect(first?.data.spec.template).toEqual({ $patch: 'replace', ...created.spec.template });
    // encoding/json's order: keys sorted at every level.
    expect(Object.keys(first?.data.spec.template)).toEqual(['$patch', 'metadata', 'spec']);
    const sts = await waitUntil(async () => (await api(`${NS}/statefulsets/db1`)).body, { until: (s) => s.status?.updateRevision !== undefined, what: 'status revisions' });
    expect(sts.status).toMatchObject({ currentRevision: first?.metadata.name, updateRevision: first?.metadata.name, collisionCount: 0 });
  });

  it('a new image makes revision 2; a status-only or replica change makes none', async () => {
    await api(`${NS}/statefulsets/db1`, { method: 'PATCH', contentType: SMP, body: { spec: { replicas: 3 } } });
    await setImage('statefulsets', 'db1', 'postgres:17');
    const revisions = await historyUntil('db1', (r) => r.length === 2, 'revision 2');
    expect(images(revisions)).toEqual(['1 postgres:16', '2 postgres:17']);
    const sts = await waitUntil(async () => (await api(`${NS}/statefulsets/db1`)).body, { until: (s) => s.status?.updateRevision === revisions[1]?.metadata.name, what: 'updateRevision 2' });
    expect(sts.status.currentRevision).toBe(revisions[1]?.metadata.name);
  });

  it('an undo (the old revision data as a strategic merge patch) renumbers that revision to 3 instead of copying it', async () => {
    const [first] = await history('db1');
    const patched = await api(`${NS}/statefulsets/db1`, { method: 'PATCH', contentType: SMP, body: first?.data });
    expect(patched.status).toBe(200);
    expect(patched.body.spec.template.spec.containers[0].image).toBe('postgres:16');
    const revisions = await historyUntil('db1', (r) => r.some((x) => x.revision === 3), 'revision 3');
    expect(images(revisions)).toEqual(['2 postgres:17', '3 postgres:16']);
    expect(revisions[1]?.metadata.name).toBe(first?.metadata.name);
  });

  it('keeps revisionHistoryLimit old revisions beside the current one, deleting the oldest', async () => {
    await api(`${NS}/statefulsets`, { method: 'POST', body: statefulSet('db2', 'postgres:1', { revisionHistoryLimit: 2 }) });
    await historyUntil('db2', (r) => r.length === 1, 'revision 1');
    for (const n of [2, 3, 4, 5]) {
      await setImage('statefulsets', 'db2', `postgres:${n}`);
      await historyUntil('db2', (r) => r.some((x) => x.revision === n), `revision ${n}`);
    }
    const revisions = await historyUntil('db2', (r) => r.length === 3, 'three revisions');
    expect(images(revisions)).toEqual(['3 postgres:3', '4 postgres:4', '5 postgres:5']);
  });

  it('a deleted StatefulSet takes its revisions with it (garbage collection)', async () => {
    await api(`${NS}/statefulsets/db2`, { method: 'DELETE' });
    await historyUntil('db2', (r) => r.length === 0, 'no revisions');
  });
});

describe('the seeded history', () => {
  // After the StatefulSet tests: the controller's first pass over the seeded objects ran before their revisions were made.
  it('StatefulSet shop/db and DaemonSet kube-system/kube-proxy start with two revisions, their pods on the second', async () => {
    for (const [path, owner, label, older, image] of [
      ['/apis/apps/v1/namespaces/shop', 'db', 'app=db', 'postgres:12', 'postgres:13'],
      ['/apis/apps/v1/namespaces/kube-system', 'kube-proxy', 'k8s-app=kube-proxy', 'registry.k8s.io/kube-proxy:v1.36.4', 'registry.k8s.io/kube-proxy:v1.37.2'],
    ] as const) {
      const revisions = ((await api(`${path}/controllerrevisions?labelSelector=${encodeURIComponent(label)}`)).body.items as Json[]).sort((a, b) => a.revision - b.revision);
      expect(images(revisions)).toEqual([`1 ${older}`, `2 ${image}`]);
      const hash = revisions[1]?.metadata.labels[owner === 'db' ? 'controller.kubernetes.io/hash' : 'controller-revision-hash'];
      const pods = (await api(`/api/v1/namespaces/${path.split('/').pop() ?? ''}/pods?labelSelector=${encodeURIComponent(label)}`)).body.items as Json[];
      expect(pods.length).toBeGreaterThan(0);
      for (const pod of pods) expect(pod.metadata.labels['controller-revision-hash']).toBe(owner === 'db' ? revisions[1]?.metadata.name : hash);
    }
    const db = (await api('/apis/apps/v1/namespaces/shop/statefulsets/db')).body;
    expect(db.status).toMatchObject({ currentRevision: expect.stringMatching(/^db-/), updateRevision: db.status.currentRevision, observedGeneration: 2 });
    expect(db.metadata.generation).toBe(2);
  });
});

describe('DaemonSet revisions', () => {
  it('revision 1 on create, 2 on a new image, labelled controller-revision-hash; an undo renumbers', async () => {
    await api(`${NS}/daemonsets`, { method: 'POST', body: daemonSet('agent', 'fluentd:1') });
    const [first] = await historyUntil('agent', (r) => r.length === 1, 'revision 1');
    const hash = hashControllerRevision(first?.data, undefined);
    expect(first?.metadata.name).toBe(`agent-${hash}`);
    expect(first?.metadata.labels).toEqual({ app: 'agent', 'controller-revision-hash': hash });
    expect(first?.metadata.ownerReferences[0]).toMatchObject({ kind: 'DaemonSet', name: 'agent', controller: true });
    await setImage('daemonsets', 'agent', 'fluentd:2');
    expect(images(await historyUntil('agent', (r) => r.length === 2, 'revision 2'))).toEqual(['1 fluentd:1', '2 fluentd:2']);
    await api(`${NS}/daemonsets/agent`, { method: 'PATCH', contentType: SMP, body: first?.data });
    expect(images(await historyUntil('agent', (r) => r.some((x) => x.revision === 3), 'revision 3'))).toEqual(['2 fluentd:2', '3 fluentd:1']);
  });
});

describe('ControllerRevision as an API type', () => {
  it('data is required and immutable; revision may change', async () => {
    const missing = await api(REVISIONS, { method: 'POST', body: { metadata: { name: 'r1' }, revision: 1 } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('ControllerRevision.apps "r1" is invalid: data: Required value: data is mandatory');
    const negative = await api(REVISIONS, { method: 'POST', body: { metadata: { name: 'r1' }, data: { a: 1 }, revision: -1 } });
    expect(negative.body.message).toBe('ControllerRevision.apps "r1" is invalid: revision: Invalid value: -1: must be greater than or equal to 0');
    expect((await api(REVISIONS, { method: 'POST', body: { metadata: { name: 'r1' }, data: { a: 1 }, revision: 1 } })).status).toBe(201);
    const changed = await api(`${REVISIONS}/r1`, { method: 'PATCH', contentType: 'application/merge-patch+json', body: { data: { a: 2 } } });
    expect(changed.status).toBe(422);
    expect(changed.body.details.causes).toEqual([{ reason: 'FieldValueInvalid', message: 'Invalid value: {"a":2}: field is immutable', field: 'data' }]);
    const renumbered = await api(`${REVISIONS}/r1`, { method: 'PATCH', contentType: 'application/merge-patch+json', body: { revision: 7 } });
    expect(renumbered.status).toBe(200);
    expect(renumbered.body.revision).toBe(7);
  });

  it('as a Table: NAME, CONTROLLER (kind.group/name), REVISION, AGE', async () => {
    const table = (await api(`${REVISIONS}?labelSelector=app%3Ddb1`, { headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).body;
    expect(table.columnDefinitions.map((c: Json) => c.name)).toEqual(['Name', 'Controller', 'Revision', 'Age']);
    const rows = (table.rows as Json[]).map((r) => r.cells.slice(0, 3)).sort((a, b) => a[2] - b[2]);
    expect(rows.map((c) => c.slice(1))).toEqual([
      ['statefulset.apps/db1', 2],
      ['statefulset.apps/db1', 3],
    ]);
    const revision = (await api(REVISIONS, { headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).body.rows.find((r: Json) => r.cells[0] === 'r1');
    expect(revision.cells[1]).toBe('<none>');
  });
});

describe('kubectl rollout', () => {
  it('history lists the revisions; undo --dry-run=server patches nothing; undo brings the old image back', async () => {
    const listed = await kubectl('rollout', 'history', 'statefulset/db1', '-n', 'demo');
    expect(listed.stderr).toBe('');
    expect(listed.stdout.split('\n').map((l) => l.trim()).filter(Boolean)).toEqual(['statefulset.apps/db1', 'REVISION  CHANGE-CAUSE', '2         <none>', '3         <none>']);
    const detail = await kubectl('rollout', 'history', 'statefulset/db1', '-n', 'demo', '--revision=2');
    expect(detail.stdout).toContain('postgres:17');
    const dry = await kubectl('rollout', 'undo', 'statefulset/db1', '-n', 'demo', '--dry-run=server');
    expect(dry.stderr).toBe('');
    expect(dry.stdout.trim()).toBe('statefulset.apps/db1 rolled back (server dry run)');
    expect((await api(`${NS}/statefulsets/db1`)).body.spec.template.spec.containers[0].image).toBe('postgres:16');
    const undo = await kubectl('rollout', 'undo', 'statefulset/db1', '-n', 'demo');
    expect(undo.stdout.trim()).toBe('statefulset.apps/db1 rolled back');
    expect(images(await historyUntil('db1', (r) => r.some((x) => x.revision === 4), 'revision 4'))).toEqual(['3 postgres:16', '4 postgres:17']);
  });

  it('the same for a DaemonSet', async () => {
    const listed = await kubectl('rollout', 'history', 'daemonset/agent', '-n', 'demo');
    expect(listed.stdout.split('\n').map((l) => l.trim()).filter(Boolean)).toEqual(['daemonset.apps/agent', 'REVISION  CHANGE-CAUSE', '2         <none>', '3         <none>']);
    const dry = await kubectl('rollout', 'undo', 'daemonset/agent', '-n', 'demo', '--dry-run=server');
    expect(dry.stdout.trim()).toBe('daemonset.apps/agent rolled back (server dry run)');
    expect((await api(`${NS}/daemonsets/agent`)).body.spec.template.spec.containers[0].image).toBe('fluentd:1');
  });
});
