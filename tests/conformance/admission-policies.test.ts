// admissionregistration.k8s.io/v1 as served: a ValidatingAdmissionPolicy and its binding as stored (defaults,
// status, once type checked), as a Table, the denial of a Deployment it refuses, and a MutatingAdmissionPolicy's mutation. The real
// server enforces a new policy once its informers have it: each side is polled until it does.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { waitUntil } from '../../demo-cluster/testing/wait-until.js';
import { TABLE_ACCEPT, compare, compareValues, field, must, openPair, send } from './harness.js';
import type { Json, Pair, Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-ap');
  await pair.each((t) => must(t, { method: 'PATCH', path: `/api/v1/namespaces/${pair.ns}`, headers: { 'Content-Type': 'application/merge-patch+json' }, body: { metadata: { labels: { [pair.ns]: 'true' } } } }));
});
afterAll(async () => {
  if (!pair) return;
  await pair.each(async (t) => {
    for (const r of ['validatingadmissionpolicybindings', 'validatingadmissionpolicies', 'mutatingadmissionpolicybindings', 'mutatingadmissionpolicies']) {
      await send(t, { method: 'DELETE', path: `${AR}/${r}?labelSelector=${encodeURIComponent(`kgc=${pair.ns}`)}` });
    }
  });
  await pair.close();
});

const AR = '/apis/admissionregistration.k8s.io/v1';
const deployments = (): string => `/apis/apps/v1/namespaces/${pair.ns}/deployments`;
const rule = { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'] };
const deployment = (name: string, replicas: number): Json => ({
  metadata: { name },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } } },
});

describe('ValidatingAdmissionPolicy', () => {
  it('the policy and binding as created, the policy as a Table', async () => {
    const labels = { kgc: pair.ns };
    const policy = await pair.both({
      method: 'POST',
      path: `${AR}/validatingadmissionpolicies`,
      body: {
        metadata: { name: `${pair.ns}.policy.example.com`, labels },
        spec: {
          matchConstraints: { namespaceSelector: { matchLabels: { [pair.ns]: 'true' } }, resourceRules: [rule] },
          variables: [{ name: 'replicas', expression: 'object.spec.replicas' }],
          validations: [{ expression: 'variables.replicas > 1', messageExpression: "'wants replicas > 1, got ' + string(object.spec.replicas)" }],
        },
      },
    });
    compare('create policy', policy.real, policy.demo);
    const binding = await pair.both({
      method: 'POST',
      path: `${AR}/validatingadmissionpolicybindings`,
      body: { metadata: { name: `${pair.ns}.binding.example.com`, labels }, spec: { policyName: `${pair.ns}.policy.example.com`, validationActions: ['Deny'], matchResources: { namespaceSelector: { matchLabels: { [pair.ns]: 'true' } } } } },
    });
    compare('create binding', binding.real, binding.demo);
    const checked = await pair.each(async (t) => {
      const p = await waitUntil(async () => (await must(t, { path: `${AR}/validatingadmissionpolicies/${pair.ns}.policy.example.com` })).body, {
        until: (b) => field(b, 'status', 'observedGeneration') === 1,
        what: `${t.name}: the policy's status`,
        timeoutMs: 20_000,
      });
      return field(p, 'status') ?? null;
    });
    compareValues('status once type checked', checked.real, checked.demo);
    const table = await pair.both({ path: `${AR}/validatingadmissionpolicies/${pair.ns}.policy.example.com`, headers: { Accept: TABLE_ACCEPT } });
    compare('policy Table', table.real, table.demo);
  });

  it('a Deployment the policy refuses: 422 with the dispatcher message', async () => {
    const denied = async (t: Target): Promise<Json> => {
      const attempt = async (): Promise<Awaited<ReturnType<typeof send>>> => {
        const r = await send(t, { method: 'POST', path: deployments(), body: deployment('marker', 1) });
        if (r.status === 201) await must(t, { method: 'DELETE', path: `${deployments()}/marker` });
        return r;
      };
      const r = await waitUntil(attempt, { until: (x) => x.status === 422, what: `${t.name}: the policy enforced`, timeoutMs: 20_000 });
      return r.body;
    };
    const bodies = await pair.each(denied);
    compareValues('denial', bodies.real, bodies.demo);
    await pair.each((t) => must(t, { method: 'POST', path: deployments(), body: deployment('replicated', 2) }));
  });
});

describe('MutatingAdmissionPolicy', () => {
  it('an apply configuration sets what it names on the Deployments it matches', async () => {
    const labels = { kgc: pair.ns };
    await pair.each(async (t) => {
      await must(t, {
        method: 'POST',
        path: `${AR}/mutatingadmissionpolicies`,
        body: {
          metadata: { name: `${pair.ns}.mutate.example.com`, labels },
          spec: {
            reinvocationPolicy: 'Never',
            matchConstraints: { namespaceSelector: { matchLabels: { [pair.ns]: 'true' } }, resourceRules: [rule] },
            mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{annotations: {"mutated-by": "admission-policy"}}, spec: Object.spec{replicas: 3}}' } }],
          },
        },
      });
      await must(t, { method: 'POST', path: `${AR}/mutatingadmissionpolicybindings`, body: { metadata: { name: `${pair.ns}.mutate-binding.example.com`, labels }, spec: { policyName: `${pair.ns}.mutate.example.com` } } });
    });
    let n = 0;
    const mutated = await pair.each(async (t) => {
      const made = await waitUntil(
        async () => {
          const name = `m-${t.name}-${n++}`;
          return (await must(t, { method: 'POST', path: deployments(), body: deployment(name, 3) })).body;
        },
        { until: (d) => field(d, 'metadata', 'annotations', 'mutated-by') === 'admission-policy', what: `${t.name}: the mutation`, timeoutMs: 20_000 },
      );
      return [field(made, 'metadata', 'annotations', 'mutated-by') ?? null, field(made, 'spec', 'replicas') ?? null];
    });
    compareValues('mutated', mutated.real, mutated.demo);
  });
});
