import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../wire/browser-headers.js';
import type { DemoClusterOptions, StartDemoCluster } from '../wire/demo-cluster.js';
import { runCli, type CliIo } from './cli.js';
import { connectWebSocket, FAKE_TOKEN, request, startFakeUpstream, waitUntil, writeKubeconfig } from './testing/fake-upstream.js';

function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  const exits: number[] = [];
  const signals = new Map<string, () => void>();
  const opened: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    exit: (code) => exits.push(code),
    onSignal: (signal, handler) => signals.set(signal, handler),
    openBrowser: (url) => opened.push(url),
  };
  return { io, out, err, exits, signals, opened };
}

const noDemo: StartDemoCluster = () => Promise.reject(new Error('the demo cluster must not start'));

describe('runCli', () => {
  it('prints help and exits 0', async () => {
    const run = fakeIo();
    await runCli(['--help'], { startDemoCluster: noDemo }, run.io);
    expect(run.out.join('\n')).toContain('--demo-activity-ms N');
    expect(run.exits).toEqual([0]);
  });

  it('prints the version and exits 0', async () => {
    const run = fakeIo();
    await runCli(['--version'], { startDemoCluster: noDemo }, run.io);
    expect(run.out).toEqual([`kubeglass ${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}`]);
    expect(run.exits).toEqual([0]);
    const given = fakeIo();
    await runCli(['--version'], { startDemoCluster: noDemo, version: '9.8.7' }, given.io);
    expect(given.out).toEqual(['kubeglass 9.8.7']);
  });

  it('a busy port: says so, suggests --port, exits 1 and closes the demo cluster it started', async () => {
    const first = await runCli(['--port', '0', '--no-demo', '--kubeconfig', writeKubeconfig('https://127.0.0.1:1')], { startDemoCluster: noDemo }, fakeIo().io);
    const upstream = await startFakeUpstream();
    let demoClosed = false;
    const startDemoCluster: StartDemoCluster = () =>
      Promise.resolve({ url: upstream.url, port: 0, tokens: { admin: 'a', viewer: 'v', developer: 'd' }, close: () => Promise.resolve(void (demoClosed = true)) });
    try {
      const second = fakeIo();
      const running = await runCli(['--port', String(first?.port), '--kubeconfig', writeKubeconfig(upstream.url)], { startDemoCluster }, second.io);
      expect(running).toBeUndefined();
      expect(second.err.join('\n')).toContain(`kubeglass: 127.0.0.1:${first?.port} is already in use (is kubeglass already running?`);
      expect(second.err.join('\n')).toContain('start this one on another port with --port N');
      expect(second.exits).toEqual([1]);
      expect(demoClosed).toBe(true);
    } finally {
      await first?.close();
      await upstream.close();
    }
  });

  it('Ctrl+C exits with 1 when closing hangs past the grace period, and at once on a second Ctrl+C', async () => {
    const upstream = await startFakeUpstream();
    const hanging: StartDemoCluster = () =>
      Promise.resolve({ url: upstream.url, port: 0, tokens: { admin: 'a', viewer: 'v', developer: 'd' }, close: () => new Promise<void>(() => undefined) });
    try {
      const run = fakeIo();
      await runCli(['--port', '0', '--kubeconfig', writeKubeconfig(upstream.url)], { startDemoCluster: hanging }, run.io);
      const started = Date.now();
      run.signals.get('SIGINT')?.();
      await waitUntil(() => run.exits.length > 0, 8000, 'the forced exit');
      expect(run.exits).toEqual([1]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
      expect(run.err.join('\n')).toContain('still closing after 5 s: exiting anyway');

      const impatient = fakeIo();
      await runCli(['--port', '0', '--kubeconfig', writeKubeconfig(upstream.url)], { startDemoCluster: hanging }, impatient.io);
      impatient.signals.get('SIGINT')?.();
      impatient.signals.get('SIGINT')?.();
      expect(impatient.exits).toEqual([130]);
    } finally {
      await upstream.close();
    }
  });

  it('-n opens the namespace\'s pods in the default context (the start URL, and --open)', async () => {
    const run = fakeIo();
    const running = await runCli(['--port', '0', '--no-demo', '--kubeconfig', writeKubeconfig('https://127.0.0.1:1'), '-n', 'kube-system', '--open'], { startDemoCluster: noDemo }, run.io);
    try {
      expect(running?.startUrl).toBe(`${running?.url}/c/fake/api/v1/namespaces/kube-system/pods`);
      expect(run.out[0]).toBe(`Kubeglass is running at ${running?.url}/c/fake/api/v1/namespaces/kube-system/pods`);
      expect(run.opened).toEqual([running?.startUrl]);
      const page = await request(running?.startUrl ?? '');
      expect(page.status).toBe(200);
    } finally {
      await running?.close();
    }
  });

  it('exits 2 with a clear message on a bad flag or a missing --kubeconfig', async () => {
    const bad = fakeIo();
    await runCli(['--port', 'abc'], { startDemoCluster: noDemo }, bad.io);
    expect(bad.err.join('\n')).toContain('--port must be a non-negative integer, got "abc"');
    expect(bad.exits).toEqual([2]);
    const unknown = fakeIo();
    await runCli(['--bogus'], { startDemoCluster: noDemo, program: 'kubectl kubeglass' }, unknown.io);
    expect(unknown.err.join('\n')).toMatch(/^kubectl kubeglass: unknown option --bogus\n\nUsage: kubectl kubeglass \[options\]/);
    expect(unknown.out).toEqual([]);
    expect(unknown.exits).toEqual([2]);

    const missing = fakeIo();
    await runCli(['--no-demo', '--kubeconfig', '/nonexistent/kubeconfig'], { startDemoCluster: noDemo }, missing.io);
    expect(missing.err.join('\n')).toContain('kubeconfig file not found: /nonexistent/kubeconfig');
    expect(missing.exits).toEqual([2]);
  });

  it('starts the demo cluster with the flags, serves, prints the URL and shuts everything down on SIGTERM', async () => {
    const upstream = await startFakeUpstream();
    let demoOptions: DemoClusterOptions | undefined;
    let demoClosed = false;
    const startDemoCluster: StartDemoCluster = async (options) => {
      demoOptions = options;
      return {
        url: upstream.url,
        port: Number(new URL(upstream.url).port),
        tokens: { admin: 'demo-admin-token', viewer: 'demo-viewer-token', developer: 'demo-developer-token' },
        close: async () => {
          demoClosed = true;
        },
      };
    };
    const run = fakeIo();
    const running = await runCli(
      ['--port', '0', '--kubeconfig', writeKubeconfig(upstream.url), '--demo-activity-ms', '0', '--demo-seed-pods', '7', '--open', '--demo-faults'],
      { startDemoCluster },
      run.io,
    );
    try {
      expect(running).toBeDefined();
      expect(demoOptions).toEqual({ activityIntervalMs: 0, seed: { pods: 7 }, faultInjection: true });
      expect(run.out[0]).toBe(`Kubeglass is running at ${running?.url}/`);
      expect(run.out[1]).toBe('Contexts: fake (default), demo, demo-viewer, demo-developer');
      expect(run.opened).toEqual([`${running?.url}/`]);

      const res = await request(`${running?.url}/k8s/demo/api`);
      expect(res.status).toBe(200);
      expect(upstream.requests[0]?.headers.authorization).toBe('Bearer demo-admin-token');
      await request(`${running?.url}/k8s/demo-viewer/api`);
      expect(upstream.requests[1]?.headers.authorization).toBe('Bearer demo-viewer-token');
      expect(run.out.concat(run.err).join('\n')).not.toContain(FAKE_TOKEN);

      run.signals.get('SIGTERM')?.();
      await waitUntil(() => run.exits.length > 0, 5000, 'exit after SIGTERM');
      expect(run.exits).toEqual([0]);
      expect(demoClosed).toBe(true);
      await expect(request(`${running?.url}/-/contexts`)).rejects.toThrow();
    } finally {
      await running?.close();
      await upstream.close();
    }
  });

  it('beyond loopback demands the token: a one-time start URL gives a session cookie, the token is printed apart', async () => {
    const run = fakeIo();
    const running = await runCli(['--port', '0', '--host', '0.0.0.0', '--no-demo', '--kubeconfig', writeKubeconfig('https://127.0.0.1:1')], { startDemoCluster: noDemo }, run.io);
    try {
      const token = running?.accessToken ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(run.out[0]).toMatch(new RegExp(`^Kubeglass is running at ${running?.url}/\\?code=[A-Za-z0-9_-]{43}$`));
      expect(run.out[0]).not.toContain(token);
      expect(run.out[1]).toContain('That link signs in once');
      expect(run.out[2]).toBe(`Access token: ${token}`);
      expect(run.err.join('\n')).toContain('must be signed in');
      const base = running?.url ?? '';
      expect((await request(`${base}/-/contexts`)).status).toBe(401);
      expect((await connectWebSocket(`${base.replace('http', 'ws')}/-/ws`))).toMatchObject({ status: 401 });
      const start = new URL(running?.startUrl ?? '');
      const login = await request(`${base}${start.pathname}${start.search}`);
      expect(login.status).toBe(303);
      expect(login.headers.location).toBe('/');
      const cookie = String(login.headers['set-cookie']).split(';', 1)[0] ?? '';
      expect(cookie).toMatch(new RegExp(`^kubeglass-session-${running?.port}=`));
      expect(login.headers['set-cookie']).toEqual([expect.stringContaining('HttpOnly; SameSite=Strict')]);
      expect((await request(`${base}${start.pathname}${start.search}`)).status).toBe(401);
      expect((await request(`${base}/-/contexts`, { headers: { Cookie: cookie } })).status).toBe(403);
      expect((await request(`${base}/-/contexts`, { headers: { Cookie: cookie, [CLIENT_HEADER]: CLIENT_HEADER_VALUE } })).status).toBe(200);
      const listed = await request(`${base}/-/contexts`, { headers: { Authorization: `Bearer ${token}` } });
      expect(listed.status).toBe(200);
      // The app prints curl lines that send the token only when the server says it demands one.
      expect(JSON.parse(listed.body)).toMatchObject({ accessTokenRequired: true });
      const ws = await connectWebSocket(`${base.replace('http', 'ws')}/-/ws`, { Cookie: cookie, Origin: base });
      expect('ws' in ws).toBe(true);
      if ('ws' in ws) ws.ws.close();
    } finally {
      await running?.close();
    }
  });

  it('--token-file fixes the token, also on loopback, and a bad file stops the start with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeglass-token-'));
    writeFileSync(join(dir, 'token'), 'fixed-token-for-this-test-0001\n');
    const run = fakeIo();
    const running = await runCli(['--port', '0', '--no-demo', '--kubeconfig', writeKubeconfig('https://127.0.0.1:1'), '--token-file', join(dir, 'token')], { startDemoCluster: noDemo }, run.io);
    try {
      expect(run.out[0]).toMatch(/\?code=/);
      expect(run.out[2]).toBe(`Access token: the one in ${join(dir, 'token')}`);
      expect(run.out.join('\n')).not.toContain('fixed-token-for-this-test-0001');
      expect((await request(`${running?.url}/-/contexts`)).status).toBe(401);
    } finally {
      await running?.close();
    }
    writeFileSync(join(dir, 'short'), 'short');
    const bad = fakeIo();
    await runCli(['--port', '0', '--no-demo', '--token-file', join(dir, 'short')], { startDemoCluster: noDemo }, bad.io);
    expect(bad.err.join('\n')).toContain('the token is too weak');
    expect(bad.exits).toEqual([2]);
  });
});
