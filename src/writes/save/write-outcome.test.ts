import { describe, expect, it } from 'vitest';
import { decodeErrorResponse, networkError } from '../../k8s/kube-api-error';
import { writeOutcome } from './write-outcome';

const URL = '/k8s/demo/api/v1/namespaces/default/configmaps/c1';

function statusError(method: string, code: number, reason: string, message = 'refused') {
  const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message });
  return decodeErrorResponse({ method, url: URL, httpStatus: code, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), body });
}

function textError(method: string, httpStatus: number, statusText: string, body: string, contentType = 'text/html') {
  return decodeErrorResponse({ method, url: URL, httpStatus, statusText, headers: new Headers({ 'content-type': contentType }), body });
}

describe('writeOutcome', () => {
  it.each([
    [400, 'BadRequest'],
    [403, 'Forbidden'],
    [404, 'NotFound'],
    [409, 'Conflict'],
    [409, 'AlreadyExists'],
    [422, 'Invalid'],
    [429, 'TooManyRequests'],
    [501, 'NotImplemented'],
  ])('a %i %s Status to a PUT: not done (the API refused it)', (code, reason) => {
    const outcome = writeOutcome(statusError('PUT', code, reason));
    expect(outcome.known).toBe('not-done');
    expect(outcome.why).toContain(String(code));
  });

  it('a 4xx a proxy sends without a Status (413 from nginx): not done', () => {
    expect(writeOutcome(textError('POST', 413, 'Payload Too Large', '<html>413</html>')).known).toBe('not-done');
  });

  it.each(['NetworkError', 'ClientTimeout'])('no answer (%s, code 0): unknown', (reason) => {
    const cause = reason === 'ClientTimeout' ? Object.assign(new Error('signal timed out'), { name: 'TimeoutError' }) : new TypeError('Failed to fetch');
    const error = networkError('DELETE', URL, cause);
    expect(error.reason).toBe(reason);
    const outcome = writeOutcome(error);
    expect(outcome.known).toBe('unknown');
    expect(outcome.why).toMatch(reason === 'ClientTimeout' ? /in time/ : /connection failed/);
  });

  it.each([
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
    [500, 'Internal Server Error'],
  ])('a %i from a proxy without a Status: unknown', (code, text) => {
    const outcome = writeOutcome(textError('PATCH', code, text, `<html><body>${text}</body></html>`));
    expect(outcome).toEqual({ known: 'unknown', why: expect.stringContaining('without a Status') });
  });

  it('a 504 Timeout Status: unknown, the server says it may still complete', () => {
    const outcome = writeOutcome(statusError('POST', 504, 'Timeout', 'Timeout: request did not complete within requested timeout'));
    expect(outcome.known).toBe('unknown');
    expect(outcome.why).toMatch(/may still complete/);
  });

  it.each([
    [500, 'InternalError'],
    [500, 'ServerTimeout'],
    [503, 'ServiceUnavailable'],
  ])('a %i %s Status (an aggregated API, etcd, a webhook): unknown, it may have been applied', (code, reason) => {
    expect(writeOutcome(statusError('PUT', code, reason)).known).toBe('unknown');
  });

  it('a 408 on the way: unknown', () => {
    expect(writeOutcome(textError('PUT', 408, 'Request Timeout', 'timeout', 'text/plain')).known).toBe('unknown');
  });

  it('a 2xx whose body is not JSON: unknown (probably applied)', () => {
    const error = decodeErrorResponse({
      method: 'POST', url: URL, httpStatus: 201, statusText: 'Created', headers: new Headers({ 'content-type': 'text/html' }), body: '<html>rewritten</html>',
      failure: { code: 502, message: 'not JSON' },
    });
    expect(writeOutcome(error)).toEqual({ known: 'unknown', why: expect.stringContaining('201') });
  });

  it('a GET that failed before the write (a schema, the latest after a 409): not done, whatever its code', () => {
    expect(writeOutcome(networkError('GET', URL, new TypeError('Failed to fetch'))).known).toBe('not-done');
    expect(writeOutcome(statusError('GET', 503, 'ServiceUnavailable')).known).toBe('not-done');
  });

  it('an error that is not a KubeApiError: unknown, never done', () => {
    expect(writeOutcome(new Error('boom')).known).toBe('unknown');
    expect(writeOutcome('boom').known).toBe('unknown');
  });
});
