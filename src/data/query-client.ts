// The app's QueryClient: retries only reads that can succeed unchanged, honoring Retry-After; never writes.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryableKubeError, KubeApiError } from '../k8s/kube-api-error';
import { forgetAccessAfter403 } from './access-query';

/** Retries after the first failure: 4 tries in all. */
const MAX_RETRIES = 3;
/** No single wait longer than this, whatever Retry-After asks (a throttled UI should say so, not hang). */
export const MAX_RETRY_WAIT_MS = 30_000;
const MAX_BACKOFF_MS = 10_000;

/** Retry network failures, 429 and 5xx (500, 503, 504...): a 403 or 404 will not change by asking again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryableKubeError(error);
}

/** Retry-After when the server sent one (capped at 30 s), else exponential (1s, 2s, 4s... capped at 10s). */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof KubeApiError && error.retryAfterSeconds !== undefined) return Math.min(error.retryAfterSeconds * 1000, MAX_RETRY_WAIT_MS);
  return Math.min(1000 * 2 ** failureCount, MAX_BACKOFF_MS);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => forgetAccessAfter403(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => forgetAccessAfter403(client, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      // A write sent twice can act twice (a create, a non-idempotent patch): the user decides, never a silent retry.
      mutations: { retry: false },
    },
  });
  return client;
}
