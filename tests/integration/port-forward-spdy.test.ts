// The server's SPDY/3.1 port-forward client against the demo cluster, directly and as the fallback of a WebSocket
// upgrade the API server refuses (an upstream here that answers WebSocket upgrades 400 and passes SPDY ones on).
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import type { ContextTarget } from '../../server/contexts.js';
import { FAKE_TOKEN, registryFor } from '../../server/testing/fake-upstream.js';
import type { Person } from '../../server/person.js';
import { spdyTunnel } from '../../server/port-forward/spdy-tunnel.js';
import { tunnel, type TunnelEvents } from '../../server/port-forward/tunnel.js';

const person: Person = { cacheKey: 'kubeconfig', limitKey: 'test' };
let cluster: Awaited<ReturnType<typeof startDemoCluster>>;
let refusing: http.Server;
let direct: ContextTarget;
let viaRefusing: ContextTarget;
let pod: { namespace: string; name: string; container: string; port: number };

beforeAll(async () => {
  cluster = await startDemoCluster({ port: 0, tokens: { admin: FAKE_TOKEN, viewer: 'viewer-token' } });
  direct = registryFor(cluster.url).get('fake') as ContextTarget;
  const demo = new URL(cluster.url);
  refusing = http.createServer((_req, res) => res.writeHead(404).end());
  refusing.on('upgrade', (req, socket, head) => {
    if ((req.headers.upgrade ?? '').toLowerCase() === 'websocket') {
      socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    const upstream = net.connect(Number(demo.port), demo.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i] ?? ''}: ${req.rawHeaders[i + 1] ?? ''}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const port = await new Promise<number>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve((refusing.address() as net.AddressInfo).port)));
  viaRefusing = registryFor(`http://127.0.0.1:${port}`).get('fake') as ContextTarget;
  const list = (await (await fetch(`${cluster.url}/api/v1/pods?fieldSelector=status.phase%3DRunning`, { headers: { Authorization: `Bearer ${FAKE_TOKEN}` } })).json()) as {
    items: Array<{ metadata: { namespace: string; name: string }; spec: { containers: Array<{ name: string; ports?: Array<{ containerPort: number }> }> } }>;
  };
  const found = list.items.find((p) => p.spec.containers[0]?.ports?.[0] !== undefined);
  if (!found) throw new Error('no Running pod with a port');
  pod = { namespace: found.metadata.namespace, name: found.metadata.name, container: found.spec.containers[0]?.name ?? '', port: found.spec.containers[0]?.ports?.[0]?.containerPort ?? 0 };
});

afterAll(async () => {
  refusing?.close();
  await cluster?.close();
});

/** A local listener whose connections go through `carry`; resolves with its port and the errors reported. */
async function listen(carry: (socket: net.Socket, events: TunnelEvents) => void): Promise<{ port: number; errors: string[]; bytes: { in: number; out: number }; close: () => void }> {
  const errors: string[] = [];
  const bytes = { in: 0, out: 0 };
  const server = net.createServer((socket) => carry(socket, { error: (m) => void errors.push(m), bytesIn: (n) => void (bytes.in += n), bytesOut: (n) => void (bytes.out += n) }));
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return { port, errors, bytes, close: () => server.close() };
}

describe('port forward over SPDY/3.1', () => {
  it('carries HTTP to the pod and back', async () => {
    const local = await listen((socket, events) => void spdyTunnel(direct, person, { namespace: pod.namespace, pod: pod.name, port: pod.port }, socket, [], events));
    try {
      const answer = await fetch(`http://127.0.0.1:${local.port}/spdy`, { headers: { Connection: 'close' } });
      expect(await answer.text()).toBe(`pod ${pod.namespace}/${pod.name} container ${pod.container} port ${pod.port}\nGET /spdy\n`);
      expect(local.bytes.in).toBeGreaterThan(100);
      expect(local.bytes.out).toBeGreaterThan(0);
      expect(local.errors).toEqual([]);
    } finally {
      local.close();
    }
  });

  it("reports the kubelet's error for a port nothing listens on", async () => {
    const local = await listen((socket, events) => void spdyTunnel(direct, person, { namespace: pod.namespace, pod: pod.name, port: 1 }, socket, [], events));
    try {
      await fetch(`http://127.0.0.1:${local.port}/`).catch(() => undefined);
      await expect.poll(() => local.errors.join(' ')).toContain('dial tcp4 127.0.0.1:1: connect: connection refused');
    } finally {
      local.close();
    }
  });

  it('is what the WebSocket tunnel falls back to when the upgrade is refused', async () => {
    const local = await listen((socket, events) => void tunnel(viaRefusing, person, { namespace: pod.namespace, pod: pod.name, port: pod.port }, socket, events));
    try {
      const answer = await fetch(`http://127.0.0.1:${local.port}/fallback`, { headers: { Connection: 'close' } });
      expect(await answer.text()).toContain('GET /fallback');
      expect(local.errors).toEqual([]);
    } finally {
      local.close();
    }
  });
});
