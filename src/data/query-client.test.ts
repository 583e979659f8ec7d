import { describe, expect, it } from 'vitest';
import { KubeApiError } from '../k8s/kube-api-error';
import { retryDelay, shouldRetry } from './query-client';

const error = (code: number, retryAfterSeconds?: number) =>
  new KubeApiError({
    code,
    reason: 'x',
    message: 'x',
    retryAfterSeconds,
    raw: { method: 'GET', url: '/', httpStatus: code, statusText: '', contentType: null, body: '', status: null },
  });

describe('query retry policy', () => {
  it('retries network failures, throttling and server errors a few times', () => {
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(1, error(429))).toBe(true);
    expect(shouldRetry(2, error(503))).toBe(true);
    expect(shouldRetry(3, error(503))).toBe(false);
  });

  it('never retries client errors or foreign errors', () => {
    expect(shouldRetry(0, error(403))).toBe(false);
    expect(shouldRetry(0, error(404))).toBe(false);
    expect(shouldRetry(0, error(410))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });

  it('waits Retry-After when given, else backs off exponentially', () => {
    expect(retryDelay(0, error(429, 3))).toBe(3000);
    expect(retryDelay(0, error(503))).toBe(1000);
    expect(retryDelay(2, error(503))).toBe(4000);
    expect(retryDelay(8, error(503))).toBe(10_000);
  });
});
