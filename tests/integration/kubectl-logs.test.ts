// kubectl logs (from PATH) against the demo cluster through the kubeglass proxy: -c, --previous, --timestamps,
// --tail, --since, and -f, whose lines must arrive while the stream is open (the proxy must not buffer it).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';
import { startHarness } from './kubeglass-harness.js';

let kg: RunningKubeglass;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  kg = await startHarness();
  home = mkdtempSync(join(tmpdir(), 'kubeglass-kubectl-logs-'));
  writeFileSync(join(home, 'kubeconfig'), 'apiVersion: v1\nkind: Config\n');
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
});

afterAll(async () => {
  await kg?.close();
});

const base = () => ['--server', `${kg.url}/k8s/demo`, '--cache-dir', join(home, 'cache'), '--request-timeout', '20s'];
const kubectl = (...args: string[]): Promise<ProcessResult> => runProcess('kubectl', [...base(), ...args], { env });

async function podNamed(namespace: string, prefix: string): Promise<string> {
  const { stdout } = await kubectl('get', 'pods', '-n', namespace, '-o', 'jsonpath={.items[*].metadata.name}');
  const name = stdout.split(' ').find((n) => n.startsWith(prefix));
  if (!name) throw new Error(`no pod ${prefix}* in ${namespace}: ${stdout}`);
  return name;
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z /;

describe('kubectl logs through the kubeglass proxy', () => {
  it('--tail, --timestamps, -c and --since', async () => {
    const web = await podNamed('demo', 'web-');
    const tail = await kubectl('logs', '-n', 'demo', web, '--tail=3', '--timestamps');
    expect(tail.stderr).toBe('');
    const lines = tail.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(TS);
    const named = await kubectl('logs', '-n', 'demo', web, '-c', 'web', '--tail=2');
    expect(named.stdout.trimEnd().split('\n')).toHaveLength(2);
    const since = await kubectl('logs', '-n', 'demo', web, '--since=5s');
    const count = since.stdout.trimEnd().split('\n').length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(6);
    const wrong = await kubectl('logs', '-n', 'demo', web, '-c', 'nope');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain(`container nope is not valid for pod ${web}`);
  });

  it('--previous shows the crashed run; a waiting container says why it has no log', async () => {
    const worker = await podNamed('demo', 'worker-');
    const previous = await kubectl('logs', '-n', 'demo', worker, '--previous');
    expect(previous.code).toBe(0);
    expect(previous.stdout).toContain('connection refused (exit 1)');
    const payments = await podNamed('shop', 'payments-');
    const waiting = await kubectl('logs', '-n', 'shop', payments);
    expect(waiting.stderr).toContain(`container "payments" in pod "${payments}" is waiting to start: trying and failing to pull image`);
  });

  it('-f prints new lines while the stream stays open', async () => {
    const web = await podNamed('demo', 'web-');
    const child = spawn('kubectl', [...base(), 'logs', '-n', 'demo', web, '-f', '--tail=1', '--timestamps'], { env });
    let out = '';
    const lines = () => out.trimEnd().split('\n').filter((l) => l !== '');
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${lines().length} lines after 10 s: ${out}`)), 10_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (lines().length >= 3) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`kubectl logs -f exited (${String(code)})`)));
      });
    } finally {
      child.kill();
    }
    const stamps = lines().map((l) => l.split(' ')[0] ?? '');
    expect(stamps.every((s) => TS.test(`${s} `))).toBe(true);
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});
