// kubectl (from PATH) talking to the demo cluster through the kubeglass proxy: discovery, Table lists, chunked
// watch, and credentials: kubectl's own token is dropped, the context's credentials are used.
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';
import { startHarness, uniqueName } from './kubeglass-harness.js';

const run = promisify(execFile);

let kg: RunningKubeglass;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  kg = await startHarness();
  home = mkdtempSync(join(tmpdir(), 'kubeglass-kubectl-'));
  // An empty kubeconfig so the developer's own config is never used.
  writeFileSync(join(home, 'kubeconfig'), 'apiVersion: v1\nkind: Config\n');
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
});

afterAll(async () => {
  await kg?.close();
});

/** kubectl through the proxy for a context, with a bogus token of its own that the proxy must drop. */
function kubectlArgs(context: string, args: string[]): string[] {
  return ['--server', `${kg.url}/k8s/${context}`, '--cache-dir', join(home, 'cache'), '--token', 'kubectl-own-bogus-token', '--request-timeout', '20s', ...args];
}

describe('kubectl through the kubeglass proxy', () => {
  it('lists pods in all namespaces', async () => {
    const { stdout } = await run('kubectl', kubectlArgs('demo', ['get', 'pods', '-A']), { env });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAMESPACE\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('uses the context credentials: the viewer context cannot create, the admin one can', async () => {
    const name = uniqueName('kubectl-viewer');
    // create -f sends JSON (create configmap would send protobuf, which the demo cluster does not decode);
    // --validate=false because the demo cluster serves no OpenAPI yet.
    const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { a: '1' } });
    const asViewer = await kubectl(kubectlArgs('demo-viewer', ['create', '--validate=false', '-f', '-']), manifest);
    expect(asViewer.code).not.toBe(0);
    expect(asViewer.stderr).toContain('User "viewer" cannot create resource "configmaps"');
    const asAdmin = await kubectl(kubectlArgs('demo', ['create', '--validate=false', '-f', '-']), manifest);
    expect(asAdmin.stdout).toContain(`configmap/${name} created`);
    const { stdout } = await run('kubectl', kubectlArgs('demo-viewer', ['get', 'configmap', name, '-n', 'default', '-o', 'jsonpath={.data.a}']), { env });
    expect(stdout).toBe('1');
  });

  it('get pods -w sees a pod created while it watches', async () => {
    const name = uniqueName('kubectl-watch');
    const child = spawn('kubectl', kubectlArgs('demo', ['get', 'pods', '-n', 'default', '-w']), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = outputOf(child);
    try {
      // The initial list first: kubectl then watches from its resourceVersion, so the pod comes after.
      await output.until((text) => text.includes('NAME'), 'the initial list');
      const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'main', image: 'nginx' }] } };
      const created = await fetch(`${kg.url}/k8s/demo/api/v1/namespaces/default/pods`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(pod),
      });
      expect(created.status).toBe(201);
      // kubectl's tabwriter may flush a row in pieces: wait for the whole row.
      const row = new RegExp(`^${name}\\s+\\d+/\\d+\\s+\\S+\\s+\\d+\\s+\\d+s`, 'm');
      await output.until((text) => row.test(text), `the watch to show ${name}`);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

/** Runs kubectl with the test's environment, without blocking the server under test. */
function kubectl(args: string[], input?: string): Promise<ProcessResult> {
  return runProcess('kubectl', args, { env, ...(input !== undefined ? { input } : {}) });
}

/** The stdout and stderr of a running process, and a wait (checked as output arrives) for text that matches. */
function outputOf(child: ChildProcess): { until: (check: (text: string) => boolean, what: string) => Promise<void> } {
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    text += chunk.toString();
    for (const w of [...waiters]) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.on('exit', () => {
    for (const w of [...waiters]) w();
  });
  return {
    until: (check, what) =>
      new Promise((resolve, reject) => {
        const test = (): void => {
          if (check(text)) {
            waiters.delete(test);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(test);
            reject(new Error(`kubectl exited before ${what}; output: ${text}`));
          }
        };
        waiters.add(test);
        test();
      }),
  };
}
