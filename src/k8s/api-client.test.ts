import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers';
import { kubeRequest, kubeUrl, withQuery } from './api-client';
import { KubeApiError } from './kube-api-error';
import { requestRecorder } from './request-recorder';
import { readFixture } from '../testing/fixtures';

const fixture = (name: string) => readFixture(`errors/${name}`);

function mockFetch(response: Response | Error) {
  const fn = vi.fn((_url: string, _init?: RequestInit) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function failure(promise: Promise<unknown>): Promise<KubeApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KubeApiError);
    return error as KubeApiError;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('kubeUrl', () => {
  it('prefixes the proxy route and encodes the context', () => {
    expect(kubeUrl('demo', '/api/v1/pods')).toBe('/k8s/demo/api/v1/pods');
    expect(kubeUrl('me@prod/eu', '/api')).toBe('/k8s/me%40prod%2Feu/api');
  });

  it('skips empty query values', () => {
    expect(withQuery('/x', { a: 'b c', b: undefined, c: '', d: 0, e: false })).toBe('/x?a=b+c&d=0&e=false');
    expect(withQuery('/x?y=1', { a: '1' })).toBe('/x?y=1&a=1');
  });
});

describe('kubeRequest', () => {
  it('sends the client header on every request (the server refuses cookie-bearing requests without it)', async () => {
    const fetch = mockFetch(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await kubeRequest('demo', '/api/v1/pods', { method: 'POST', contentType: 'application/json', body: '{}' });
    expect(fetch.mock.calls[0]?.[1]?.headers).toMatchObject({ [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'Content-Type': 'application/json' });
  });

  it('returns the decoded body and warnings of a success', async () => {
    const fetchFn = mockFetch(
      new Response('{"kind":"PodList"}', {
        status: 200,
        headers: { 'content-type': 'application/json', warning: '299 - "policy/v1beta1 PodSecurityPolicy is deprecated"' },
      }),
    );
    const res = await kubeRequest<{ kind: string }>('demo', '/api/v1/pods', { query: { limit: 5 }, accept: 'application/json' });
    expect(res.body.kind).toBe('PodList');
    expect(res.warnings).toEqual(['policy/v1beta1 PodSecurityPolicy is deprecated']);
    expect(fetchFn).toHaveBeenCalledOnce();
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/k8s/demo/api/v1/pods?limit=5');
    expect((init?.headers as Record<string, string>).Accept).toBe('application/json');
  });

  it('decodes UTF-8 as text() does and logs the size of the body as received', async () => {
    // A BOM (dropped by the decoder), 2-, 3- and 4-byte characters, and a byte that is not UTF-8 (U+FFFD).
    const json = new TextEncoder().encode('{"note":"é€😀"}');
    const raw = new Uint8Array([0xef, 0xbb, 0xbf, ...json.slice(0, -2), 0xff, ...json.slice(-2)]);
    mockFetch(new Response(raw, { status: 200, headers: { 'content-type': 'application/json' } }));
    const res = await kubeRequest<{ note: string }>('demo', '/api/v1/namespaces/default/configmaps/utf8');
    expect(res.body.note).toBe('é€😀\uFFFD');
    const logged = requestRecorder.getSnapshot().find((entry) => entry.path === '/api/v1/namespaces/default/configmaps/utf8');
    expect(logged?.responseBody).toEqual({ text: '{"note":"é€😀\uFFFD"}', truncated: false, bytes: raw.byteLength });
  });

  it('decodes a Status body (403 Forbidden fixture)', async () => {
    mockFetch(new Response(fixture('403-forbidden.json'), { status: 403, headers: { 'content-type': 'application/json' } }));
    const error = await failure(kubeRequest('viewer', '/api/v1/namespaces/fx/secrets'));
    expect(error.code).toBe(403);
    expect(error.reason).toBe('Forbidden');
    expect(error.message).toContain('User "viewer" cannot list resource "secrets"');
    expect(error.details).toEqual({ kind: 'secrets' });
    expect(error.raw.status?.kind).toBe('Status');
    expect(error.raw.url).toBe('/k8s/viewer/api/v1/namespaces/fx/secrets');
  });

  it('keeps the causes of a 422 Invalid', async () => {
    mockFetch(new Response(fixture('422-invalid-deployment.json'), { status: 422 }));
    const error = await failure(kubeRequest('demo', '/apis/apps/v1/namespaces/fx/deployments', { method: 'POST', body: '{}' }));
    expect(error.reason).toBe('Invalid');
    expect(error.causes.map((c) => c.field)).toEqual([
      'metadata.name',
      'spec.replicas',
      'spec.template.metadata.labels',
      'spec.template.spec.containers[0].image',
    ]);
    expect(error.raw.method).toBe('POST');
  });

  it('falls back for a text/plain throttling answer and honors Retry-After', async () => {
    mockFetch(
      new Response('Too many requests, please try again later.\n', {
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'content-type': 'text/plain', 'retry-after': '3' },
      }),
    );
    const error = await failure(kubeRequest('demo', '/api/v1/pods'));
    expect(error.code).toBe(429);
    expect(error.reason).toBe('TooManyRequests');
    expect(error.message).toBe('Too many requests, please try again later.');
    expect(error.retryAfterSeconds).toBe(3);
  });

  it('takes retryAfterSeconds from Status details when there is no header', async () => {
    const body = JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Timeout: Too large resource version: 99, current: 12',
      reason: 'Timeout',
      details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
      code: 504,
    });
    mockFetch(new Response(body, { status: 504 }));
    const error = await failure(kubeRequest('demo', '/api/v1/pods'));
    expect(error.retryAfterSeconds).toBe(1);
    expect(error.causes[0]?.reason).toBe('ResourceVersionTooLarge');
  });

  it('turns an HTML proxy page into a readable message', async () => {
    mockFetch(
      new Response('<html><head><title>502 Bad Gateway</title></head><body><h1>Bad</h1></body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
    );
    const error = await failure(kubeRequest('demo', '/api/v1/pods'));
    expect(error.code).toBe(502);
    expect(error.reason).toBe('InternalError');
    expect(error.message).toBe('502 Bad Gateway');
  });

  it('reports a 2xx that is not JSON as a bad gateway, keeping the real status line', async () => {
    const page = '<html><head><title>Sign in</title></head></html>';
    mockFetch(new Response(page, { status: 200, statusText: 'OK', headers: { 'content-type': 'text/html' } }));
    const error = await failure(kubeRequest('demo', '/api/v1/pods'));
    expect(error).toMatchObject({ code: 502, reason: 'InternalError' });
    expect(error.message).toMatch(/answered 200 but the body is not JSON/);
    expect(error.raw).toMatchObject({ httpStatus: 200, statusText: 'OK', body: page });
  });

  it('handles an empty body', async () => {
    mockFetch(new Response(null, { status: 403, statusText: 'Forbidden' }));
    const error = await failure(kubeRequest('demo', '/api/v1/pods'));
    expect(error.reason).toBe('Forbidden');
    expect(error.message).toBe('403 Forbidden');
    expect(error.raw.body).toBe('');
  });

  it('makes a network failure code 0 NetworkError', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await failure(kubeRequest('demo', '/api/v1/pods'));
    expect(error.code).toBe(0);
    expect(error.reason).toBe('NetworkError');
    expect(error.message).toContain('Failed to fetch');
  });

  it('rethrows aborts untouched', async () => {
    mockFetch(new DOMException('aborted', 'AbortError'));
    await expect(kubeRequest('demo', '/api/v1/pods')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
