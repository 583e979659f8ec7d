import { describe, expect, it } from 'vitest';
import { recordBody, type RecordedRequest } from '../../k8s/request-recorder';
import { curlCommand, isLoopbackOrigin, shellQuote } from './curl-command';

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
    expect(curlCommand('http://localhost', post)).toBe(
      `curl -sS -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' --data-binary '{"a":"it'\\''s"}' 'http://localhost/k8s/me%40prod/api/v1/pods?limit=5'`,
    );
  });

  it('reads a multi-line or truncated body from stdin', () => {
    const put = { ...get, method: 'PUT', contentType: 'application/yaml', requestBody: recordBody('a: 1\nb: 2\n') };
    expect(curlCommand('http://localhost', put)).toContain(`--data-binary @- 'http://localhost/`);
  });

  it('beyond loopback sends the access token from $KUBEGLASS_TOKEN as a Bearer header and says where it comes from', () => {
    const line = curlCommand('http://10.1.2.3:7070', get);
    expect(line).toBe(
      `curl -sS -X GET -H 'Accept: application/json' -H "Authorization: Bearer $KUBEGLASS_TOKEN" 'http://10.1.2.3:7070/k8s/me%40prod/api/v1/pods?limit=5'` +
        ' # set KUBEGLASS_TOKEN to the access token kubeglass printed at start',
    );
    // The note is a shell comment after the whole command: pasted, the line still runs.
    expect(line.indexOf('#')).toBeGreaterThan(line.indexOf(`'http://10.1.2.3:7070/`));
    expect(curlCommand('http://kubeglass.internal', get)).toContain('-H "Authorization: Bearer $KUBEGLASS_TOKEN"');
    expect(curlCommand('http://[fd00::1]:7070', get)).toContain('$KUBEGLASS_TOKEN');
  });

  it('on loopback adds no token: none is demanded there', () => {
    for (const origin of ['http://127.0.0.1:7070', 'http://127.8.9.10', 'http://localhost:5173', 'http://[::1]:7070']) {
      expect(isLoopbackOrigin(origin)).toBe(true);
      expect(curlCommand(origin, get)).not.toContain('Authorization');
    }
    expect(isLoopbackOrigin('http://127.0.0.1.nip.io')).toBe(false);
  });

  it('a caller that knows whether the token is demanded overrides the guess from the origin', () => {
    expect(curlCommand('http://127.0.0.1:7070', get, { accessToken: true })).toContain('-H "Authorization: Bearer $KUBEGLASS_TOKEN"');
    expect(curlCommand('http://10.1.2.3:7070', get, { accessToken: false })).not.toContain('KUBEGLASS_TOKEN');
  });

  it('quotes a single quote', () => {
    expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
  });
});
