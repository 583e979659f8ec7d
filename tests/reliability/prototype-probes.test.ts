// Keys such as __proto__ sent through the kubeglass proxy to the demo cluster as the least-privileged demo context:
// they must stay data (stored where Kubernetes stores them, refused or pruned as unknown fields elsewhere) and
// never reach a prototype, where an inherited `exec` would make client-node run a command for every context.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { startKubeglass, type RunningKubeglass } from '../../server/cli.js';
import { request, type SimpleResponse } from '../../server/testing/fake-upstream.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import { blockedSoftly as blocked } from './probe-report.js';
import { prototypeChanges, restorePrototypes, snapshotPrototypes, type PrototypeSnapshot } from './prototypes.js';

const CATEGORY = 'prototype pollution';
const CONFIGMAPS = `/api/v1/namespaces/${DEMO_DEVELOPER_NAMESPACE}/configmaps`;

let kubeglass: RunningKubeglass;
let snapshot: PrototypeSnapshot;
const scratch = mkdtempSync(join(tmpdir(), 'kubeglass-proto-probe-'));

beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-proto-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kubeglass</title>');
  kubeglass = await startKubeglass({
    port: 0,
    kubeconfig: false,
    staticDir: web,
    demo: { start: startDemoCluster, options: { activityIntervalMs: 0 } },
    log: () => undefined,
  });
});

afterAll(async () => {
  await kubeglass?.close();
});

afterEach(() => {
  // A probe that polluted a prototype has failed already; the next one starts clean.
  restorePrototypes(snapshot);
});

/** A request through kubeglass to a context, as the SPA sends it. */
function api(context: string, path: string, method = 'GET', body?: unknown, contentType = 'application/json'): Promise<SimpleResponse> {
  const headers: Record<string, string> = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  if (body !== undefined) headers['Content-Type'] = contentType;
  return request(`${kubeglass.url}/k8s/${context}${path}`, { method, headers, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
}

async function createConfigMap(name: string, data: Record<string, string> = { a: '1' }): Promise<void> {
  const res = await api('demo-developer', CONFIGMAPS, 'POST', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
  expect(res.status, res.body).toBe(201);
}

/** The ConfigMap's data as stored, with own keys only (an own "__proto__" is data; an inherited one is not). */
async function storedData(name: string): Promise<Record<string, unknown>> {
  const res = await api('demo-developer', `${CONFIGMAPS}/${name}`);
  expect(res.status, res.body).toBe(200);
  return (JSON.parse(res.body) as { data?: Record<string, unknown> }).data ?? {};
}

const hasOwnValue = (data: Record<string, unknown>, key: string, value: string): boolean => Object.hasOwn(data, key) && data[key] === value;

describe('prototype pollution probes', () => {
  it('a JSON patch that adds /__proto__/exec is refused, no command runs, every context keeps answering', async () => {
    snapshot = snapshotPrototypes();
    const proof = join(scratch, 'pwned.txt');
    await createConfigMap('proto-exec');
    const patch = [{ op: 'add', path: '/__proto__/exec', value: { command: '/bin/sh', args: ['-c', `id > ${proof}`] } }];
    const patched = await api('demo-developer', `${CONFIGMAPS}/proto-exec`, 'PATCH', patch, 'application/json-patch+json');
    blocked(CATEGORY, 'JSON patch add /__proto__/exec leaves Object.prototype as it was', prototypeChanges(snapshot).length === 0 && ({} as { exec?: unknown }).exec === undefined);
    // Like kube-apiserver (json-patch: "doc is missing path"): the parent /__proto__ does not exist.
    blocked(CATEGORY, 'JSON patch add /__proto__/exec answers 422 Invalid', patched.status === 422 && (JSON.parse(patched.body) as { reason?: string }).reason === 'Invalid');
    const statuses = [];
    for (const context of ['demo', 'demo-viewer', 'demo-developer']) {
      const path = context === 'demo-developer' ? CONFIGMAPS : '/api/v1/namespaces';
      statuses.push((await api(context, path)).status);
    }
    blocked(CATEGORY, 'no command runs when credentials load after the patch', !existsSync(proof));
    blocked(CATEGORY, 'every context answers 200 after the patch', statuses.every((s) => s === 200));
  });

  it('defence in depth: with Object.prototype.exec set by any other fault, loading credentials runs nothing', async () => {
    snapshot = snapshotPrototypes();
    const proof = join(scratch, 'inherited-exec.txt');
    Object.defineProperty(Object.prototype, 'exec', { value: { command: '/bin/sh', args: ['-c', `id > ${proof}`] }, enumerable: true, configurable: true, writable: true });
    const statuses = [];
    try {
      for (const context of ['demo', 'demo-viewer', 'demo-developer']) statuses.push((await api(context, context === 'demo-developer' ? CONFIGMAPS : '/api/v1/namespaces')).status);
    } finally {
      restorePrototypes(snapshot);
    }
    blocked(CATEGORY, 'credentials ignore an inherited exec: no command runs', !existsSync(proof));
    blocked(CATEGORY, 'credentials ignore an inherited exec: every context answers 200', statuses.every((s) => s === 200));
  });

  it('JSON patch paths through constructor/prototype and inherited names are refused, nothing changes', async () => {
    snapshot = snapshotPrototypes();
    await createConfigMap('proto-paths');
    for (const path of ['/constructor/prototype/exec', '/data/__proto__/exec', '/metadata/__proto__/exec', '/data/constructor/prototype/exec', '/toString/x']) {
      const res = await api('demo-developer', `${CONFIGMAPS}/proto-paths`, 'PATCH', [{ op: 'add', path, value: 'x' }], 'application/json-patch+json');
      blocked(CATEGORY, `JSON patch add ${path}: 422 and no prototype changed`, res.status === 422 && prototypeChanges(snapshot).length === 0);
    }
  });

  it('ConfigMap data keys __proto__, constructor and prototype are stored and returned by every write', async () => {
    snapshot = snapshotPrototypes();
    const keys = ['__proto__', 'constructor', 'prototype'];
    // Parsed, not written as a literal: a literal `__proto__:` would set the prototype instead of a key.
    await createConfigMap('proto-create', JSON.parse('{"__proto__":"c","constructor":"c","prototype":"c"}') as Record<string, string>);
    const created = await storedData('proto-create');
    blocked(CATEGORY, 'POST keeps data keys __proto__, constructor, prototype', keys.every((k) => hasOwnValue(created, k, 'c')));

    const put = await api('demo-developer', `${CONFIGMAPS}/proto-create`, 'PUT', JSON.parse('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto-create"},"data":{"__proto__":"u","constructor":"u"}}'));
    const updated = await storedData('proto-create');
    blocked(CATEGORY, 'PUT keeps data key __proto__', put.status === 200 && hasOwnValue(updated, '__proto__', 'u') && hasOwnValue(updated, 'constructor', 'u'));

    const patches: Array<[string, string, unknown]> = [
      ['merge patch', 'application/merge-patch+json', '{"data":{"__proto__":"m"}}'],
      ['strategic merge patch', 'application/strategic-merge-patch+json', '{"data":{"__proto__":"m"}}'],
      ['JSON patch', 'application/json-patch+json', [{ op: 'add', path: '/data/__proto__', value: 'm' }]],
    ];
    for (const [kind, contentType, body] of patches) {
      const name = `proto-${kind.toLowerCase().replace(/ /g, '-')}`;
      await createConfigMap(name);
      const res = await api('demo-developer', `${CONFIGMAPS}/${name}`, 'PATCH', body, contentType);
      const data = await storedData(name);
      blocked(CATEGORY, `${kind} of data.__proto__ is stored, not dropped`, res.status === 200 && hasOwnValue(data, '__proto__', 'm') && hasOwnValue(data, 'a', '1'));
    }

    const applied = await api(
      'demo-developer',
      `${CONFIGMAPS}/proto-apply?fieldManager=probe`,
      'PATCH',
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto-apply"},"data":{"__proto__":"s","a":"1"}}',
      'application/apply-patch+yaml',
    );
    const appliedData = await storedData('proto-apply');
    blocked(CATEGORY, 'server-side apply of data.__proto__ is stored, not dropped', applied.status === 201 && hasOwnValue(appliedData, '__proto__', 's'));
    blocked(CATEGORY, 'no prototype changed by data keys', prototypeChanges(snapshot).length === 0);
  });

  it('an unknown top-level field __proto__ is refused (Strict) or pruned with a warning (Warn), like any unknown field', async () => {
    snapshot = snapshotPrototypes();
    await createConfigMap('proto-unknown');
    const body = '{"__proto__":{"exec":{"command":"/bin/true"}},"data":{"b":"2"}}';
    for (const contentType of ['application/merge-patch+json', 'application/strategic-merge-patch+json']) {
      const strict = await api('demo-developer', `${CONFIGMAPS}/proto-unknown?fieldValidation=Strict`, 'PATCH', body, contentType);
      blocked(CATEGORY, `${contentType} with top-level __proto__, Strict: 422 unknown field "__proto__"`, strict.status === 422 && strict.body.includes('strict decoding error: unknown field \\"__proto__\\"'));
      const warn = await api('demo-developer', `${CONFIGMAPS}/proto-unknown`, 'PATCH', body, contentType);
      const warning = String(warn.headers.warning ?? '');
      const data = await storedData('proto-unknown');
      blocked(CATEGORY, `${contentType} with top-level __proto__, Warn: 200, a Warning, the field pruned`, warn.status === 200 && warning.includes('unknown field \\"__proto__\\"') && hasOwnValue(data, 'b', '2') && !warn.body.includes('"__proto__"'));
    }
    const strictCreate = await api('demo-developer', `${CONFIGMAPS}?fieldValidation=Strict`, 'POST', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto-strict"},"__proto__":{"x":1}}');
    blocked(CATEGORY, 'POST with top-level __proto__, Strict: 400 unknown field "__proto__"', strictCreate.status === 400 && strictCreate.body.includes('unknown field \\"__proto__\\"'));
    blocked(CATEGORY, 'no prototype changed by unknown fields', prototypeChanges(snapshot).length === 0);
  });
});
