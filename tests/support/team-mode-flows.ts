// Team mode, driven over HTTP and /-/ws as the SPA and scripts use it: the same flows against the demo cluster
// (integration tier) and the real servers (1.20.2 and 1.37). Each person signs in with their own token; every
// request carries it; a second replica with the same keys opens the same session; nobody gets another's answers.
import { expect } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';
import { openWatchChannel } from './ws-watch.js';

export interface Replica {
  url: string;
  stop(): Promise<void>;
}

export interface TeamTarget {
  /** The context that names the cluster. */
  context: string;
  /** A namespace the developer may write in and the viewer may read. */
  namespace: string;
  tokens: { admin: string; viewer: string; developer: string };
  /** The names the cluster gives those tokens, where it says (SelfSubjectReview); undefined where it does not. */
  usernames?: { viewer: string; developer: string };
  /** A kubeglass replica in token mode sealing with `keysFile`. */
  startToken(keysFile: string): Promise<Replica>;
  /** A kubeglass replica in proxy mode trusting `trusted`, with at most `maxRequests` requests in flight per person. */
  startProxy(trusted: string, maxRequests?: number): Promise<Replica>;
  /** Writes a --session-keys-file of fresh keys (first line first). */
  keysFile(...keys: string[]): string;
}

const app = (cookie: string, extra: Record<string, string> = {}): Record<string, string> => ({ Cookie: cookie, [CLIENT_HEADER]: CLIENT_HEADER_VALUE, ...extra });

async function signIn(replica: Replica, token: string, context?: string): Promise<Response> {
  return fetch(`${replica.url}/-/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, ...(context ? { context } : {}) }) });
}

/** Signs in and returns the Cookie header value. */
export async function sessionCookie(replica: Replica, token: string): Promise<string> {
  const res = await signIn(replica, token);
  expect(res.status, await res.clone().text()).toBe(204);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return setCookie.split(';', 1)[0] ?? '';
}

function configMap(name: string): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { who: 'team' } });
}

const messageOf = async (res: Response): Promise<string> => ((await res.json()) as { message: string }).message;

const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * Token mode: a wrong token is refused before any session starts; the viewer and the developer each sign in and
 * act as themselves (the cluster's 403 names the viewer, the developer's write is stored); the cookie is sealed (no
 * token in it), opens on a second replica with the same keys and on none with other keys; a script's Bearer works;
 * sign-out clears it.
 */
export async function tokenModeFlow(t: TeamTarget): Promise<void> {
  const keys = t.keysFile('MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nzg5YWJjZGVm');
  const one = await t.startToken(keys);
  const two = await t.startToken(keys);
  const other = await t.startToken(t.keysFile('ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTBmZWRjYmE5ODc2NTQzMjEw'));
  try {
    for (const path of ['/-/healthz', '/-/readyz']) expect((await fetch(`${one.url}${path}`)).status, path).toBe(200);
    const anonymous = await fetch(`${one.url}/-/contexts`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain('Sign in with your Kubernetes bearer token');

    const wrong = await signIn(one, 'not-a-token-of-this-cluster');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('does not accept this token');

    const viewer = await sessionCookie(one, t.tokens.viewer);
    expect(viewer).toMatch(/^kubeglass-session=[A-Za-z0-9_-]+$/);
    for (const token of Object.values(t.tokens)) {
      expect(viewer).not.toContain(token);
      expect(Buffer.from(viewer.split('=')[1] ?? '', 'base64url').toString('latin1')).not.toContain(token);
    }
    const contexts = await fetch(`${one.url}/-/contexts`, { headers: app(viewer) });
    expect(contexts.status).toBe(200);
    const list = (await contexts.json()) as { auth?: string; signedInAs?: string; contexts: Array<{ name: string; user?: string }> };
    expect(list.auth).toBe('token');
    expect(list.signedInAs).toBe(t.usernames?.viewer);
    expect(list.contexts.map((c) => c.name)).toContain(t.context);
    for (const c of list.contexts) expect(c.user, `context ${c.name} names no kubeconfig user in team mode`).toBeUndefined();

    const path = `/k8s/${t.context}/api/v1/namespaces/${t.namespace}/configmaps`;
    expect((await fetch(`${one.url}${path}`, { headers: app(viewer) })).status).toBe(200);
    const denied = await fetch(`${one.url}${path}`, { method: 'POST', headers: app(viewer, { 'Content-Type': 'application/json' }), body: configMap(unique('team-viewer')) });
    expect(denied.status).toBe(403);
    if (t.usernames) expect(await messageOf(denied)).toContain(`User "${t.usernames.viewer}" cannot create resource "configmaps"`);

    // The same session on the second replica; not on one with other keys.
    expect((await fetch(`${two.url}${path}`, { headers: app(viewer) })).status).toBe(200);
    const foreign = await fetch(`${other.url}${path}`, { headers: app(viewer) });
    expect(foreign.status).toBe(401);
    expect(await foreign.text()).toContain('Your session has ended');

    const developer = await sessionCookie(two, t.tokens.developer);
    const name = unique('team-developer');
    const created = await fetch(`${one.url}${path}`, { method: 'POST', headers: app(developer, { 'Content-Type': 'application/json' }), body: configMap(name) });
    expect(created.status, await created.clone().text()).toBe(201);
    const stored = (await created.json()) as { metadata: { managedFields?: Array<{ manager: string }> } };
    expect(stored.metadata.managedFields?.[0]?.manager).toBeDefined();
    if (t.usernames) {
      const review = await fetch(`${one.url}/k8s/${t.context}/apis/authentication.k8s.io/v1/selfsubjectreviews`, {
        method: 'POST',
        headers: app(developer, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }),
      });
      expect(((await review.json()) as { status: { userInfo: { username: string } } }).status.userInfo.username).toBe(t.usernames.developer);
    }

    // A script sends its own token instead of a cookie.
    expect((await fetch(`${one.url}${path}`, { headers: { Authorization: `Bearer ${t.tokens.viewer}` } })).status).toBe(200);

    const out = await fetch(`${two.url}/-/logout`, { method: 'POST', headers: app(viewer) });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^kubeglass-session=; .*Max-Age=0/);
  } finally {
    await Promise.all([one.stop(), two.stop(), other.stop()]);
  }
}

/**
 * Isolation: a watch over /-/ws runs with its person's token (the viewer's watch of Secrets is refused as theirs),
 * and a list page the server asked ahead for one person (list-pages/read-ahead) never answers another who asks the
 * same URL: they get the cluster's answer to their own token.
 */
export async function isolationFlow(t: TeamTarget): Promise<void> {
  const replica = await t.startToken(t.keysFile('MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nzg5YWJjZGVm'));
  try {
    const admin = await sessionCookie(replica, t.tokens.admin);
    const viewer = await sessionCookie(replica, t.tokens.viewer);
    const channel = await openWatchChannel(replica.url, { Cookie: viewer });
    try {
      const watch = { op: 'watch' as const, context: t.context, query: {}, as: 'Table' as const };
      channel.send({ ...watch, id: 'cm', path: `/api/v1/namespaces/${t.namespace}/configmaps` });
      channel.send({ ...watch, id: 'secrets', path: `/api/v1/namespaces/${t.namespace}/secrets` });
      const closed = await channel.waitFor((m) => m.id === 'secrets' && 'closed' in m);
      expect(JSON.stringify(closed)).toContain('403');
      const name = unique('team-watched');
      const path = `/k8s/${t.context}/api/v1/namespaces/${t.namespace}/configmaps`;
      const created = await fetch(`${replica.url}${path}`, { method: 'POST', headers: app(admin, { 'Content-Type': 'application/json' }), body: configMap(name) });
      expect(created.status).toBe(201);
      await channel.waitFor((m) => m.id === 'cm' && JSON.stringify(m).includes(name));
    } finally {
      channel.close();
    }

    // The admin pages the Secrets list one at a time: once page 2 is relayed, page 3 is asked ahead with the admin's token.
    const secrets = `/k8s/${t.context}/api/v1/namespaces/${t.namespace}/secrets`;
    for (let i = 0; i < 3; i++) {
      const made = await fetch(`${replica.url}${secrets}`, { method: 'POST', headers: app(admin, { 'Content-Type': 'application/json' }), body: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: unique('team-paged') } }) });
      expect(made.status).toBe(201);
    }
    const pageOf = async (query: Record<string, string>) => {
      const res = await fetch(`${replica.url}${secrets}?${new URLSearchParams(query)}`, { headers: app(admin, { Accept: TABLE_ACCEPT, 'User-Agent': 'team-probe' }) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { metadata: { continue?: string } }).metadata.continue ?? '';
    };
    const second = await pageOf({ limit: '1' });
    const third = await pageOf({ limit: '1', continue: second });
    expect(third, 'the list has a third page').not.toBe('');
    const thirdPage = `${replica.url}${secrets}?${new URLSearchParams({ limit: '1', continue: third })}`;
    const probe = await fetch(thirdPage, { headers: app(viewer, { Accept: TABLE_ACCEPT, 'User-Agent': 'team-probe' }) });
    expect(probe.status, 'the viewer gets the cluster answer to their own token, not the admin page').toBe(403);
    const own = await fetch(thirdPage, { headers: app(admin, { Accept: TABLE_ACCEPT, 'User-Agent': 'team-probe' }) });
    expect(own.status).toBe(200);
  } finally {
    await replica.stop();
  }
}

/**
 * Proxy mode: the token comes from the trusted proxy's header (X-Forwarded-Access-Token or Authorization); each
 * person's requests are theirs; nothing without a token; nothing from an address that is not the proxy; a person
 * at their limit of requests in flight gets 429 with Retry-After while another person is served.
 */
export async function proxyModeFlow(t: TeamTarget): Promise<void> {
  const trusted = await t.startProxy('127.0.0.1, ::1', 1);
  const untrusted = await t.startProxy('10.255.255.1');
  try {
    const path = `/k8s/${t.context}/api/v1/namespaces/${t.namespace}/configmaps`;
    const as = (token: string, header: 'forwarded' | 'authorization' = 'forwarded'): Record<string, string> =>
      header === 'forwarded' ? { 'X-Forwarded-Access-Token': token } : { Authorization: `Bearer ${token}` };
    expect((await fetch(`${trusted.url}${path}`, { headers: as(t.tokens.viewer) })).status).toBe(200);
    const denied = await fetch(`${trusted.url}${path}`, { method: 'POST', headers: { ...as(t.tokens.viewer), 'Content-Type': 'application/json' }, body: configMap(unique('proxy-viewer')) });
    expect(denied.status).toBe(403);
    if (t.usernames) expect(await messageOf(denied)).toContain(`User "${t.usernames.viewer}"`);
    const created = await fetch(`${trusted.url}${path}`, { method: 'POST', headers: { ...as(t.tokens.developer, 'authorization'), 'Content-Type': 'application/json' }, body: configMap(unique('proxy-developer')) });
    expect(created.status, await created.clone().text()).toBe(201);

    const none = await fetch(`${trusted.url}/-/contexts`);
    expect(none.status).toBe(401);
    expect(await none.text()).toContain('X-Forwarded-Access-Token');
    expect((await fetch(`${trusted.url}/-/contexts`, { headers: as(t.tokens.viewer) })).status).toBe(200);
    expect((await signIn(trusted, t.tokens.viewer)).status).toBe(404);
    const stranger = await fetch(`${untrusted.url}${path}`, { headers: as(t.tokens.admin) });
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).toContain('is not one');

    // A watch holds the viewer's one request in flight.
    const held = new AbortController();
    const watch = await fetch(`${trusted.url}${path}?watch=1`, { headers: as(t.tokens.viewer), signal: held.signal });
    expect(watch.status).toBe(200);
    try {
      const limited = await fetch(`${trusted.url}${path}`, { headers: as(t.tokens.viewer) });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).not.toBeNull();
      expect((await fetch(`${trusted.url}${path}`, { headers: as(t.tokens.developer) })).status).toBe(200);
    } finally {
      held.abort();
    }
  } finally {
    await Promise.all([trusted.stop(), untrusted.stop()]);
  }
}
