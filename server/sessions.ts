// Browser sessions behind the session cookie: a random id per sign-in, kept in memory only (a restart signs
// everyone out), ended by idleness, by POST /-/logout, or to make room for newer ones.
import { createHash, randomBytes } from 'node:crypto';

export interface SessionStoreOptions {
  /** A session unused this long is over (default 12 h). */
  idleMs?: number;
  /** Most sessions kept; the least recently used goes first (default 1,000). */
  maxSessions?: number;
  now?: () => number;
}

export interface SessionStore {
  /** Starts a session; returns its id (the cookie value). */
  create(): string;
  /** True when `id` is a live session; using it keeps it alive. */
  use(id: string): boolean;
  end(id: string): void;
  readonly size: number;
}

/** Sessions are found by a digest of their id: the map holds nothing a memory dump could replay. */
const keyOf = (id: string): string => createHash('sha256').update(id).digest('base64url');

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const idleMs = options.idleMs ?? 12 * 60 * 60 * 1000;
  const maxSessions = options.maxSessions ?? 1000;
  const now = options.now ?? Date.now;
  /** Last use per session, least recently used first (Map keeps insertion order). */
  const lastUsed = new Map<string, number>();

  const dropIdle = (): void => {
    for (const [key, at] of lastUsed) {
      if (now() - at <= idleMs) break;
      lastUsed.delete(key);
    }
  };

  return {
    create() {
      dropIdle();
      while (lastUsed.size >= maxSessions) {
        const oldest = lastUsed.keys().next().value;
        if (oldest === undefined) break;
        lastUsed.delete(oldest);
      }
      const id = randomBytes(32).toString('base64url');
      lastUsed.set(keyOf(id), now());
      return id;
    },
    use(id) {
      const key = keyOf(id);
      const at = lastUsed.get(key);
      if (at === undefined) return false;
      lastUsed.delete(key);
      if (now() - at > idleMs) return false;
      lastUsed.set(key, now());
      return true;
    },
    end(id) {
      lastUsed.delete(keyOf(id));
    },
    get size() {
      return lastUsed.size;
    },
  };
}
