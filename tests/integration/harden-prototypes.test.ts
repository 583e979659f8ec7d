// The hardening bin/kubeglass.js applies, and the whole app (client-node, ws, yaml, the demo cluster) under it.
// Vitest runs each test file in its own worker, so hardening this one leaves the others as they were.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import { hardenPrototypes, prototypesHardened } from '../../server/harden-prototypes.js';
import { startKubeglass, type RunningKubeglass } from '../../server/start.js';
import { connectWebSocket, request } from '../../server/testing/fake-upstream.js';

let kubeglass: RunningKubeglass;

beforeAll(async () => {
  hardenPrototypes();
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-harden-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kubeglass</title>');
  kubeglass = await startKubeglass({ port: 0, kubeconfig: false, staticDir: web, demo: { start: startDemoCluster, options: { activityIntervalMs: 0 } }, log: () => undefined });
});

afterAll(async () => {
  await kubeglass?.close();
});

const api = (path: string, method = 'GET', body?: string, contentType = 'application/json') =>
  request(`${kubeglass.url}/k8s/${path}`, { method, headers: { 'Content-Type': contentType, 'x-kubeglass-client': '1' }, ...(body !== undefined ? { body } : {}) });

describe('hardenPrototypes', () => {
  it('refuses the inherited __proto__ accessor and new members on built-in prototypes, as node --disable-proto=throw does and more', () => {
    expect(prototypesHardened()).toBe(true);
    hardenPrototypes();
    expect(() => (({}) as { __proto__?: unknown }).__proto__).toThrow(expect.objectContaining({ code: 'ERR_PROTO_ACCESS' }));
    expect(() => Object.assign({}, JSON.parse('{"__proto__":{"exec":1}}') as object)).toThrow(expect.objectContaining({ code: 'ERR_PROTO_ACCESS' }));
    expect(() => Object.defineProperty(Object.prototype, 'exec', { value: 1 })).toThrow(TypeError);
    expect(() => ((Array.prototype as unknown as Record<string, unknown>).exec = 1)).toThrow(TypeError);
    expect(({} as { exec?: unknown }).exec).toBeUndefined();
    // Data stays data: an own __proto__ from JSON, prototypes set by the language's own means.
    const parsed = JSON.parse('{"__proto__":{"exec":1}}') as object;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf({ __proto__: null })).toBeNull();
    expect(Object.getPrototypeOf(Object.setPrototypeOf({}, Array.prototype))).toBe(Array.prototype);
  });

  it('kubeglass and the demo cluster work under it: reads, watches, writes, apply from YAML, WebSockets', async () => {
    for (const context of ['demo', 'demo-viewer']) expect((await api(`${context}/api/v1/namespaces`)).status).toBe(200);
    const configmaps = `demo-developer/api/v1/namespaces/${DEMO_DEVELOPER_NAMESPACE}/configmaps`;
    expect((await api(configmaps)).status).toBe(200);
    const applied = await api(`${configmaps}/hardened?fieldManager=test`, 'PATCH', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hardened\ndata:\n  __proto__: kept\n', 'application/apply-patch+yaml');
    expect(applied.status, applied.body).toBe(201);
    expect(JSON.parse(applied.body)).toMatchObject({ data: JSON.parse('{"__proto__":"kept"}') as object });
    const attack = await api(`${configmaps}/hardened`, 'PATCH', '[{"op":"add","path":"/__proto__/exec","value":{"command":"/bin/true"}}]', 'application/json-patch+json');
    expect(attack.status).toBe(422);
    const merged = await api(`${configmaps}/hardened`, 'PATCH', '{"data":{"constructor":"c"}}', 'application/merge-patch+json');
    expect(JSON.parse(merged.body)).toMatchObject({ data: JSON.parse('{"__proto__":"kept","constructor":"c"}') as object });
    const watch = await api(`${configmaps}?watch=1&timeoutSeconds=1`);
    expect(watch.status).toBe(200);
    expect(watch.body).toContain('"type":"ADDED"');
    const ws = await connectWebSocket(`${kubeglass.url.replace('http:', 'ws:')}/-/ws`);
    expect('ws' in ws).toBe(true);
    if ('ws' in ws) ws.ws.close();
    expect(({} as { exec?: unknown }).exec).toBeUndefined();
  });
});
