import { afterEach, describe, expect, it, vi } from 'vitest';
import { kubeRequest } from './api-client';
import { KubeApiError } from './kube-api-error';
import { BODY_LIMIT_BYTES, createRequestRecorder, recordBody, recordReceivedBody, requestRecorder, RETRY_WINDOW_MS, type RequestRecord } from './request-recorder';

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

describe('retry marks', () => {
  const failed = (path: string, startedAt: number, status: number, extra: Partial<RequestRecord> = {}): RequestRecord => ({
    ...answered(path), startedAt, durationMs: 100, status, reason: status ? 'ServiceUnavailable' : 'NetworkError', ...extra,
  });

  it('marks a read that repeats a retryable failure of the same URL, counting retries and the wait', () => {
    const recorder = createRequestRecorder();
    recorder.record(failed('/api/v1/pods', 1_000, 503, { responseHeaders: [['Retry-After', '2']] }));
    recorder.record(failed('/api/v1/pods', 3_100, 429));
    recorder.record({ ...answered('/api/v1/pods'), startedAt: 5_200 });
    const [third, second, first] = recorder.getSnapshot();
    expect(first?.retryOf).toBeUndefined();
    expect(second?.retryOf).toEqual({ retry: 1, afterId: first?.id, waitedMs: 2_000, retryAfterSeconds: 2 });
    expect(third?.retryOf).toEqual({ retry: 2, afterId: second?.id, waitedMs: 2_000, retryAfterSeconds: null });
  });

  it('counts a network failure as retryable, but not an abort, a 4xx, a success or another URL', () => {
    const recorder = createRequestRecorder();
    const marks = (previous: RequestRecord, next: RequestRecord = { ...answered('/api'), startedAt: 2_000 }) => {
      recorder.clear();
      recorder.record(previous);
      recorder.record(next);
      return recorder.getSnapshot()[0]?.retryOf?.retry;
    };
    expect(marks(failed('/api', 1_000, 0))).toBe(1);
    expect(marks(failed('/api', 1_000, 500))).toBe(1);
    expect(marks(failed('/api', 1_000, 0, { reason: 'Aborted' }))).toBeUndefined();
    expect(marks(failed('/api', 1_000, 404))).toBeUndefined();
    expect(marks({ ...answered('/api'), startedAt: 1_000 })).toBeUndefined();
    expect(marks(failed('/api', 1_000, 503, { context: 'other' }))).toBeUndefined();
    expect(marks(failed('/apis', 1_000, 503))).toBeUndefined();
  });

  it('never marks a write, and not a read sent long after the failure', () => {
    const recorder = createRequestRecorder();
    recorder.record(failed('/api/v1/namespaces/a/configmaps', 0, 503, { method: 'POST' }));
    recorder.record({ ...answered('/api/v1/namespaces/a/configmaps'), method: 'POST', startedAt: 1_000 });
    expect(recorder.getSnapshot()[0]?.retryOf).toBeUndefined();
    recorder.record(failed('/api', 0, 503));
    recorder.record({ ...answered('/api'), startedAt: 100 + RETRY_WINDOW_MS + 1 });
    expect(recorder.getSnapshot()[0]?.retryOf).toBeUndefined();
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

describe('recordBody byte counts', () => {
  it('counts UTF-8 bytes as TextEncoder would: ASCII, two- and three-byte characters, surrogate pairs and lone surrogates', () => {
    for (const text of ['plain', 'é', 'ü€', '😀x', 'a\uD800b', '\uDC00', 'x😀😀é€'.repeat(50), `${'a'.repeat(3000)}é${'b'.repeat(3000)}😀\uD83D`]) {
      expect(recordBody(text, 1 << 20).bytes).toBe(new TextEncoder().encode(text).byteLength);
    }
    const cut = recordBody('€'.repeat(100), 10);
    expect(cut).toMatchObject({ truncated: true, bytes: 300 });
    expect(new TextEncoder().encode(cut.text.replace(/\uFFFD$/, '')).byteLength).toBeLessThanOrEqual(10);
  });
});

describe('recordReceivedBody', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('keeps a body up to the limit whole, sized in the bytes received', () => {
    const raw = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"a":"é"}')]);
    expect(recordReceivedBody('{"a":"é"}', raw, raw.byteLength)).toEqual({ text: '{"a":"é"}', truncated: false, bytes: 13 });
  });

  it('cuts past the limit at that many bytes, a character cut in half shown as U+FFFD', () => {
    const text = `${'a'.repeat(9)}€€`;
    expect(recordReceivedBody(text, utf8(text), 10)).toEqual({ text: `${'a'.repeat(9)}\uFFFD`, truncated: true, bytes: 15 });
    expect(recordReceivedBody(text, utf8(text), 12)).toEqual({ text: `${'a'.repeat(9)}€`, truncated: true, bytes: 15 });
    const big = 'x'.repeat(BODY_LIMIT_BYTES + 1);
    expect(recordReceivedBody(big, utf8(big))).toEqual({ text: 'x'.repeat(BODY_LIMIT_BYTES), truncated: true, bytes: BODY_LIMIT_BYTES + 1 });
  });
});
