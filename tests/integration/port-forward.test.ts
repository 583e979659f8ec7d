// Port forwards held by the kubeglass server, against the demo cluster: HTTP through the local port, stop closes it,
// the pod's deletion ends the forward with the reason, a viewer is refused before anything listens.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import type { PortForward, PortForwardList } from '../../wire/port-forward.js';
import { startHarness } from './kubeglass-harness.js';

let kg: RunningKubeglass;
const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'Content-Type': 'application/json' };

interface ServingPod {
  namespace: string;
  name: string;
  container: string;
  port: number;
}

const used = new Set<string>();

/** A Running seeded pod with a declared TCP port, another one each call. */
async function servingPod(): Promise<ServingPod> {
  const answer = await fetch(`${kg.url}/k8s/demo/api/v1/pods?fieldSelector=status.phase%3DRunning`, { headers });
  type Pod = { metadata: { namespace: string; name: string; deletionTimestamp?: string }; spec: { containers: Array<{ name: string; ports?: Array<{ containerPort: number }> }> } };
  for (const pod of ((await answer.json()) as { items: Pod[] }).items) {
    const container = pod.spec.containers.find((c) => (c.ports ?? []).length > 0);
    const port = container?.ports?.[0]?.containerPort;
    if (!container || port === undefined || pod.metadata.deletionTimestamp !== undefined || used.has(pod.metadata.name)) continue;
    used.add(pod.metadata.name);
    return { namespace: pod.metadata.namespace, name: pod.metadata.name, container: container.name, port };
  }
  throw new Error('the demo cluster has no more Running pods with a declared port');
}

async function start(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${kg.url}/-/port-forwards`, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function list(): Promise<PortForward[]> {
  return ((await (await fetch(`${kg.url}/-/port-forwards`, { headers })).json()) as PortForwardList).items;
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Sends one HTTP request on a plain socket; resolves with all that came back before the socket closed. */
function rawRequest(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

beforeAll(async () => {
  kg = await startHarness();
});

afterAll(async () => {
  await kg?.close();
});

describe('port forwards through the kubeglass server', () => {
  it('answers HTTP through the local port, counts the traffic, and closes the port when stopped', async () => {
    const { namespace, name: pod, container, port } = await servingPod();
    const started = await start({ context: 'demo', namespace, pod, port });
    expect(started.status).toBe(201);
    const forward = (await started.json()) as PortForward;
    expect(forward).toMatchObject({ context: 'demo', namespace, pod, port, localAddress: '127.0.0.1', connections: 0 });
    expect(forward.ended).toBeUndefined();

    const answer = await fetch(`http://127.0.0.1:${forward.localPort}/hello?x=1`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`pod ${namespace}/${pod} container ${container} port ${port}\nGET /hello?x=1\n`);
    // A second request on a new connection goes through as well.
    expect(await (await fetch(`http://127.0.0.1:${forward.localPort}/again`, { headers: { Connection: 'close' } })).text()).toContain('GET /again');

    const [listed] = (await list()).filter((f) => f.id === forward.id);
    expect(listed?.connectionsTotal).toBeGreaterThanOrEqual(2);
    expect(listed?.bytesOut).toBeGreaterThan(0);
    expect(listed?.bytesIn).toBeGreaterThan(100);

    const stopped = await fetch(`${kg.url}/-/port-forwards/${forward.id}`, { method: 'DELETE', headers });
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as PortForward).ended?.reason).toBe('Stopped');
    expect(await refusesConnections(forward.localPort)).toBe(true);
    expect((await list()).find((f) => f.id === forward.id)?.ended?.reason).toBe('Stopped');
    // Stopping an ended forward removes it from the list.
    expect((await fetch(`${kg.url}/-/port-forwards/${forward.id}`, { method: 'DELETE', headers })).status).toBe(200);
    expect((await list()).some((f) => f.id === forward.id)).toBe(false);
  });

  it('uses the chosen local port, and says so when it is taken', async () => {
    const { namespace, name: pod, container, port } = await servingPod();
    const blocker = net.createServer();
    const taken = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)));
    try {
      const refused = await start({ context: 'demo', namespace, pod, port, localPort: taken });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain(`local port ${taken} on 127.0.0.1 is in use`);
    } finally {
      blocker.close();
    }
    const chosen = await start({ context: 'demo', namespace, pod, port, localPort: taken });
    expect(chosen.status).toBe(201);
    const forward = (await chosen.json()) as PortForward;
    expect(forward.localPort).toBe(taken);
    expect(await (await fetch(`http://127.0.0.1:${taken}/`)).text()).toContain(`container ${container} port ${port}`);
    await fetch(`${kg.url}/-/port-forwards/${forward.id}`, { method: 'DELETE', headers });
  });

  it("passes on the kubelet's error for a port nothing listens on", async () => {
    const { namespace, name: pod } = await servingPod();
    const forward = (await (await start({ context: 'demo', namespace, pod, port: 1 })).json()) as PortForward;
    // fetch refuses port 1 (a "bad port"): a plain socket asks instead.
    expect(await rawRequest(forward.localPort)).toBe('');
    let lastError: string | undefined;
    for (let i = 0; i < 50 && lastError === undefined; i++) {
      lastError = (await list()).find((f) => f.id === forward.id)?.lastError;
      if (lastError === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(lastError).toContain('dial tcp4 127.0.0.1:1: connect: connection refused');
    await fetch(`${kg.url}/-/port-forwards/${forward.id}`, { method: 'DELETE', headers });
  });

  it('ends the forward, closing its port, when its pod is deleted, and says why', async () => {
    const { namespace, name: pod, port } = await servingPod();
    const forward = (await (await start({ context: 'demo', namespace, pod, port })).json()) as PortForward;
    expect((await fetch(`http://127.0.0.1:${forward.localPort}/`)).status).toBe(200);
    const deleted = await fetch(`${kg.url}/k8s/demo/api/v1/namespaces/${namespace}/pods/${pod}`, { method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
    let ended: PortForward['ended'];
    for (let i = 0; i < 100 && !ended; i++) {
      ended = (await list()).find((f) => f.id === forward.id)?.ended;
      if (!ended) await new Promise((r) => setTimeout(r, 50));
    }
    expect(ended?.reason).toBe('PodDeleted');
    expect(ended?.message).toMatch(new RegExp(`^pod ${pod} (was|is being) deleted$`));
    expect(await refusesConnections(forward.localPort)).toBe(true);
  });

  it('refuses a person who may not create pods/portforward, opening nothing', async () => {
    const { namespace, name: pod, port } = await servingPod();
    const before = (await list()).length;
    const refused = await start({ context: 'demo-viewer', namespace, pod, port });
    expect(refused.status).toBe(403);
    const status = (await refused.json()) as { kind: string; reason: string; message: string };
    expect(status).toMatchObject({ kind: 'Status', reason: 'Forbidden' });
    expect(status.message).toContain('create pods/portforward');
    expect((await list()).length).toBe(before);
  });

  it('refuses a pod that is not there, a bad body, and a cross-site request', async () => {
    const namespace = 'default';
    expect((await start({ context: 'demo', namespace, pod: 'no-such-pod', port: 80 })).status).toBe(404);
    expect((await start({ context: 'demo', namespace, pod: 'x', port: 70000 })).status).toBe(400);
    const crossSite = await fetch(`${kg.url}/-/port-forwards`, {
      method: 'POST',
      headers: { ...headers, Origin: 'http://evil.example' },
      body: JSON.stringify({ context: 'demo', namespace, pod: 'x', port: 80 }),
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(`${kg.url}/-/port-forwards`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(form.status).toBe(415);
  });
});
