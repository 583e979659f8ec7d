// kubectl top (v1.32 from PATH) through the kubeglass proxy: the demo cluster serves metrics.k8s.io/v1beta1 the way
// metrics-server does (discovered in /apis, PodMetrics and NodeMetrics lists), with usage that changes over time.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { runProcess } from '../support/run-process.js';
import { startHarness } from './kubeglass-harness.js';

let kg: RunningKubeglass;
let home: string;

beforeAll(async () => {
  kg = await startHarness();
  home = mkdtempSync(join(tmpdir(), 'kubeglass-top-'));
  writeFileSync(join(home, 'kubeconfig'), 'apiVersion: v1\nkind: Config\n');
});

afterAll(async () => {
  await kg?.close();
});

function kubectl(context: string, args: string[]) {
  const env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'kubeconfig') };
  return runProcess('kubectl', ['--server', `${kg.url}/k8s/${context}`, '--cache-dir', join(home, 'cache'), '--request-timeout', '20s', ...args], { env });
}

describe('kubectl top through the kubeglass proxy', () => {
  it('top pods lists running pods with CPU in millicores and memory in Mi', async () => {
    const { code, stdout, stderr } = await kubectl('demo', ['top', 'pods', '-A']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAMESPACE\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*$/);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\S+\s+\S+\s+\d+m\s+\d+Mi\s*$/);
  });

  it('top pods --containers shows each container; top nodes shows usage against allocatable', async () => {
    const containers = await kubectl('demo', ['top', 'pods', '-n', 'kube-system', '--containers']);
    expect(containers.code, containers.stderr).toBe(0);
    expect(containers.stdout.split('\n')[0]).toMatch(/^POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*$/);
    const nodes = await kubectl('demo', ['top', 'nodes']);
    expect(nodes.code, nodes.stderr).toBe(0);
    const lines = nodes.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+CPU\(cores\)\s+CPU(\(%\)|%)\s+MEMORY\(bytes\)\s+MEMORY(\(%\)|%)\s*$/);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\S+\s+\d+m\s+\d+%\s+\d+Mi\s+\d+%\s*$/);
  });

  it('the viewer may read metrics too', async () => {
    const { code, stderr } = await kubectl('demo-viewer', ['top', 'pods', '-n', 'default']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
