// kubectl against the demo cluster, the machine's (v1.32 on PATH) and the release the demo claims (v1.37.2):
// the independent-client check.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';
import { KUBECTLS, deletedLine } from '../testing/kubectls.js';

const cluster = useCluster({ podTerminationMs: 100, namespaceTerminationMs: 100 });
const { api } = cluster;

describe.each(KUBECTLS)('$name against the demo cluster', (k) => {
  const { harness, kubectl, path } = useKubectl(cluster, 'kubectl', {}, k.binary);

  it('discovers from the two aggregated documents, /api and /apis, alone', async () => {
    const { code, stderr } = await kubectl('api-resources', '-v=6');
    expect(code).toBe(0);
    // 1.32 logs `GET URL 200 OK`, 1.37 `verb="GET" url="URL"`.
    const gets = [...stderr.matchAll(/(?:verb="GET" url="|GET )(https:\/\/[^\s"?]+)/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(gets.sort()).toEqual(['/api', '/apis']);
  });

  it('version: the server says v1.37.2; a kubectl more than one minor away warns of the skew, as against a real 1.37', async () => {
    const { code, stdout, stderr } = await kubectl('version');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Server Version: v1\.37\.2$/m);
    const warning = /WARNING: version difference between client \(1\.\d+\) and server \(1\.37\) exceeds the supported minor version skew of \+\/-1/;
    if (Math.abs(k.minor - 37) > 1) expect(`${stdout}${stderr}`).toMatch(warning);
    else expect(`${stdout}${stderr}`).not.toMatch(warning);
  });

  it('get pods -A prints the server-side table', async () => {
    const { code, stdout, stderr } = await kubectl('get', 'pods', '-A');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    // Restarts with the age of the last restart (printPod of 1.37).
    expect(stdout).toMatch(/demo\s+worker-\S+\s+0\/1\s+CrashLoopBackOff\s+7 \(\d+m ago\)\s+\d+m/);
    expect(stdout).toMatch(/kube-system\s+coredns-\S+\s+1\/1\s+Running\s+0\s+3d\d+h/);
  });

  it('get ns and -o wide', async () => {
    const ns = await kubectl('get', 'ns');
    expect(ns.stdout).toMatch(/^demo\s+Active\s+2d/m);
    const wide = await kubectl('get', 'pods', '-n', 'demo', '-o', 'wide');
    expect(wide.stdout.split('\n')[0]).toMatch(/IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES$/);
  });

  it('create, read and delete a configmap (protobuf body from the typed client)', async () => {
    expect((await kubectl('create', 'configmap', 'kc1', '--from-literal=a=1', '-n', 'demo')).stdout.trim()).toBe('configmap/kc1 created');
    expect((await kubectl('get', 'configmap', 'kc1', '-n', 'demo', '-o', 'jsonpath={.data.a}')).stdout).toBe('1');
    const again = await kubectl('create', 'configmap', 'kc1', '-n', 'demo');
    expect(again.stderr).toContain('configmaps "kc1" already exists');
    expect((await kubectl('delete', 'configmap', 'kc1', '-n', 'demo')).stdout.trim()).toBe(deletedLine(k, 'configmap "kc1"', 'demo'));
    expect((await kubectl('get', 'configmap', 'kc1', '-n', 'demo')).stderr).toContain('configmaps "kc1" not found');
  });

  it('delete a running pod waits for it to go', async () => {
    const name = (await kubectl('get', 'pods', '-n', 'demo', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}')).stdout;
    expect(name).toMatch(/^web-/);
    const del = await kubectl('delete', 'pod', name, '-n', 'demo');
    expect(del.stdout.trim()).toBe(deletedLine(k, `pod "${name}"`, 'demo'));
    expect((await kubectl('get', 'pod', name, '-n', 'demo')).stderr).toContain('not found');
  });

  it('the viewer context is read-only', async () => {
    expect((await kubectl('--context', 'demo-viewer', 'get', 'pods', '-n', 'demo')).code).toBe(0);
    const denied = await kubectl('--context', 'demo-viewer', 'create', 'configmap', 'nope', '-n', 'demo');
    expect(denied.stderr).toContain('configmaps is forbidden: User "viewer" cannot create resource "configmaps" in API group "" in the namespace "demo"');
  });

  it('get pods -w shows a pod created after the list', async () => {
    const child = spawn(k.binary, ['--kubeconfig', harness().kubeconfig, '--cache-dir', path('cache'), 'get', 'pods', '-n', 'shop', '-w']);
    let out = '';
    const pod = `watched-pod-${k.minor}`;
    const watchedRow = new RegExp(`${pod}\\s+0/1\\s+Pending\\s+0\\s+\\d+s`);
    const seen = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        // kubectl's tabwriter may flush a row in pieces: wait for the whole row.
        if (watchedRow.test(out)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`kubectl get -w exited (${String(code)}) before the row; output:\n${out}`)));
    });
    try {
      // The first output is the list; kubectl then watches from the list's resourceVersion.
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const created = await api('/api/v1/namespaces/shop/pods', { method: 'POST', body: { metadata: { name: pod }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } });
      expect(created.status).toBe(201);
      await seen;
    } finally {
      child.kill();
    }
  });
});
