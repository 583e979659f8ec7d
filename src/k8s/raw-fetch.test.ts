import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRaw } from './raw-fetch';
import { createRequestRecorder } from './request-recorder';

afterEach(() => vi.unstubAllGlobals());

describe('fetchRaw', () => {
  it('keeps a YAML answer as text and records the request as sent', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('kind: ConfigMap\n', { status: 200, headers: { 'Content-Type': 'application/yaml' } })));
    vi.stubGlobal('fetch', fetch);
    const recorder = createRequestRecorder();
    const record = await fetchRaw('demo', '/api/v1/namespaces/a/configmaps/x?pretty=1', { method: 'GET', accept: 'application/yaml' }, recorder);
    expect(fetch).toHaveBeenCalledWith('/k8s/demo/api/v1/namespaces/a/configmaps/x?pretty=1', expect.objectContaining({ method: 'GET', headers: { Accept: 'application/yaml', [CLIENT_HEADER]: CLIENT_HEADER_VALUE } }));
    expect(record).toMatchObject({ method: 'GET', context: 'demo', path: '/api/v1/namespaces/a/configmaps/x?pretty=1', status: 200, reason: '', responseBody: { text: 'kind: ConfigMap\n' } });
    expect(recorder.getSnapshot()).toEqual([record]);
  });

  it('returns a refusal with its Status reason instead of throwing', async () => {
    const status = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'configmaps "x" not found' };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(status), { status: 404, statusText: 'Not Found' })));
    const record = await fetchRaw('demo', '/api/v1/configmaps/x', { method: 'DELETE', accept: 'application/json', contentType: 'application/json', body: '{}' }, createRequestRecorder());
    expect(record).toMatchObject({ method: 'DELETE', status: 404, reason: 'NotFound', contentType: 'application/json', requestBody: { text: '{}' } });
  });

  it('records a network failure with status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const record = await fetchRaw('demo', '/version', { method: 'GET', accept: 'application/json' }, createRequestRecorder());
    expect(record).toMatchObject({ status: 0, failure: 'Failed to fetch', responseBody: null });
    expect(record.reason).not.toBe('');
  });
});
