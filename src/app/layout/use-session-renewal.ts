// With OpenID Connect the session's ID token lives minutes; the app renews it a minute before it expires (and at once
// when a tab that slept past that wakes), one tab at a time (Web Locks): a tab that finds it renewed by another meanwhile
// leaves it. A renewal refused leaves the session to end: the next request is told to sign in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ContextList } from '../../../wire/contexts';
import { k8sKeys } from '../../data/query-keys';
import { fetchContexts } from '../../k8s/contexts';
import { refreshSession } from '../../k8s/sign-in';

/** Renewed when less than this is left, or half of what was left when scheduled, whichever is less. */
const AHEAD_MS = 60_000;
/** Never sooner than this after a renewal was scheduled, so a clock off by minutes cannot make it spin. */
const MIN_DELAY_MS = 5_000;

/** How long to wait before renewing a token with `leftMs` to live: 0 for at once. */
export function renewalDelay(leftMs: number): number {
  const wait = leftMs - Math.min(AHEAD_MS, leftMs / 2);
  return wait <= 0 ? 0 : Math.max(MIN_DELAY_MS, wait);
}

async function oneTabAtATime(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks === undefined) return work();
  await locks.request('kubeglass-session-renewal', work);
}

export function useSessionRenewal(data: ContextList | undefined, now: () => number = Date.now): void {
  const queryClient = useQueryClient();
  const expiresAt = data?.auth === 'oidc' ? data.sessionExpiresAt : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const renew = (): void => {
      if (done) return;
      done = true;
      void oneTabAtATime(async () => {
        // Another tab may have renewed it while this one waited for the lock.
        const latest = await fetchContexts().catch(() => null);
        if (latest?.sessionExpiresAt === undefined || latest.sessionExpiresAt <= expiresAt) await refreshSession().catch(() => undefined);
      }).finally(() => void queryClient.invalidateQueries({ queryKey: k8sKeys.contexts() }));
    };
    const schedule = (): void => {
      clearTimeout(timer);
      const wait = renewalDelay(expiresAt - now());
      if (wait === 0) renew();
      else timer = setTimeout(renew, wait);
    };
    // Timers of a hidden tab are slowed down: look again when it shows.
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      done = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [expiresAt, now, queryClient]);
}
