import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKubeglassServer } from './app.js';
import { buildContextRegistry, loadKubeconfig } from './contexts.js';
import { request } from './testing/fake-upstream.js';
import { kubeconfigFile } from './testing/kubeconfig-file.js';

// A self-signed certificate for 127.0.0.1 made for these tests only (openssl req -x509 ... -days 36500).
const cert = readFileSync(new URL('./testing/test-only-cert.pem', import.meta.url));
const key = readFileSync(new URL('./testing/test-only-key.pem', import.meta.url));
const b64 = (data: Buffer) => data.toString('base64');

interface Seen {
  authorization?: string;
  clientCertCN?: string;
  remotePort?: number;
}

let server: https.Server;
let serverUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = https.createServer({ cert, key, ca: [cert], requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const socket = req.socket as TLSSocket;
    const peer = socket.getPeerCertificate();
    seen.push({
      authorization: req.headers.authorization,
      clientCertCN: socket.authorized ? (peer.subject?.CN as string | undefined) : undefined,
      remotePort: socket.remotePort,
    });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"kind":"APIVersions","versions":["v1"]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Runs kubeglass with a one-context kubeconfig (cluster and user YAML given) and GETs /k8s/tls/api. */
async function getThrough(clusterYaml: string, userYaml: string, times = 1): Promise<Array<{ status: number; body: string }>> {
  const path = kubeconfigFile(`clusters: [{name: c, cluster: {server: "${serverUrl}", ${clusterYaml}}}]
users: [{name: u, user: {${userYaml}}}]
contexts: [{name: tls, context: {cluster: c, user: u}}]
`);
  const app = createKubeglassServer({ contexts: buildContextRegistry({ kubeconfig: loadKubeconfig({ path }) }), staticDir: dirname(path) });
  const port = await app.listen(0, '127.0.0.1');
  try {
    const results = [];
    for (let i = 0; i < times; i++) results.push(await request(`http://127.0.0.1:${port}/k8s/tls/api`));
    return results;
  } finally {
    await app.close();
  }
}

describe('TLS and credentials from kubeconfig', () => {
  it('verifies the server with certificate-authority-data and sends the bearer token', async () => {
    seen.length = 0;
    const [res] = await getThrough(`certificate-authority-data: ${b64(cert)}`, 'token: tls-token');
    expect(res?.status).toBe(200);
    expect(seen[0]?.authorization).toBe('Bearer tls-token');
  });

  it('presents the client certificate of the user', async () => {
    seen.length = 0;
    const [res] = await getThrough(`certificate-authority-data: ${b64(cert)}`, `client-certificate-data: ${b64(cert)}, client-key-data: ${b64(key)}`);
    expect(res?.status).toBe(200);
    expect(seen[0]?.clientCertCN).toBe('kubeglass-test');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('refuses an unverifiable server certificate with a 502 Status', async () => {
    seen.length = 0;
    const [res] = await getThrough('certificate-authority-data: ""', 'token: tls-token');
    expect(res?.status).toBe(502);
    const status = JSON.parse(res?.body ?? '{}');
    expect(status).toMatchObject({ kind: 'Status', status: 'Failure', code: 502, reason: 'InternalError' });
    expect(status.message).toContain('self-signed certificate');
    expect(seen).toHaveLength(0);
  });

  it('honours insecure-skip-tls-verify', async () => {
    const [res] = await getThrough('insecure-skip-tls-verify: true', 'token: tls-token');
    expect(res?.status).toBe(200);
  });

  it('reuses one keep-alive connection for successive requests', async () => {
    seen.length = 0;
    const results = await getThrough(`certificate-authority-data: ${b64(cert)}`, 'token: tls-token', 3);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(seen.map((s) => s.remotePort)).size).toBe(1);
  });
});
