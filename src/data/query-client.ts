// The app's QueryClient: retries only what can succeed unchanged, honoring Retry-After.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryableKubeError, KubeApiError } from '../k8s/kube-api-error';
import { forgetAccessAfter403 } from './access-query';

const MAX_RETRIES = 3;

/** Retry network failures, 429 and 5xx (a 403 or 404 will not change by asking again). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryableKubeError(error);
}

/** Retry-After when the server sent one, else exponential (1s, 2s, 4s... capped at 10s). */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof KubeApiError && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  return Math.min(1000 * 2 ** failureCount, 10_000);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => forgetAccessAfter403(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => forgetAccessAfter403(client, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
