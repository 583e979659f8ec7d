import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKubeglassServer, type KubeglassServer } from './app.js';
import { buildContextRegistry, loadKubeconfig } from './contexts.js';
import {
  connectWebSocket,
  FAKE_TOKEN,
  request,
  startFakeUpstream,
  waitUntil,
  writeKubeconfig,
  type FakeUpstream,
} from './testing/fake-upstream.js';

let upstream: FakeUpstream;
let app: KubeglassServer;
let base: string;

async function startApp(serverUrl: string): Promise<void> {
  const contexts = buildContextRegistry({ kubeconfig: loadKubeconfig({ path: writeKubeconfig(serverUrl) }) });
  app = createKubeglassServer({ contexts, staticDir: '/nonexistent' });
  base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
}

beforeEach(async () => {
  upstream = await startFakeUpstream();
  await startApp(upstream.url);
});

afterEach(async () => {
  await app.close();
  await upstream.close();
});

describe('/k8s/{context} proxy', () => {
  it('injects the kubeconfig credentials and strips the client own credentials, cookies and Origin', async () => {
    const res = await request(`${base}/k8s/fake/api/v1/namespaces/default/pods?limit=500&labelSelector=app%3Dweb`, {
      headers: {
        Authorization: 'Bearer token-from-kubectl',
        Cookie: 'session=abc',
        'Impersonate-User': 'system:admin',
        Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
        'User-Agent': 'kubectl/v1.32.4',
        'If-None-Match': '"etag-1"',
      },
    });
    expect(res.status).toBe(200);
    const seen = upstream.requests[0];
    expect(seen?.url).toBe('/api/v1/namespaces/default/pods?limit=500&labelSelector=app%3Dweb');
    expect(seen?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.origin).toBeUndefined();
    expect(seen?.headers['impersonate-user']).toBeUndefined();
    expect(seen?.headers.accept).toBe('application/json;as=Table;v=v1;g=meta.k8s.io,application/json');
    expect(seen?.headers['user-agent']).toBe('kubectl/v1.32.4');
    expect(seen?.headers['if-none-match']).toBe('"etag-1"');
  });

  it("names a browser's request as kubeglass's, so the API server answers compact JSON (curl keeps its pretty output)", async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    await request(`${base}/k8s/fake/api/v1/pods`, { headers: { 'User-Agent': browser } });
    await request(`${base}/k8s/fake/api/v1/pods`, { headers: { 'User-Agent': 'curl/7.88.1' } });
    expect(upstream.requests[0]?.headers['user-agent']).toBe(`kubeglass (${browser})`);
    expect(upstream.requests[1]?.headers['user-agent']).toBe('curl/7.88.1');
  });

  it('passes method, body and Content-Type through and relays status and API headers back', async () => {
    upstream.handler = (_req, res, recorded) => {
      res.writeHead(409, {
        'Content-Type': 'application/json',
        Warning: ['299 - "unknown field \\"spec.foo\\""', '299 - "second warning"'],
        'Retry-After': '3',
        ETag: '"abc"',
        'Cache-Control': 'public',
        Vary: 'Accept',
        'Set-Cookie': 'upstream=1',
        'X-Internal': 'hidden',
      });
      res.end(JSON.stringify({ kind: 'Status', code: 409, echoed: recorded.body }));
    };
    const body = JSON.stringify({ data: { a: '1' } });
    const res = await request(`${base}/k8s/fake/api/v1/namespaces/default/configmaps/c1?fieldManager=kubeglass`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body,
    });
    expect(upstream.requests[0]).toMatchObject({ method: 'PATCH', body });
    expect(upstream.requests[0]?.headers['content-type']).toBe('application/merge-patch+json');
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body)).toEqual({ kind: 'Status', code: 409, echoed: body });
    expect(res.headers.warning).toBe('299 - "unknown field \\"spec.foo\\"", 299 - "second warning"');
    expect(res.headers['retry-after']).toBe('3');
    expect(res.headers.etag).toBe('"abc"');
    // Whatever the cluster says, no /k8s/ body (a Secret's) may land in the browser's disk cache.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-internal']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('streams a watch response chunk by chunk and aborts upstream when the client disconnects', async () => {
    let upstreamRes: http.ServerResponse | undefined;
    upstream.handler = (_req, res) => {
      upstreamRes = res;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
      res.write('{"type":"ADDED","object":{"metadata":{"name":"a"}}}\n');
    };
    const received: string[] = [];
    const clientReq = http.get(`${base}/k8s/fake/api/v1/pods?watch=1`);
    const response = await new Promise<http.IncomingMessage>((resolve) => clientReq.on('response', resolve));
    expect(response.statusCode).toBe(200);
    response.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    await waitUntil(() => received.join('').includes('"a"'), 3000, 'first event');
    upstreamRes?.write('{"type":"MODIFIED","object":{"metadata":{"name":"a"}}}\n');
    await waitUntil(() => received.join('').includes('MODIFIED'), 3000, 'second event');
    let upstreamClosed = false;
    void upstream.requests[0]?.closed.then(() => {
      upstreamClosed = true;
    });
    expect(upstreamClosed).toBe(false);
    clientReq.destroy();
    await waitUntil(() => upstreamClosed, 3000, 'the upstream watch to be aborted');
    expect(upstreamRes?.writableEnded).toBe(false);
  });

  it('answers an unknown context with a 404 Status', async () => {
    const res = await request(`${base}/k8s/nope/api/v1/pods`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'kubeglass has no context named "nope"',
      reason: 'NotFound',
      code: 404,
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers an unreachable API server with a 503 Status', async () => {
    await app.close();
    const closed = await startFakeUpstream();
    const deadUrl = closed.url;
    await closed.close();
    await startApp(deadUrl);
    const res = await request(`${base}/k8s/fake/api`);
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'ServiceUnavailable', code: 503 });
    expect(JSON.parse(res.body).message).toContain('ECONNREFUSED');
  });

  it('refuses dot segments with a 400 Status', async () => {
    const res = await request(`${base}/k8s/fake/api/v1/../../secret`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ kind: 'Status', reason: 'BadRequest', code: 400 });
  });

  it('keeps the server URL path prefix and rewrites same-server redirects into /k8s/{context}', async () => {
    await app.close();
    await startApp(`${upstream.url}/prefix/cluster-1`);
    upstream.handler = (_req, res) => {
      res.writeHead(301, { Location: `${upstream.url}/prefix/cluster-1/openapi/v3/apis/apps/v1?hash=NEW` });
      res.end();
    };
    const res = await request(`${base}/k8s/fake/openapi/v3/apis/apps/v1?hash=OLD`);
    expect(upstream.requests[0]?.url).toBe('/prefix/cluster-1/openapi/v3/apis/apps/v1?hash=OLD');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/k8s/fake/openapi/v3/apis/apps/v1?hash=NEW');
  });
});

describe('/k8s/{context} WebSocket upgrades', () => {
  it('proxies the handshake with an Origin of the upstream and without the client bearer token', async () => {
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ noServer: true });
    const seen: http.IncomingHttpHeaders[] = [];
    const streamVersions: Array<string[] | undefined> = [];
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => {
      seen.push(req.headers);
      streamVersions.push(req.headersDistinct['x-stream-protocol-version']);
      wss.handleUpgrade(req, socket, head, (ws) => ws.send('{"type":"ADDED","object":{}}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    await app.close();
    await startApp(upstreamUrl);
    try {
      const attempt = await connectWebSocket(
        `${base.replace('http', 'ws')}/k8s/fake/api/v1/pods?watch=1`,
        { Authorization: 'Bearer client-token', 'X-Stream-Protocol-Version': ['v4.channel.k8s.io', 'v3.channel.k8s.io'] },
        ['base64url.bearer.authorization.k8s.io.dG9rZW4', 'v4.channel.k8s.io'],
      );
      if (!('ws' in attempt)) throw new Error(`refused: ${attempt.status} ${attempt.body}`);
      expect(await attempt.received.waitFor(1)).toEqual([{ type: 'ADDED', object: {} }]);
      expect(attempt.ws.protocol).toBe('v4.channel.k8s.io');
      expect(seen[0]?.origin).toBe(upstreamUrl);
      expect(seen[0]?.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
      expect(seen[0]?.['sec-websocket-protocol']).toBe('v4.channel.k8s.io');
      expect(streamVersions[0]).toEqual(['v4.channel.k8s.io', 'v3.channel.k8s.io']);
      attempt.ws.close();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('relays an upstream refusal of the upgrade', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'text/plain' });
      res.end('no websocket for you');
    };
    const attempt = await connectWebSocket(`${base.replace('http', 'ws')}/k8s/fake/api/v1/pods?watch=1`);
    expect(attempt).toEqual({ status: 403, body: 'no websocket for you' });
  });
});
