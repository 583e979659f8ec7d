import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, readFixture, readJsonFixture } from '../testing/fixtures';
import { decodeErrorResponse, errorFromStatus, errorFromWatchEvent, networkError } from './kube-api-error';
import type { KubeStatus } from './kube-status';

const JSON_TYPE = { 'content-type': 'application/json' };

function decode(httpStatus: number, body: string, headers: Record<string, string> = JSON_TYPE, statusText = '') {
  return decodeErrorResponse({ method: 'GET', url: '/k8s/demo/api/v1/pods', httpStatus, statusText, headers: new Headers(headers), body });
}

const recorded = readdirSync(fixturePath('errors')).filter((name) => name.endsWith('.json'));

describe('decodeErrorResponse with the recorded 1.20.2 Status bodies', () => {
  it('has every recorded error to decode', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(17);
  });

  it.each(recorded)('%s keeps code, reason, message, details and the body as received', (name) => {
    const body = readFixture(`errors/${name}`);
    const status = readJsonFixture<KubeStatus>(`errors/${name}`);
    const error = decode(Number(name.slice(0, 3)), body);
    expect(error.code).toBe(status.code);
    expect(error.reason).toBe(status.reason);
    expect(error.message).toBe(status.message);
    expect(error.details).toEqual(status.details);
    expect(error.causes).toEqual(status.details?.causes ?? []);
    expect(error.raw.body).toBe(body);
    expect(error.raw.status).toEqual(status);
    expect(error.raw.headers).toEqual([['content-type', 'application/json']]);
  });

  it('keeps the duplicated causes of a 422 as sent (the panel counts them)', () => {
    const status = readJsonFixture<KubeStatus>('errors/422-invalid-deployment.json');
    const cause = status.details?.causes?.[0] ?? {};
    const doubled = { ...status, details: { ...status.details, causes: [cause, cause, cause] } };
    expect(decode(422, JSON.stringify(doubled)).causes).toHaveLength(3);
  });
});

describe('decodeErrorResponse with throttling and retry hints', () => {
  it('reads a TooManyRequests Status: retryAfterSeconds from details and header', () => {
    const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'slow down', reason: 'TooManyRequests', details: { retryAfterSeconds: 4 }, code: 429 });
    expect(decode(429, body).retryAfterSeconds).toBe(4);
    expect(decode(429, body, { ...JSON_TYPE, 'retry-after': '7' }).retryAfterSeconds).toBe(7);
  });

  it('reads priority-and-fairness throttling: text/plain and Retry-After, no Status', () => {
    const error = decode(429, 'Too many requests, please try again later.\n', { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
    expect(error).toMatchObject({ code: 429, reason: 'TooManyRequests', message: 'Too many requests, please try again later.', retryAfterSeconds: 1 });
    expect(error.raw.status).toBeNull();
    expect(error.raw.body).toBe('Too many requests, please try again later.\n');
    expect(error.raw.headers).toContainEqual(['retry-after', '1']);
  });

  it('reads a Retry-After given as an HTTP date', () => {
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    const seconds = decode(503, '', { 'retry-after': inTen }).retryAfterSeconds ?? -1;
    expect(seconds).toBeGreaterThanOrEqual(9);
    expect(seconds).toBeLessThanOrEqual(11);
  });
});

describe('decodeErrorResponse with bodies that are not a Status', () => {
  it('names an HTML page from a proxy by its title and keeps the page', () => {
    const page = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
    const error = decode(502, page, { 'content-type': 'text/html' }, 'Bad Gateway');
    expect(error).toMatchObject({ code: 502, reason: 'InternalError', message: '502 Bad Gateway' });
    expect(error.raw.body).toBe(page);
  });

  it('says the code and status text for an empty body', () => {
    expect(decode(503, '', {}, 'Service Unavailable')).toMatchObject({ code: 503, reason: 'ServiceUnavailable', message: '503 Service Unavailable' });
    expect(decode(418, '', {})).toMatchObject({ code: 418, reason: 'Unknown', message: '418 Unknown' });
  });

  it('keeps a JSON body that is not a Status as text', () => {
    const error = decode(500, '{"error":"boom"}');
    expect(error).toMatchObject({ code: 500, reason: 'InternalError', message: '{"error":"boom"}' });
    expect(error.raw.status).toBeNull();
  });

  it('reads Warning headers when the caller did not', () => {
    const error = decode(422, readFixture('errors/422-invalid-deployment.json'), { ...JSON_TYPE, warning: '299 - "unknown field \\"spec.foo\\""' });
    expect(error.warnings).toEqual(['unknown field "spec.foo"']);
  });
});

describe('failures without a response', () => {
  it('says plainly that the server could not be reached (code 0)', () => {
    const error = networkError('GET', '/k8s/demo/api', new TypeError('Failed to fetch'));
    expect(error).toMatchObject({ code: 0, reason: 'NetworkError', message: 'Could not reach the kubeglass server: Failed to fetch' });
    expect(error.raw.headers).toBeUndefined();
  });

  it('says plainly that the request timed out (code 0)', () => {
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    const error = networkError('GET', '/k8s/demo/api', timeout);
    expect(error.code).toBe(0);
    expect(error.reason).toBe('ClientTimeout');
    expect(error.message).toMatch(/^No answer from the kubeglass server in time/);
  });
});

describe('watch ERROR events', () => {
  const expired: KubeStatus = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 1 (3171407)', reason: 'Expired', code: 410 };

  it('become the Status they carry', () => {
    const error = errorFromWatchEvent(expired, '/api/v1/pods');
    expect(error).toMatchObject({ code: 410, reason: 'Expired', message: 'too old resource version: 1 (3171407)' });
    expect(error.raw).toMatchObject({ method: 'WATCH', url: '/api/v1/pods', body: JSON.stringify(expired), status: expired });
  });

  it('recover the code from the reason when the Status has none', () => {
    const { code: _code, ...withoutCode } = expired;
    expect(errorFromStatus(withoutCode, 'WATCH', '/x').code).toBe(410);
  });

  it('keep an object that is not a Status as the raw body', () => {
    const error = errorFromWatchEvent({ oops: true }, '/api/v1/pods');
    expect(error).toMatchObject({ code: 0, reason: 'Unknown' });
    expect(error.raw.body).toBe('{"oops":true}');
  });

  it('keep the too-new 504 retry hint', () => {
    const tooNew: KubeStatus = { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'Timeout: Too large resource version: 9, current: 5', reason: 'Timeout', details: { retryAfterSeconds: 1 }, code: 504 };
    expect(errorFromWatchEvent(tooNew, '/x')).toMatchObject({ code: 504, reason: 'Timeout', retryAfterSeconds: 1 });
  });
});

describe('errorFromWatchEvent with reasons that name Object.prototype keys', () => {
  it('gives code 0 and keeps the reason as text, instead of reading the prototype (found by the fuzz suite)', () => {
    for (const reason of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const error = errorFromWatchEvent({ kind: 'Status', reason }, '/api/v1/pods?watch=1');
      expect(error.code).toBe(0);
      expect(error.reason).toBe(reason);
    }
  });
});
