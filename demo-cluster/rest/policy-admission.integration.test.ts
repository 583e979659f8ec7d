// ValidatingAdmissionPolicies and MutatingAdmissionPolicies as the demo enforces them on the writes of the e2e
// conformance tests: deny with the dispatcher's 422, variables, namespace selectors, Warn-only bindings,
// failurePolicy on evaluation errors, params, and apply-configuration and JSON-patch mutations.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster();
const { api } = cluster;
const AR = '/apis/admissionregistration.k8s.io/v1';

const deployment = (name: string, replicas: number): Json => ({
  metadata: { name },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});
const deploymentRule = { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] };

async function namespace(name: string): Promise<string> {
  await api('/api/v1/namespaces', { method: 'POST', body: { metadata: { name, labels: { [name]: 'true' } } } });
  return `/apis/apps/v1/namespaces/${name}/deployments`;
}

async function create(path: string, body: Json): Promise<void> {
  const r = await api(path, { method: 'POST', body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

describe('ValidatingAdmissionPolicy', () => {
  it('denies with 422 and the message of the failed validation; variables; other namespaces are not matched', async () => {
    const deployments = await namespace('vap-a');
    const other = await namespace('vap-other');
    await create(`${AR}/validatingadmissionpolicies`, {
      metadata: { name: 'replicas.example.com' },
      spec: {
        matchConstraints: { namespaceSelector: { matchLabels: { 'vap-a': 'true' } }, resourceRules: [deploymentRule] },
        variables: [
          { name: 'replicas', expression: 'object.spec.replicas' },
          { name: 'odd', expression: 'variables.replicas % 2 == 1' },
        ],
        validations: [
          { expression: 'variables.replicas > 1', messageExpression: "'wants more than 1, got ' + string(object.spec.replicas)", message: 'wants more than 1' },
          { expression: 'variables.odd', reason: 'Forbidden' },
        ],
      },
    });
    const policy = await waitUntil(async () => (await api(`${AR}/validatingadmissionpolicies/replicas.example.com`)).body, { until: (p) => p.status?.observedGeneration === 1, what: 'status' });
    expect(policy.spec).toMatchObject({ failurePolicy: 'Fail', matchConstraints: { matchPolicy: 'Equivalent', objectSelector: {}, resourceRules: [{ ...deploymentRule, scope: '*' }] } });
    expect(policy.status).toEqual({ observedGeneration: 1, typeChecking: {} });
    // No binding, no enforcement.
    await create(deployments, deployment('unbound', 1));
    await create(`${AR}/validatingadmissionpolicybindings`, {
      metadata: { name: 'replicas-binding.example.com' },
      spec: { policyName: 'replicas.example.com', validationActions: ['Deny'], matchResources: { namespaceSelector: { matchLabels: { 'vap-a': 'true' } } } },
    });
    const denied = await api(deployments, { method: 'POST', body: deployment('one', 1) });
    const message = "ValidatingAdmissionPolicy 'replicas.example.com' with binding 'replicas-binding.example.com' denied request: wants more than 1, got 1";
    expect(denied.status).toBe(422);
    expect(denied.body).toMatchObject({
      reason: 'Invalid',
      message: `deployments.apps "one" is forbidden: ${message}`,
      details: { name: 'one', group: 'apps', kind: 'deployments', causes: [{ message }] },
    });
    const even = await api(deployments, { method: 'POST', body: deployment('two', 2) });
    expect([even.status, even.body.reason, even.body.message]).toEqual([
      403,
      'Forbidden',
      `deployments.apps "two" is forbidden: ValidatingAdmissionPolicy 'replicas.example.com' with binding 'replicas-binding.example.com' denied request: failed expression: variables.odd`,
    ]);
    await create(deployments, deployment('three', 3));
    await create(other, deployment('elsewhere', 1));
    // Updates are matched too.
    const scaledDown = await api(`${deployments}/three`, { method: 'PATCH', body: { spec: { replicas: 1 } }, contentType: 'application/merge-patch+json' });
    expect(scaledDown.status).toBe(422);
  });

  it('an evaluation error denies under failurePolicy Fail, is ignored under Ignore; Warn-only bindings admit', async () => {
    const deployments = await namespace('vap-b');
    const policy = (name: string, failurePolicy: string): Json => ({
      metadata: { name },
      spec: { failurePolicy, matchConstraints: { namespaceSelector: { matchLabels: { 'vap-b': 'true' } }, resourceRules: [deploymentRule] }, validations: [{ expression: 'object.spec.paused' }] },
    });
    await create(`${AR}/validatingadmissionpolicies`, policy('fail.example.com', 'Fail'));
    await create(`${AR}/validatingadmissionpolicybindings`, { metadata: { name: 'fail-binding' }, spec: { policyName: 'fail.example.com', validationActions: ['Deny'] } });
    const failed = await api(deployments, { method: 'POST', body: deployment('d', 1) });
    expect([failed.status, failed.body.message]).toEqual([
      422,
      `deployments.apps "d" is forbidden: ValidatingAdmissionPolicy 'fail.example.com' with binding 'fail-binding' denied request: expression 'object.spec.paused' resulted in error: no such key: paused`,
    ]);
    await api(`${AR}/validatingadmissionpolicies/fail.example.com`, { method: 'PATCH', body: { spec: { failurePolicy: 'Ignore' } }, contentType: 'application/merge-patch+json' });
    await create(deployments, deployment('d', 1));
    await create(`${AR}/validatingadmissionpolicies`, policy('warn.example.com', 'Fail'));
    await create(`${AR}/validatingadmissionpolicybindings`, { metadata: { name: 'warn-binding' }, spec: { policyName: 'warn.example.com', validationActions: ['Warn', 'Audit'] } });
    await create(deployments, deployment('e', 1));
  });

  it('params: a ConfigMap named by the binding; a missing one denies under parameterNotFoundAction Deny', async () => {
    const deployments = await namespace('vap-c');
    await create('/api/v1/namespaces/vap-c/configmaps', { metadata: { name: 'limits' }, data: { max: 'small' } });
    await create(`${AR}/validatingadmissionpolicies`, {
      metadata: { name: 'params.example.com' },
      spec: {
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        matchConstraints: { namespaceSelector: { matchLabels: { 'vap-c': 'true' } }, resourceRules: [deploymentRule] },
        validations: [{ expression: "params.data.max != 'small' || object.spec.replicas < 3", message: 'too many for small' }],
      },
    });
    await create(`${AR}/validatingadmissionpolicybindings`, {
      metadata: { name: 'params-binding' },
      spec: { policyName: 'params.example.com', validationActions: ['Deny'], paramRef: { name: 'limits', parameterNotFoundAction: 'Deny' } },
    });
    await create(deployments, deployment('small', 2));
    expect((await api(deployments, { method: 'POST', body: deployment('big', 3) })).body.message).toContain('denied request: too many for small');
    await api('/api/v1/namespaces/vap-c/configmaps/limits', { method: 'DELETE' });
    expect((await api(deployments, { method: 'POST', body: deployment('any', 1) })).body.message).toContain(
      'denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction',
    );
  });

  it('a binding without validationActions is invalid', async () => {
    const r = await api(`${AR}/validatingadmissionpolicybindings`, { method: 'POST', body: { metadata: { name: 'bad' }, spec: { policyName: 'p' } } });
    expect([r.status, r.body.message]).toEqual([
      422,
      'ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "bad" is invalid: spec.validationActions: Required value: at least one validation action is required',
    ]);
  });
});

describe('MutatingAdmissionPolicy', () => {
  it('merges apply configurations and applies JSON patches to the objects it matches', async () => {
    const deployments = await namespace('map-a');
    await create(`${AR}/mutatingadmissionpolicies`, {
      metadata: { name: 'mutate.example.com' },
      spec: {
        reinvocationPolicy: 'Never',
        matchConstraints: { namespaceSelector: { matchLabels: { 'map-a': 'true' } }, resourceRules: [deploymentRule] },
        matchConditions: [{ name: 'not-exempt', expression: "!has(object.metadata.labels) || !('exempt' in object.metadata.labels)" }],
        mutations: [
          { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{annotations: {"mutated-by": "admission-policy"}}}' } },
          { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: Object.spec{replicas: 1337}}' } },
          { patchType: 'JSONPatch', jsonPatch: { expression: '[JSONPatch{op: "add", path: "/spec/minReadySeconds", value: 5}]' } },
        ],
      },
    });
    await create(`${AR}/mutatingadmissionpolicybindings`, { metadata: { name: 'mutate-binding' }, spec: { policyName: 'mutate.example.com' } });
    const made = (await api(deployments, { method: 'POST', body: deployment('m', 1) })).body;
    expect([made.metadata.annotations['mutated-by'], made.spec.replicas, made.spec.minReadySeconds]).toEqual(['admission-policy', 1337, 5]);
    const exempt = (await api(deployments, { method: 'POST', body: { ...deployment('x', 1), metadata: { name: 'x', labels: { exempt: 'yes' } } } })).body;
    expect(exempt.spec.replicas).toBe(1);
  });

  it('a mutation of the spec alone keeps the metadata the request gave', async () => {
    const deployments = await namespace('map-b');
    await create(`${AR}/mutatingadmissionpolicies`, {
      metadata: { name: 'spec-only.example.com' },
      spec: {
        reinvocationPolicy: 'Never',
        matchConstraints: { namespaceSelector: { matchLabels: { 'map-b': 'true' } }, resourceRules: [deploymentRule] },
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: Object.spec{replicas: 7}}' } }],
      },
    });
    await create(`${AR}/mutatingadmissionpolicybindings`, { metadata: { name: 'spec-only-binding' }, spec: { policyName: 'spec-only.example.com' } });
    const made = (await api(deployments, { method: 'POST', body: deployment('kept', 1) })).body;
    expect([made.metadata.name, made.metadata.namespace, made.spec.replicas]).toEqual(['kept', 'map-b', 7]);
  });

  it('a mutation that fails to evaluate denies under failurePolicy Fail with the generic dispatcher\'s 403 Invalid', async () => {
    const deployments = await namespace('map-c');
    await create(`${AR}/mutatingadmissionpolicies`, {
      metadata: { name: 'broken.example.com' },
      spec: {
        reinvocationPolicy: 'Never',
        matchConstraints: { namespaceSelector: { matchLabels: { 'map-c': 'true' } }, resourceRules: [deploymentRule] },
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: Object.spec{replicas: object.spec.missing}}' } }],
      },
    });
    await create(`${AR}/mutatingadmissionpolicybindings`, { metadata: { name: 'broken-binding' }, spec: { policyName: 'broken.example.com' } });
    const refused = await api(deployments, { method: 'POST', body: deployment('b', 1) });
    const message = "policy 'broken.example.com' with binding 'broken-binding' denied request: expression 'Object{spec: Object.spec{replicas: object.spec.missing}}' resulted in error: no such key: missing";
    expect([refused.status, refused.body.reason, refused.body.message, refused.body.details]).toEqual([403, 'Invalid', message, { name: 'b', group: 'apps', kind: 'deployments', causes: [{ message }] }]);
  });
});
