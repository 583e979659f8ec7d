// Response compression against kube-apiserver 1.20.2's behavior (checked with curl): a list over 128 KiB is gzip
// when Accept-Encoding lists gzip, with Vary: Accept-Encoding; small bodies, watches and clients that do not
// ask stay plain.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';

const cluster = useCluster({ seed: { pods: 2000 } });

interface Raw {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(path: string, headers: Record<string, string>): Promise<Raw> {
  const { url, tokens } = cluster.handle;
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}${path}`, { headers: { Authorization: `Bearer ${tokens.admin}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';

describe('response compression', () => {
  it('gzips a list over 128 KiB for a client that accepts gzip, and the body is the same JSON', async () => {
    const zipped = await rawGet('/api/v1/pods?limit=1000', { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: TABLE });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    const plain = await rawGet('/api/v1/pods?limit=1000', { Accept: TABLE });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(128 * 1024);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    const a = JSON.parse(gunzipSync(zipped.body).toString()) as { rows: unknown[]; kind: string };
    const b = JSON.parse(plain.body.toString()) as { rows: unknown[]; kind: string };
    expect(a.kind).toBe('Table');
    expect(a.rows).toHaveLength(b.rows.length);
  });

  it('leaves small bodies, watches, q-valued tokens and other encodings plain', async () => {
    const small = await rawGet('/api/v1/pods?limit=5', { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    // The apiserver matches the exact token: "gzip;q=1.0" is not it.
    const qValued = await rawGet('/api/v1/pods?limit=1000', { 'Accept-Encoding': 'gzip;q=1.0' });
    expect(qValued.headers['content-encoding']).toBeUndefined();
    const br = await rawGet('/api/v1/pods?limit=1000', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBeUndefined();
    const watch = await rawGet('/api/v1/pods?watch=1&timeoutSeconds=1', { 'Accept-Encoding': 'gzip' });
    expect(watch.headers['content-encoding']).toBeUndefined();
    expect(watch.body.toString()).toContain('"type":"ADDED"');
  });

  it('gzips /openapi/v2 as kube-openapi does: Vary names Accept-Encoding (gziphandler, always), then Accept', async () => {
    const doc = await rawGet('/openapi/v2', { 'Accept-Encoding': 'gzip' });
    expect(doc.headers['content-encoding']).toBe('gzip');
    expect(doc.headers.vary).toBe('Accept-Encoding, Accept');
    expect((await rawGet('/openapi/v2', {})).headers.vary).toBe('Accept-Encoding, Accept');
    expect(JSON.parse(gunzipSync(doc.body).toString())).toHaveProperty('swagger', '2.0');
  });
});
