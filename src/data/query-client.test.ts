import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KubeApiError } from '../k8s/kube-api-error';
import { createQueryClient, MAX_RETRY_WAIT_MS, retryDelay, shouldRetry } from './query-client';

const error = (code: number, retryAfterSeconds?: number) =>
  new KubeApiError({
    code,
    reason: 'x',
    message: 'x',
    retryAfterSeconds,
    raw: { method: 'GET', url: '/', httpStatus: code, statusText: '', contentType: null, body: '', status: null },
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('query retry policy', () => {
  it('retries network failures, throttling and server errors a few times', () => {
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(1, error(429))).toBe(true);
    expect(shouldRetry(2, error(503))).toBe(true);
    expect(shouldRetry(3, error(503))).toBe(false);
  });

  it('retries a 504 Timeout like a 503', () => {
    expect(shouldRetry(0, error(504))).toBe(true);
    expect(shouldRetry(3, error(504))).toBe(false);
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

  it('caps a long Retry-After at 30 s', () => {
    expect(MAX_RETRY_WAIT_MS).toBe(30_000);
    expect(retryDelay(0, error(429, 120))).toBe(30_000);
    expect(retryDelay(0, error(503, 30))).toBe(30_000);
  });
});

describe('createQueryClient', () => {
  it('tries a throttled read 4 times, waiting what Retry-After asks', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const read = vi.fn(() => Promise.reject(error(429, 2)));
    const observer = new QueryObserver(client, { queryKey: ['read'], queryFn: read });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(read).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(4);
    expect(observer.getCurrentResult().error).toBeInstanceOf(KubeApiError);
    unsubscribe();
  });

  it('retries a 504 in fetchQuery too (the live lists load through it), backing off 1 s then 2 s', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const list = vi.fn().mockRejectedValueOnce(error(504)).mockRejectedValueOnce(error(504)).mockResolvedValue('rows');
    const result = client.fetchQuery({ queryKey: ['list'], queryFn: list });
    await vi.advanceTimersByTimeAsync(999);
    expect(list).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 2000);
    await expect(result).resolves.toBe('rows');
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('never retries a write, even on 503 or 504', async () => {
    const client = createQueryClient();
    for (const code of [503, 504, 429, 0]) {
      const write = vi.fn(() => Promise.reject(error(code, 1)));
      const observer = new MutationObserver(client, { mutationFn: write });
      await expect(observer.mutate()).rejects.toBeInstanceOf(KubeApiError);
      expect(write).toHaveBeenCalledTimes(1);
    }
  });
});
