import { describe, expect, it } from 'vitest';
import type { DemoClusterOptions, StartDemoCluster } from '../wire/demo-cluster.js';
import { runCli, type CliIo } from './cli.js';
import { FAKE_TOKEN, request, startFakeUpstream, waitUntil, writeKubeconfig } from './testing/fake-upstream.js';

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

  it('exits 2 with a clear message on a bad flag or a missing --kubeconfig', async () => {
    const bad = fakeIo();
    await runCli(['--port', 'abc'], { startDemoCluster: noDemo }, bad.io);
    expect(bad.err.join('\n')).toContain('--port must be a non-negative integer, got "abc"');
    expect(bad.exits).toEqual([2]);

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
      ['--port', '0', '--kubeconfig', writeKubeconfig(upstream.url), '--demo-activity-ms', '0', '--demo-seed-pods', '7', '--open'],
      { startDemoCluster },
      run.io,
    );
    try {
      expect(running).toBeDefined();
      expect(demoOptions).toEqual({ activityIntervalMs: 0, seed: { pods: 7 } });
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
});
