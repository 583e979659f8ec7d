import http from 'node:http';
import type https from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ContextTarget } from './contexts.js';
import { discardUpstreamRequest, upstreamRequestOptions } from './upstream.js';

/** A context whose credentials are what `credentials()` gives at each request (an exec plugin may rotate them). */
function contextWith(credentials: () => Pick<https.RequestOptions, 'ca' | 'cert' | 'key'>): ContextTarget {
  const kubeConfig = {
    applyToHTTPSOptions: (options: https.RequestOptions) => {
      Object.assign(options, credentials());
      return Promise.resolve();
    },
    getCurrentCluster: () => ({ name: 'c', server: 'https://127.0.0.1:6443' }),
  };
  // Only what upstreamRequestOptions reads of a target.
  return { info: { name: 'c' }, server: new URL('https://127.0.0.1:6443'), kubeConfig } as unknown as ContextTarget;
}

const optionsFor = (target: ContextTarget) => upstreamRequestOptions(target, { method: 'GET', pathAndQuery: '/api', headers: {} });

describe('the keep-alive agent of a context', () => {
  it('is kept while the credentials are the same bytes, read afresh or not', async () => {
    const target = contextWith(() => ({ ca: [Buffer.from('ca-1')], cert: Buffer.from('cert-1'), key: 'key-1' }));
    const first = await optionsFor(target);
    const second = await optionsFor(target);
    expect(first.agent).toBeDefined();
    expect(second.agent).toBe(first.agent);
  });

  it('is replaced when a certificate, key or CA changes', async () => {
    let cert = 'cert-1';
    let ca = ['ca-1'];
    const target = contextWith(() => ({ ca: ca.map((c) => Buffer.from(c)), cert: Buffer.from(cert), key: 'key-1' }));
    const first = await optionsFor(target);
    cert = 'cert-2';
    const rotated = await optionsFor(target);
    expect(rotated.agent).not.toBe(first.agent);
    ca = ['ca-1', 'ca-2'];
    const moreCas = await optionsFor(target);
    expect(moreCas.agent).not.toBe(rotated.agent);
    expect((await optionsFor(target)).agent).toBe(moreCas.agent);
  });
});

describe('discardUpstreamRequest', () => {
  it('ends a request before its response without an unhandled socket hang up', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const request = http.request({ host: '127.0.0.1', port, path: '/api/v1/pods?watch=1' });
    const closed = new Promise<void>((resolve) => request.on('close', resolve));
    discardUpstreamRequest(request);
    await closed;
    expect(request.destroyed).toBe(true);
    server.close();
  });
});
