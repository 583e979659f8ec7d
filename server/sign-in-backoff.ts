// Slows token guessing: per client address, after FREE_FAILURES wrong tokens (Bearer, sign-in code or POST
// /-/login) every next attempt is refused with 429 for a delay that doubles with each further failure, up to
// MAX_DELAY_MS; the right token resets it. Keyed by address alone: someone else's guesses never slow a user at
// another address, while on one address (loopback is everyone on the machine) an attacker slows its neighbours
// too, which is the price of not letting it guess faster by changing what it sends.

export interface SignInBackoffOptions {
  freeFailures?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Most addresses remembered; the longest-quiet ones are forgotten first. */
  maxClients?: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs?: number;
  now?: () => number;
}

export interface SignInBackoff {
  /** Seconds `client` must wait before its next attempt is checked; 0 when it may try now. */
  retryAfterSeconds(client: string): number;
  failed(client: string): void;
  succeeded(client: string): void;
}

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

export function createSignInBackoff(options: SignInBackoffOptions = {}): SignInBackoff {
  const freeFailures = options.freeFailures ?? 5;
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxClients = options.maxClients ?? 10_000;
  const forgetAfterMs = options.forgetAfterMs ?? 15 * 60 * 1000;
  const now = options.now ?? Date.now;
  const clients = new Map<string, Failures>();

  const current = (client: string): Failures | undefined => {
    const entry = clients.get(client);
    if (entry && now() - entry.lastAt > forgetAfterMs) {
      clients.delete(client);
      return undefined;
    }
    return entry;
  };

  return {
    retryAfterSeconds(client) {
      const entry = current(client);
      const waitMs = entry === undefined ? 0 : entry.blockedUntil - now();
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },
    failed(client) {
      const entry = current(client) ?? { count: 0, lastAt: 0, blockedUntil: 0 };
      entry.count++;
      entry.lastAt = now();
      const beyond = entry.count - freeFailures;
      if (beyond >= 0) entry.blockedUntil = entry.lastAt + Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(beyond, 30));
      // Re-inserted: the map stays ordered by last failure, the quietest first.
      clients.delete(client);
      clients.set(client, entry);
      while (clients.size > maxClients) {
        const quietest = clients.keys().next().value;
        if (quietest === undefined) break;
        clients.delete(quietest);
      }
    },
    succeeded(client) {
      clients.delete(client);
    },
  };
}
