// The developer identity: edit (which aggregates view) in one namespace, nothing elsewhere, answered like
// kube-apiserver 1.37.2.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import type { KubeObject } from '../resources/types.js';
import { ruleSet, withoutMetricsServer } from '../testing/rules-review.js';
import { rulesReview } from './access-review.js';
import { allowedReason, authorize, type User } from './auth.js';
import { BASIC_USER } from './bootstrap-roles.js';

const RECORDED_RULES = resolve(dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/k8s-1.37.2/rbac/selfsubjectrulesreview-developer-fx.json');
const developer: User = { name: 'developer', groups: ['system:authenticated'] };
const ns = DEMO_DEVELOPER_NAMESPACE;
const rulesRequest = (namespace: string): KubeObject => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', metadata: {}, spec: { namespace } }) as unknown as KubeObject;

describe('developer', () => {
  it('edits and reads in its namespace, including Secrets and /scale', () => {
    for (const attrs of [
      { verb: 'update', group: '', resource: 'configmaps', namespace: ns, name: 'x' },
      { verb: 'create', group: 'apps', resource: 'deployments', namespace: ns },
      { verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: ns, name: 'web' },
      { verb: 'delete', group: '', resource: 'pods', namespace: ns, name: 'p' },
      { verb: 'get', group: '', resource: 'secrets', namespace: ns, name: 's' },
      { verb: 'get', group: '', resource: 'pods', subresource: 'log', namespace: ns, name: 'p' },
    ]) {
      expect(authorize(developer, attrs), JSON.stringify(attrs)).toBeUndefined();
    }
  });

  it('a review names the RoleBinding that grants the request, as RBAC words it', () => {
    const by = (binding: string, role: string): string => `RBAC: allowed by RoleBinding "${binding}/${ns}" of ClusterRole "${role}" to User "developer"`;
    expect(allowedReason(developer, { verb: 'update', group: '', resource: 'configmaps', namespace: ns })).toBe(by('kubeglass-developer-edit', 'edit'));
    expect(allowedReason(developer, { verb: 'get', group: '', resource: 'secrets', namespace: ns })).toBe(by('kubeglass-developer-edit', 'edit'));
    expect(allowedReason(developer, { verb: 'list', group: '', resource: 'pods', namespace: ns })).toBe(by('kubeglass-developer-edit', 'edit'));
    expect(allowedReason(developer, { verb: 'list', group: '', resource: 'pods', namespace: 'demo' })).toBeUndefined();
  });

  it('may not change RBAC there, nor anything elsewhere or cluster-wide', () => {
    for (const attrs of [
      { verb: 'create', group: 'rbac.authorization.k8s.io', resource: 'rolebindings', namespace: ns },
      { verb: 'get', group: '', resource: 'configmaps', namespace: 'demo', name: 'x' },
      { verb: 'list', group: '', resource: 'pods', namespace: '' },
      { verb: 'list', group: '', resource: 'namespaces' },
      { verb: 'get', group: '', resource: 'nodes', name: 'n' },
    ]) {
      expect(authorize(developer, attrs)?.status.message, JSON.stringify(attrs)).toMatch(/ is forbidden: User "developer" cannot /);
    }
  });

  it('SelfSubjectRulesReview lists the same rules as 1.37.2 with edit bound', () => {
    type Review = { status: { resourceRules: unknown[]; nonResourceRules: unknown[]; incomplete: boolean } };
    const recorded = JSON.parse(readFileSync(RECORDED_RULES, 'utf8')) as Review;
    const answer = rulesReview(developer, rulesRequest(ns)) as unknown as typeof recorded;
    // The recording cluster runs no metrics-server, whose reader role the demo's edit aggregates.
    expect(ruleSet(withoutMetricsServer(answer.status.resourceRules))).toEqual(ruleSet(recorded.status.resourceRules));
    expect(ruleSet(answer.status.nonResourceRules)).toEqual(ruleSet(recorded.status.nonResourceRules));
    expect(answer.status.incomplete).toBe(false);
    const elsewhere = rulesReview(developer, rulesRequest('demo')) as unknown as typeof recorded;
    expect(elsewhere.status.resourceRules).toEqual(BASIC_USER);
    expect(ruleSet(answer.status.resourceRules)).toEqual(expect.arrayContaining(ruleSet(BASIC_USER)));
  });
});
