// fieldValidation=Ignore|Warn|Strict on POST/PUT/PATCH over HTTP, and kubectl's use of it.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { useKubectl } from '../testing/kubectl-harness.js';

const cluster = useCluster();
const { api } = cluster;

const NS = '/api/v1/namespaces/default';
const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const deployment = (name: string, extra: Json = {}): Json => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    foo: 1,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx', bogus: true }] } },
    ...extra,
  },
});

describe('fieldValidation on POST/PUT', () => {
  it('Strict: 400 naming every unknown field, nothing stored', async () => {
    const res = await api(`${DEPLOY}?fieldValidation=Strict`, { method: 'POST', body: deployment('strict') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      code: 400,
      message: 'Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.foo", unknown field "spec.template.spec.containers[0].bogus"',
    });
    expect((await api(`${DEPLOY}/strict`)).status).toBe(404);
  });

  it('Warn (the default): a Warning per field, fields dropped', async () => {
    const res = await api(DEPLOY, { method: 'POST', body: deployment('warn') });
    expect(res.status).toBe(201);
    expect(res.warnings).toBe('299 - "unknown field \\"spec.foo\\"", 299 - "unknown field \\"spec.template.spec.containers[0].bogus\\""');
    expect(res.body.spec.foo).toBeUndefined();
    expect(res.body.spec.template.spec.containers[0].bogus).toBeUndefined();
    expect(res.body.spec.template.spec.containers[0].image).toBe('nginx');
  });

  it('Ignore: dropped silently', async () => {
    const res = await api(`${NS}/configmaps?fieldValidation=Ignore`, { method: 'POST', body: { metadata: { name: 'ign', extra: 'x' }, data: { a: '1' }, junk: 1 } });
    expect(res.status).toBe(201);
    expect(res.warnings).toBeNull();
    expect(res.body.junk).toBeUndefined();
    expect(res.body.metadata.extra).toBeUndefined();
    expect(res.body.data).toEqual({ a: '1' });
  });

  it('known fields and map values (labels, data) pass without warnings', async () => {
    const res = await api(`${NS}/configmaps?fieldValidation=Strict`, { method: 'POST', body: { metadata: { name: 'clean', labels: { any: 'key' } }, data: { whatever: 'x' } } });
    expect(res.status).toBe(201);
    expect(res.warnings).toBeNull();
  });

  it('PUT Strict: 400', async () => {
    const got = await api(`${NS}/configmaps/clean`);
    const res = await api(`${NS}/configmaps/clean?fieldValidation=Strict`, { method: 'PUT', body: { ...got.body, nope: true } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "nope"');
  });

  it('an unsupported directive: 422 on the options kind', async () => {
    const res = await api(`${NS}/configmaps?fieldValidation=Loose`, { method: 'POST', body: { metadata: { name: 'loose' } } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('CreateOptions.meta.k8s.io "" is invalid: fieldValidation: Unsupported value: "Loose": supported values: "", "Ignore", "Strict", "Warn"');
  });
});

describe('fieldValidation on PATCH', () => {
  it('merge patch Strict: 422 patch Invalid value with the strict decoding error', async () => {
    const res = await api(`${NS}/configmaps/clean?fieldValidation=Strict`, { method: 'PATCH', contentType: 'application/merge-patch+json', body: { spec: { x: 1 } } });
    expect(res.status).toBe(422);
    expect(res.body.reason).toBe('Invalid');
    expect(res.body.message).toMatch(/^ "" is invalid: patch: Invalid value: ".*": strict decoding error: unknown field "spec"$/);
    expect(res.body.details).toEqual({ causes: [expect.objectContaining({ reason: 'FieldValueInvalid', field: 'patch' })] });
  });

  it('strategic merge patch Warn: warning and dropped', async () => {
    const res = await api(`${DEPLOY}/warn`, { method: 'PATCH', contentType: 'application/strategic-merge-patch+json', body: { spec: { template: { spec: { containers: [{ name: 'c', oops: 1 }] } } } } });
    expect(res.status).toBe(200);
    expect(res.warnings).toBe('299 - "unknown field \\"spec.template.spec.containers[0].oops\\""');
    expect(res.body.spec.template.spec.containers[0].oops).toBeUndefined();
  });

  it('server-side apply: an undeclared field fails whatever the directive', async () => {
    const body = JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'warn' }, spec: { template: { spec: { containers: [{ name: 'c', oops: 1 }] } } } });
    for (const fv of ['Strict', 'Ignore']) {
      const res = await api(`${DEPLOY}/warn?fieldManager=t&fieldValidation=${fv}`, { method: 'PATCH', contentType: 'application/apply-patch+yaml', body });
      expect(res.status).toBe(500);
      // 1.37 gives no reason, and names the applied configuration, which carries no namespace.
      expect(res.body.reason).toBeUndefined();
      expect(res.body.message).toBe('failed to create typed patch object (/warn; apps/v1, Kind=Deployment): .spec.template.spec.containers[name="c"].oops: field not declared in schema');
    }
  });
});

describe('kubectl and fieldValidation', () => {
  const { kubectl, path } = useKubectl(cluster, 'fv', { 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kfv\n  namespace: default\ndata:\n  a: "1"\nspec:\n  foo: 1\n' });

  it('apply --server-side with an unknown field fails', async () => {
    const { code, stderr } = await kubectl('apply', '--server-side', '-f', path('cm.yaml'));
    expect(code).not.toBe(0);
    expect(stderr).toContain('.spec: field not declared in schema');
  });

  it('create --validate=warn warns and creates', async () => {
    const { code, stdout, stderr } = await kubectl('create', '--validate=warn', '-f', path('cm.yaml'));
    expect(code).toBe(0);
    expect(stderr).toContain('Warning: unknown field "spec"');
    expect(stdout).toContain('configmap/kfv created');
  });

  it('create --validate=strict fails with the strict decoding error', async () => {
    const { code, stderr } = await kubectl('create', '--validate=strict', '-f', path('cm.yaml'));
    expect(code).not.toBe(0);
    expect(stderr).toContain('strict decoding error: unknown field "spec"');
  });
});
