import { describe, expect, it } from 'vitest';
import { recordBody, type RecordedRequest } from '../../k8s/request-recorder';
import { curlCommand, shellQuote } from './curl-command';

const get: RecordedRequest = {
  id: 1, startedAt: 0, method: 'GET', context: 'me@prod', path: '/api/v1/pods?limit=5', accept: 'application/json', contentType: null,
  requestBody: null, status: 200, statusText: 'OK', reason: '', durationMs: 1, responseHeaders: [], warnings: [], responseBody: null, failure: null,
};

describe('curlCommand', () => {
  it('repeats a read through the proxy, context encoded', () => {
    expect(curlCommand('http://localhost:8080', get)).toBe(
      `curl -sS -X GET -H 'Accept: application/json' 'http://localhost:8080/k8s/me%40prod/api/v1/pods?limit=5'`,
    );
  });

  it('inlines a short write body, quoted for the shell', () => {
    const post = { ...get, method: 'POST', contentType: 'application/json', requestBody: recordBody(`{"a":"it's"}`) };
    expect(curlCommand('http://h', post)).toBe(
      `curl -sS -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' --data-binary '{"a":"it'\\''s"}' 'http://h/k8s/me%40prod/api/v1/pods?limit=5'`,
    );
  });

  it('reads a multi-line or truncated body from stdin', () => {
    const put = { ...get, method: 'PUT', contentType: 'application/yaml', requestBody: recordBody('a: 1\nb: 2\n') };
    expect(curlCommand('http://h', put)).toContain(`--data-binary @- 'http://h/`);
  });

  it('quotes a single quote', () => {
    expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
  });
});
