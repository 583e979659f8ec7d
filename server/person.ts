// Who a request is for. Alone (--auth none), everyone who may reach kubeglass is the one person whose kubeconfig it
// holds; in team mode each person signs in with their own bearer token, sent upstream in place of any kubeconfig
// credential, and every cache and limit of the server is keyed by them.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clientAddress } from './client-limits.js';

export interface Person {
  /** Keys every answer kept for later (prefetched pages): one fetched with a credential goes only to requests with it. */
  cacheKey: string;
  /** Keys the limits on watches, sockets and requests in flight. */
  limitKey: string;
  /** The person's own bearer token (team mode). */
  bearer?: string;
  /** As the cluster named them when they signed in, where it says (SelfSubjectReview). */
  username?: string;
  /** When the bearer token expires (ms since the epoch), where the session knows: watches on it end then. */
  expiresAt?: number;
}

/** The kubeconfig's own user: limits stay per client address, as kubeglass has always counted them. */
export function kubeconfigPerson(req: IncomingMessage): Person {
  return { cacheKey: 'kubeconfig', limitKey: `address:${clientAddress(req)}` };
}

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** A signed-in person: cached by their token, limited by their name (a refreshed token is the same person). */
export function bearerPerson(token: string, username?: string): Person {
  const cacheKey = `token:${digest(token)}`;
  return { cacheKey, limitKey: username !== undefined ? `user:${username}` : cacheKey, bearer: token, ...(username !== undefined ? { username } : {}) };
}
