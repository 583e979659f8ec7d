import { afterEach, describe, expect, it, vi } from 'vitest';
import { kubeRequest } from './api-client';
import { KubeApiError } from './kube-api-error';
import { BODY_LIMIT_BYTES, createRequestRecorder, recordBody, requestRecorder, type RequestRecord } from './request-recorder';

function answered(path: string): RequestRecord {
  return {
    startedAt: 0, method: 'GET', context: 'demo', path, accept: 'application/json', contentType: null, requestBody: undefined,
    status: 200, statusText: 'OK', reason: '', durationMs: 1, responseHeaders: [], warnings: [], responseBody: '{}', failure: null,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  requestRecorder.clear();
});

describe('createRequestRecorder', () => {
  it('keeps only the newest requests, newest first, and tells subscribers', () => {
    const recorder = createRequestRecorder(3);
    const listener = vi.fn();
    const unsubscribe = recorder.subscribe(listener);
    for (const n of [1, 2, 3, 4, 5]) recorder.record(answered(`/api/v1/n${n}`));
    expect(recorder.getSnapshot().map((r) => r.path)).toEqual(['/api/v1/n5', '/api/v1/n4', '/api/v1/n3']);
    expect(recorder.getSnapshot().map((r) => r.id)).toEqual([5, 4, 3]);
    expect(listener).toHaveBeenCalledTimes(5);
    unsubscribe();
    recorder.record(answered('/api/v1/n6'));
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it('holds 2,000 requests by default', () => {
    const recorder = createRequestRecorder();
    for (let n = 0; n < 2005; n++) recorder.record(answered(`/api/v1/n${n}`));
    expect(recorder.getSnapshot()).toHaveLength(2000);
    expect(recorder.getSnapshot()[1999]?.path).toBe('/api/v1/n5');
  });

  it('drops cookies from the response headers', () => {
    const recorder = createRequestRecorder();
    recorder.record({ ...answered('/api'), responseHeaders: [['content-type', 'application/json'], ['Set-Cookie', 'a=b']] });
    expect(recorder.getSnapshot()[0]?.responseHeaders).toEqual([['content-type', 'application/json']]);
  });
});

describe('recordBody', () => {
  it('keeps a body up to the limit whole', () => {
    expect(recordBody('abc', 3)).toEqual({ text: 'abc', truncated: false, bytes: 3 });
  });

  it('cuts a body past 256 KiB and marks it truncated, counting UTF-8 bytes', () => {
    const body = recordBody('é'.repeat(BODY_LIMIT_BYTES));
    expect(body.truncated).toBe(true);
    expect(body.bytes).toBe(2 * BODY_LIMIT_BYTES);
    expect(new TextEncoder().encode(body.text).byteLength).toBe(BODY_LIMIT_BYTES);
  });
});

describe('fetchJson records', () => {
  it('a success: path with query without the proxy prefix, headers, warnings, body and size', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('{"kind":"PodList"}', { status: 200, headers: { 'content-type': 'application/json', warning: '299 - "old"' } })),
    );
    await kubeRequest('demo', '/api/v1/pods', { query: { limit: 5 }, accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
    const [entry] = requestRecorder.getSnapshot();
    expect(entry).toMatchObject({
      method: 'GET', context: 'demo', path: '/api/v1/pods?limit=5', accept: 'application/json;as=Table;v=v1;g=meta.k8s.io',
      status: 200, reason: '', warnings: ['old'], failure: null, responseBody: { text: '{"kind":"PodList"}', truncated: false, bytes: 18 },
    });
    expect(entry?.responseHeaders).toContainEqual(['content-type', 'application/json']);
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a write: its content type and body', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 201 })));
    await kubeRequest('demo', '/api/v1/namespaces/default/configmaps', { method: 'POST', contentType: 'application/json', body: '{"a":1}' });
    expect(requestRecorder.getSnapshot()[0]).toMatchObject({ method: 'POST', status: 201, contentType: 'application/json', requestBody: { text: '{"a":1}' } });
  });

  it('a KubeApiError with its status and reason', async () => {
    const status = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'pods "x" not found' };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(status), { status: 404, statusText: 'Not Found' })));
    await expect(kubeRequest('demo', '/api/v1/namespaces/default/pods/x')).rejects.toBeInstanceOf(KubeApiError);
    expect(requestRecorder.getSnapshot()[0]).toMatchObject({ status: 404, statusText: 'Not Found', reason: 'NotFound', responseBody: { text: JSON.stringify(status) } });
  });

  it('a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(kubeRequest('demo', '/api')).rejects.toMatchObject({ code: 0 });
    expect(requestRecorder.getSnapshot()[0]).toMatchObject({ path: '/api', status: 0, reason: 'NetworkError', failure: 'Failed to fetch', responseBody: null });
  });
});
