// `kubectl port-forward pod/X 0:PORT` against the demo cluster, with kubectl on PATH (1.32) and v1.37.2: SPDY tunneled
// in a WebSocket (kubectl's first choice since 1.31) and plain SPDY/3.1 (KUBECTL_PORT_FORWARD_WEBSOCKETS=false, also
// what kubectl falls back to when the WebSocket upgrade is refused); an HTTP request answered through the local port.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl, type UsedKubectl } from '../testing/kubectl-harness.js';
import { KUBECTLS } from '../testing/kubectls.js';

const cluster = useCluster();
const harnesses = new Map<string, UsedKubectl>(KUBECTLS.map((k) => [k.name, useKubectl(cluster, `port-forward-${k.minor}`, {}, k.binary)]));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill();
});

/** A Running pod with a declared port, as namespace, name, container and port. */
async function servingPod(used: UsedKubectl): Promise<[string, string, string, number]> {
  const { stdout } = await used.kubectl('get', 'pods', '-A', '--field-selector=status.phase=Running', '-o', 'jsonpath={range .items[*]}{.metadata.namespace} {.metadata.name} {.spec.containers[0].name} {.spec.containers[0].ports[0].containerPort}{"\\n"}{end}');
  const line = stdout.split('\n').find((l) => /^\S+ \S+ \S+ \d+$/.test(l.trim()));
  const [ns = '', name = '', container = '', port = '0'] = (line ?? '').trim().split(' ');
  return [ns, name, container, Number(port)];
}

/** Starts kubectl port-forward and resolves with the local port it prints ("Forwarding from 127.0.0.1:N -> P"). */
function portForward(binary: string, used: UsedKubectl, args: string[], env: Record<string, string> = {}): Promise<{ port: number; output: () => string }> {
  const dir = used.harness().dir;
  const child = spawn(binary, ['--kubeconfig', used.harness().kubeconfig, '--cache-dir', join(dir, 'cache'), 'port-forward', ...args], { env: { ...process.env, ...env } });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kubectl port-forward printed no address within 15 s:\n${output}`)), 15_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /Forwarding from 127\.0\.0\.1:(\d+) ->/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kubectl port-forward exited (${code}):\n${output}`));
    });
  });
}

describe.each(KUBECTLS)('kubectl port-forward against the demo cluster ($name)', (k) => {
  const used = harnesses.get(k.name) as UsedKubectl;

  it.each([
    ['WebSocket-tunneled SPDY', {}],
    ['plain SPDY/3.1', { KUBECTL_PORT_FORWARD_WEBSOCKETS: 'false' }],
  ])('forwards a local port to the pod over %s, answering HTTP', async (_how, env) => {
    const [ns, pod, container, port] = await servingPod(used);
    expect(port).toBeGreaterThan(0);
    const forward = await portForward(k.binary, used, ['-n', ns, `pod/${pod}`, `0:${port}`], env);
    const first = await fetch(`http://127.0.0.1:${forward.port}/one`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(`pod ${ns}/${pod} container ${container} port ${port}\nGET /one\n`);
    // A second connection on the same SPDY connection.
    expect(await (await fetch(`http://127.0.0.1:${forward.port}/two`, { headers: { Connection: 'close' } })).text()).toContain('GET /two');
    expect(forward.output()).toContain('Handling connection for');
    expect(forward.output()).not.toMatch(/error|E\d{4}/i);
  });

  it("reports the kubelet's error for a port nothing listens on", async () => {
    const [ns, pod] = await servingPod(used);
    const forward = await portForward(k.binary, used, ['-n', ns, `pod/${pod}`, '0:1']);
    await fetch(`http://127.0.0.1:${forward.port}/`).catch(() => undefined);
    await expect.poll(() => forward.output(), { timeout: 5000 }).toContain('dial tcp4 127.0.0.1:1: connect: connection refused');
  });
});
