import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { controllerRevisionsOf, currentRevision, hasControllerRevisions, undoToControllerRevision } from './controller-revisions';

const template = (image: string) => ({ metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image }] } });
const statefulSet: KubeObject = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'fx', uid: 'uid-db', resourceVersion: '9' }, spec: { replicas: 1, template: template('postgres:17') } };
const revision = (n: number, image: string, owner = 'uid-db'): KubeObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name: `db-${n}`, namespace: 'fx', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: owner, controller: true }] },
    revision: n,
    data: { spec: { template: { ...template(image), $patch: 'replace' } } },
  }) as KubeObject;

describe('ControllerRevision history', () => {
  it('lists the workload’s own revisions newest first, with their images, and finds the current one', () => {
    const entries = controllerRevisionsOf(statefulSet, [revision(1, 'postgres:16'), revision(2, 'postgres:17'), revision(1, 'redis:7', 'uid-other')]);
    expect(entries.map((e) => [e.revision, e.images])).toEqual([
      [2, ['postgres:17']],
      [1, ['postgres:16']],
    ]);
    expect(currentRevision(statefulSet, entries)).toBe(2);
    expect(hasControllerRevisions(statefulSet)).toBe(true);
    expect(hasControllerRevisions({ ...statefulSet, kind: 'Deployment' })).toBe(false);
  });

  it('undo puts the revision’s template back (no patch directive), previewed as a strategic merge patch', () => {
    const [, first] = controllerRevisionsOf(statefulSet, [revision(1, 'postgres:16'), revision(2, 'postgres:17')]);
    if (!first) throw new Error('no revision 1');
    const plan = undoToControllerRevision(statefulSet, '/apis/apps/v1/namespaces/fx/statefulsets/db', first);
    expect(plan.problem).toBeNull();
    expect(plan.change?.patchKind).toBe('strategic');
    expect((plan.change?.modified.spec as { template: unknown }).template).toEqual(template('postgres:16'));
    expect(plan.change?.title).toBe('Undo StatefulSet db to revision 1');
  });

  it('says it skips an undo to the template running now, as kubectl does', () => {
    const [current] = controllerRevisionsOf(statefulSet, [revision(2, 'postgres:17')]);
    if (!current) throw new Error('no revision 2');
    expect(undoToControllerRevision(statefulSet, '/x', current)).toEqual({ change: null, problem: 'skipped rollback (current template already matches revision 2)' });
  });
});
