import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { buildJsonPatch, type JsonObject } from '../../k8s/patch';
import { isControlledBy, revisionOf, undoChange, REVISION, CHANGE_CAUSE } from './rollout-history';

const PATH = '/apis/apps/v1/namespaces/demo/deployments/web';

function template(image: string, hash?: string): Record<string, unknown> {
  return { metadata: { labels: { app: 'web', ...(hash ? { 'pod-template-hash': hash } : {}) } }, spec: { containers: [{ name: 'web', image }] } };
}

function deployment(image: string, extra: Record<string, unknown> = {}): KubeObject {
  return {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name: 'web', namespace: 'demo', uid: 'd-1', resourceVersion: '9', annotations: { [REVISION]: '2', 'kubectl.kubernetes.io/last-applied-configuration': '{}', [CHANGE_CAUSE]: 'set image 1.20', note: 'x' } },
    spec: { replicas: 2, template: template(image), ...extra },
  };
}

function replicaSet(revision: string, image: string, annotations: Record<string, string> = {}): KubeObject {
  return {
    kind: 'ReplicaSet',
    apiVersion: 'apps/v1',
    metadata: { name: `web-${revision}`, namespace: 'demo', annotations: { [REVISION]: revision, 'deployment.kubernetes.io/desired-replicas': '2', ...annotations }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-1', controller: true }] },
    spec: { replicas: 0, template: template(image, 'abc123') },
  };
}

describe('undoChange', () => {
  it("replaces spec.template with the revision's template minus pod-template-hash, as kubectl rollout undo does", () => {
    const live = deployment('nginx:1.20');
    const plan = undoChange(live, PATH, replicaSet('1', 'nginx:1.19', { [CHANGE_CAUSE]: 'create' }));
    expect(plan.problem).toBeNull();
    const change = plan.change;
    if (!change) throw new Error('no change');
    expect(change).toMatchObject({ apiPath: PATH, original: live, title: 'Undo Deployment web to revision 1', patchKind: 'json' });
    expect((change.modified.spec as { template: unknown }).template).toEqual(template('nginx:1.19'));
    // Skipped annotations stay the Deployment's; the others become the ReplicaSet's (its change-cause, not "note").
    expect(change.modified.metadata.annotations).toEqual({ [REVISION]: '2', 'kubectl.kubernetes.io/last-applied-configuration': '{}', [CHANGE_CAUSE]: 'create' });
    const ops = buildJsonPatch(live as JsonObject, change.modified as JsonObject);
    expect(ops.some((op) => op.path.startsWith('/spec/template') && JSON.stringify(op).includes('nginx:1.19'))).toBe(true);
    expect(ops.some((op) => op.path.startsWith('/spec/replicas'))).toBe(false);
  });

  it('refuses a paused Deployment with kubectl’s words', () => {
    const plan = undoChange(deployment('nginx:1.20', { paused: true }), PATH, replicaSet('1', 'nginx:1.19'));
    expect(plan).toEqual({ change: null, problem: "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume deployment/web' and try again" });
  });

  it('skips a revision whose template is the current one', () => {
    const plan = undoChange(deployment('nginx:1.19'), PATH, replicaSet('1', 'nginx:1.19'));
    expect(plan).toEqual({ change: null, problem: 'skipped rollback (current template already matches revision 1)' });
  });
});

describe('revisionOf / isControlledBy', () => {
  it('reads whole revision numbers only', () => {
    expect(revisionOf({ annotations: { [REVISION]: '12' } })).toBe(12);
    expect(revisionOf({ annotations: { [REVISION]: 'x' } })).toBeNull();
    expect(revisionOf({})).toBeNull();
  });

  it('matches the controller owner by uid', () => {
    expect(isControlledBy([{ uid: 'd-1', controller: true }], 'd-1')).toBe(true);
    expect(isControlledBy([{ uid: 'd-1' }], 'd-1')).toBe(false);
    expect(isControlledBy([{ uid: 'd-2', controller: true }], 'd-1')).toBe(false);
    expect(isControlledBy(undefined, 'd-1')).toBe(false);
  });
});
