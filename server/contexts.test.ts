import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DemoClusterHandle } from '../wire/demo-cluster.js';
import { buildContextRegistry, demoContextNames, KubeconfigError, kubeconfigLocation, loadKubeconfig } from './contexts.js';
import { FAKE_TOKEN, writeKubeconfig } from './testing/fake-upstream.js';
import { kubeconfigFile } from './testing/kubeconfig-file.js';

const demo: DemoClusterHandle = {
  url: 'http://127.0.0.1:40000',
  port: 40000,
  tokens: { admin: 'demo-admin-secret', viewer: 'demo-viewer-secret', developer: 'demo-developer-secret' },
  close: async () => undefined,
};

const CERT_DATA = Buffer.from('-----BEGIN CERTIFICATE-----fake-----END CERTIFICATE-----').toString('base64');

describe('loadKubeconfig', () => {
  it('reads an explicit file and refuses a missing one', () => {
    const kc = loadKubeconfig({ path: writeKubeconfig('https://10.0.0.1:6443') });
    expect(kc.getContexts().map((c) => c.name)).toEqual(['fake']);
    expect(kc.getCurrentContext()).toBe('fake');
    expect(() => loadKubeconfig({ path: '/nonexistent/kubeconfig' })).toThrow(KubeconfigError);
  });

  it('merges several KUBECONFIG files with the first file winning, skipping missing ones', () => {
    const first = kubeconfigFile(`current-context: one
clusters: [{name: c, cluster: {server: "https://first:6443"}}]
users: [{name: u, user: {token: t1}}]
contexts: [{name: one, context: {cluster: c, user: u}}, {name: shared, context: {cluster: c, user: u}}]
`);
    const second = kubeconfigFile(`current-context: two
clusters: [{name: c, cluster: {server: "https://second:6443"}}, {name: d, cluster: {server: "https://d:6443"}}]
users: [{name: u, user: {token: t2}}]
contexts: [{name: two, context: {cluster: d, user: u}}, {name: shared, context: {cluster: d, user: u}}]
`);
    const env = { KUBECONFIG: [first, '/nonexistent/config', second].join(delimiter), HOME: '/nonexistent-home' };
    const registry = buildContextRegistry({ kubeconfig: loadKubeconfig({ env }) });
    const list = registry.list();
    expect(list.contexts.map((c) => [c.name, c.server])).toEqual([
      ['one', 'https://first:6443'],
      ['shared', 'https://first:6443'],
      ['two', 'https://d:6443'],
    ]);
    expect(list.default).toBe('one');
  });

  it('is fine without any kubeconfig file', () => {
    const kc = loadKubeconfig({ env: { HOME: mkdtempSync(join(tmpdir(), 'kubeglass-home-')) } });
    expect(kc.getContexts()).toEqual([]);
  });
});

describe('kubeconfigLocation', () => {
  it('names the file kubectl needs (absolute) for --kubeconfig or a one-file KUBECONFIG, the list for several, nothing by default', () => {
    expect(kubeconfigLocation({ path: 'conf/kubeconfig' })).toEqual({ kubeconfigPath: resolve('conf/kubeconfig') });
    expect(kubeconfigLocation({ env: { KUBECONFIG: '/k/a' } })).toEqual({ kubeconfigPath: '/k/a' });
    expect(kubeconfigLocation({ env: { KUBECONFIG: ['/k/a', '', 'b'].join(delimiter) } })).toEqual({ kubeconfigEnv: ['/k/a', resolve('b')].join(delimiter) });
    expect(kubeconfigLocation({ env: { HOME: '/home/me' } })).toEqual({});
    expect(kubeconfigLocation('none')).toEqual({});
  });

  it('is announced with the kubeconfig contexts, never with the demo ones', () => {
    const path = writeKubeconfig('https://10.0.0.1:6443');
    const list = buildContextRegistry({ kubeconfig: loadKubeconfig({ path }), demo, location: kubeconfigLocation({ path }) }).list();
    expect(list.contexts.find((c) => c.name === 'fake')?.kubeconfigPath).toBe(path);
    expect(list.contexts.filter((c) => c.demo).map((c) => c.kubeconfigPath)).toEqual([undefined, undefined, undefined]);
  });
});

describe('buildContextRegistry', () => {
  it('lists kubeconfig and demo contexts without any credential', () => {
    const path = kubeconfigFile(`clusters: [{name: c, cluster: {server: "https://k8s.example:6443", certificate-authority-data: ${CERT_DATA}}}]
users:
- name: cert-user
  user: {client-certificate-data: ${CERT_DATA}, client-key-data: ${CERT_DATA}, token: ${FAKE_TOKEN}, username: admin, password: hunter2}
contexts: [{name: prod, context: {cluster: c, user: cert-user, namespace: shop}}]
`);
    const registry = buildContextRegistry({ kubeconfig: loadKubeconfig({ path }), demo });
    const list = registry.list();
    expect(list).toEqual({
      contexts: [
        { name: 'prod', server: 'https://k8s.example:6443', namespace: 'shop', user: 'cert-user', demo: false },
        { name: 'demo', server: demo.url, user: 'demo-admin', demo: true },
        { name: 'demo-viewer', server: demo.url, user: 'demo-viewer', demo: true },
        { name: 'demo-developer', server: demo.url, user: 'demo-developer', demo: true, namespace: 'shop' },
      ],
      default: 'demo',
    });
    const json = JSON.stringify(list);
    for (const secret of [FAKE_TOKEN, CERT_DATA, 'hunter2', ...Object.values(demo.tokens)]) expect(json).not.toContain(secret);
  });

  it('defaults to --context, else the current-context, else demo', () => {
    const kubeconfig = loadKubeconfig({ path: writeKubeconfig('https://10.0.0.1:6443') });
    expect(buildContextRegistry({ kubeconfig, demo }).list().default).toBe('fake');
    expect(buildContextRegistry({ kubeconfig, demo, defaultContext: 'demo-viewer' }).list().default).toBe('demo-viewer');
    expect(buildContextRegistry({ kubeconfig: loadKubeconfig('none'), demo }).list().default).toBe('demo');
    expect(() => buildContextRegistry({ kubeconfig, demo, defaultContext: 'nope' })).toThrow('--context nope: no such context');
  });

  it('renames the embedded demo contexts when the kubeconfig already has "demo"', () => {
    const path = kubeconfigFile(`current-context: demo
clusters: [{name: c, cluster: {server: "https://mine:6443"}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: demo, context: {cluster: c, user: u}}]
`);
    const warnings: string[] = [];
    const registry = buildContextRegistry({ kubeconfig: loadKubeconfig({ path }), demo, onWarning: (w) => warnings.push(w) });
    expect(registry.list().contexts.map((c) => [c.name, c.demo])).toEqual([
      ['demo', false],
      ['kubeglass-demo', true],
      ['kubeglass-demo-viewer', true],
      ['kubeglass-demo-developer', true],
    ]);
    expect(registry.list().default).toBe('demo');
    expect(warnings.join('\n')).toContain('"kubeglass-demo"');
    expect(demoContextNames(new Set(['demo-viewer', 'kubeglass-demo']))).toEqual({ admin: 'kubeglass-demo-2', viewer: 'kubeglass-demo-viewer-2', developer: 'kubeglass-demo-developer-2' });
    expect(demoContextNames(new Set(['demo-developer']))).toEqual({ admin: 'kubeglass-demo', viewer: 'kubeglass-demo-viewer', developer: 'kubeglass-demo-developer' });
  });

  it('gives each context a KubeConfig that injects its own credentials', async () => {
    const registry = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig('http://127.0.0.1:1') }), demo });
    const headersOf = async (name: string) => {
      const options: { headers?: Record<string, string> } = {};
      await registry.get(name)?.kubeConfig.applyToHTTPSOptions(options);
      return options.headers;
    };
    expect(await headersOf('fake')).toMatchObject({ Authorization: `Bearer ${FAKE_TOKEN}` });
    expect(await headersOf('demo')).toMatchObject({ Authorization: `Bearer ${demo.tokens.admin}` });
    expect(await headersOf('demo-viewer')).toMatchObject({ Authorization: `Bearer ${demo.tokens.viewer}` });
    expect(await headersOf('demo-developer')).toMatchObject({ Authorization: `Bearer ${demo.tokens.developer}` });
  });

  it('in team mode keeps no credentials of any context (kubeconfig or demo), yet keeps the cluster CA', async () => {
    const ca = Buffer.from('-----BEGIN CERTIFICATE-----team-----END CERTIFICATE-----');
    const file = kubeconfigFile(
      `clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", certificate-authority-data: ${ca.toString('base64')}}}]\n` +
        `users: [{name: u, user: {token: ${FAKE_TOKEN}, client-certificate-data: ${CERT_DATA}}}]\ncontexts: [{name: prod, context: {cluster: c, user: u}}]\n`,
    );
    const registry = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: file }), demo, team: true });
    expect(registry.list().contexts.map((c) => [c.name, c.user])).toEqual([['prod', undefined], ['demo', undefined]]);
    for (const name of ['prod', 'demo']) {
      const options: { headers?: Record<string, string>; ca?: Buffer; cert?: Buffer } = {};
      await registry.get(name)?.kubeConfig.applyToHTTPSOptions(options);
      expect(options.headers?.Authorization, name).toBeUndefined();
      expect(options.cert, name).toBeUndefined();
      if (name === 'prod') expect(options.ca?.toString()).toBe(ca.toString());
    }
  });

  it('takes credentials from own fields only: members inherited from Object.prototype are never configuration', async () => {
    const registry = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig('http://127.0.0.1:1') }), demo });
    const polluted = Object.prototype as Record<string, unknown>;
    const inherited = {
      exec: { command: '/nonexistent/exec-plugin', args: [] },
      authProvider: { name: 'gcp', config: { 'cmd-path': '/nonexistent/gcloud' } },
      proxyUrl: 'http://127.0.0.1:9',
      username: 'inherited',
      impersonateUser: 'system:admin',
    };
    Object.assign(polluted, inherited);
    try {
      for (const name of ['fake', 'demo', 'demo-viewer', 'demo-developer']) {
        const options: { headers?: Record<string, string>; auth?: string } = {};
        const kubeConfig = registry.get(name)?.kubeConfig;
        await kubeConfig?.applyToHTTPSOptions(options);
        expect(options.headers?.Authorization, name).toMatch(/^Bearer /);
        expect(options.headers?.['Impersonate-User'], name).toBeUndefined();
        expect(options.auth, name).toBeUndefined();
        expect(kubeConfig?.getCurrentCluster()?.proxyUrl, name).toBeUndefined();
      }
    } finally {
      for (const key of Object.keys(inherited)) Reflect.deleteProperty(polluted, key);
    }
  });
});
