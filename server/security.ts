// Request filters that keep a local credential-holding proxy safe from web pages: Host checks against DNS
// rebinding, Origin checks against CSRF and cross-site WebSocket hijacking, and defensive response headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../wire/browser-headers.js';
import { makeStatus, type KubeStatus } from './status.js';

/** Which Host/Origin values this server answers to; built once the listening port is known. */
export interface HostPolicy {
  /** Lowercase host:port values accepted in the Host header. */
  allowedHosts: ReadonlySet<string>;
  /** The origin printed to the user, e.g. http://127.0.0.1:7070, or the --public-url's. */
  canonicalOrigin: string;
  /** The --public-url's origin (e.g. https://kubeglass.example.com behind a TLS proxy), when one is set. */
  publicOrigin?: string;
  /** Its host: requests for it come through the proxy, so only the public origin is theirs. */
  publicHost?: string;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** Formats host:port, bracketing IPv6 literals. */
export function hostPort(host: string, port: number): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return bare.includes(':') ? `[${bare}]:${port}` : `${bare}:${port}`;
}

/** True for a wildcard bind address (all interfaces). */
export function isWildcardHost(host: string): boolean {
  return WILDCARD_HOSTS.has(host);
}

/** True when binding host only exposes the server to this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Host policy for a server bound to host:port: that address plus the loopback names (and every interface address for
 * wildcard binds), and the --public-url's host (as browsers send it: without a default port).
 */
export function makeHostPolicy(host: string, port: number, publicUrl?: URL): HostPolicy {
  const hosts = new Set<string>();
  for (const name of ['localhost', '127.0.0.1', '::1']) hosts.add(hostPort(name, port));
  if (isWildcardHost(host)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) hosts.add(hostPort(address.address, port).toLowerCase());
    }
  } else {
    hosts.add(hostPort(host, port).toLowerCase());
  }
  const printable = isWildcardHost(host) ? '127.0.0.1' : host;
  if (publicUrl === undefined) return { allowedHosts: hosts, canonicalOrigin: `http://${hostPort(printable, port)}` };
  hosts.add(publicUrl.host.toLowerCase());
  return { allowedHosts: hosts, canonicalOrigin: publicUrl.origin, publicOrigin: publicUrl.origin, publicHost: publicUrl.host.toLowerCase() };
}

/** Returns a 403 Status when the Host header is not one of ours (DNS rebinding), else null. */
export function checkHost(req: IncomingMessage, policy: HostPolicy): KubeStatus | null {
  const host = (req.headers.host ?? '').toLowerCase();
  if (policy.allowedHosts.has(host)) return null;
  return makeStatus(
    403,
    `kubeglass refused this request: the Host header "${truncate(req.headers.host ?? '')}" is not an address of this server ` +
      `(allowed: ${[...policy.allowedHosts].join(', ')}). This protects your cluster credentials against DNS rebinding; ` +
      `open kubeglass at ${policy.canonicalOrigin}/ instead.`,
    'Forbidden',
  );
}

/** Methods a cross-site page may trigger without being able to change anything (no Origin check for them). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when `origin` is one of this server's: the --public-url's origin, whatever Host a TLS proxy in front forwards,
 * or http:// plus the (already checked) Host when that is a direct address of this server.
 */
function isOwnOrigin(origin: string, req: IncomingMessage, policy: HostPolicy): boolean {
  const lower = origin.toLowerCase();
  if (policy.publicOrigin !== undefined && lower === policy.publicOrigin.toLowerCase()) return true;
  const host = (req.headers.host ?? '').toLowerCase();
  return lower === `http://${host}` && policy.allowedHosts.has(host) && host !== policy.publicHost;
}

/**
 * Returns a 403 Status when the request carries an Origin other than this server's own, else null.
 * Checked for unsafe methods and every upgrade; requests without Origin (kubectl, curl) pass, because
 * browsers always send Origin on cross-site POST/PUT/PATCH/DELETE and on WebSocket handshakes.
 */
export function checkOrigin(req: IncomingMessage, policy: HostPolicy, isUpgrade: boolean): KubeStatus | null {
  if (!isUpgrade && SAFE_METHODS.has(req.method ?? 'GET')) return null;
  const origin = req.headers.origin;
  if (origin === undefined || isOwnOrigin(origin, req, policy)) return null;
  const expected = policy.publicOrigin ?? `http://${(req.headers.host ?? '').toLowerCase()}`;
  return makeStatus(
    403,
    `kubeglass refused this request: Origin "${truncate(origin)}" is not this server's origin (${expected}). ` +
      'Cross-site requests that could change your clusters, and cross-site WebSocket connections, are not allowed.',
    'Forbidden',
  );
}

/** True for kubeglass's API paths: the proxy and its own endpoints (pages and assets are not). */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/k8s/') || pathname.startsWith('/-/');
}

/**
 * For a request that carries the session cookie: a 403 Status unless it comes from the SPA itself, else null. On API
 * paths the SPA sends CLIENT_HEADER, which no <img>, link or form can, so this holds without Sec-Fetch-Site (which
 * browsers omit over plain HTTP at a LAN address). An upgrade cannot carry custom headers: it must carry an Origin,
 * which checkOrigin has already matched against this server's own.
 */
export function checkSessionRequest(req: IncomingMessage, pathname: string, isUpgrade: boolean): KubeStatus | null {
  if (isUpgrade) {
    if (req.headers.origin !== undefined) return null;
    return makeStatus(
      403,
      "kubeglass refused this WebSocket: it carries kubeglass's session cookie but no Origin, so it cannot be told from a " +
        "request another page made. Connect from kubeglass's own page, or send \"Authorization: Bearer <access token>\" without the cookie.",
      'Forbidden',
    );
  }
  if (!isApiPath(pathname) || req.headers[CLIENT_HEADER] === CLIENT_HEADER_VALUE) return null;
  return makeStatus(
    403,
    `kubeglass refused this request: it carries kubeglass's session cookie but not the header "${CLIENT_HEADER}: ${CLIENT_HEADER_VALUE}" ` +
      'the app sends on every request, so it may come from a link, image or form of another page. ' +
      'Scripts send "Authorization: Bearer <access token>" without the cookie.',
    'Forbidden',
  );
}

/** Sec-Fetch-Site values of requests the SPA itself makes (same-origin) or the user typed or bookmarked (none). */
export const OWN_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none']);

/**
 * Returns a 403 Status when a browser sent an API request (`/k8s/`, `/-/`, upgrades included) from another site, else null.
 * The Origin check leaves GETs alone, yet a hostile page's <img src> or fetch through `services/x/proxy` still carries
 * the user's cluster credentials (added here). `same-site` is refused too: another port on this host is another app.
 * Non-browser clients (kubectl, curl) send no Sec-Fetch-Site; SPA pages are not API paths, so links to them still open.
 */
export function checkFetchSite(req: IncomingMessage, pathname: string): KubeStatus | null {
  if (!isApiPath(pathname)) return null;
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || OWN_FETCH_SITES.has(site.toLowerCase())) return null;
  return makeStatus(
    403,
    `kubeglass refused this request: a page of another site (Sec-Fetch-Site: ${truncate(site)}) may not use its API paths. ` +
      'Open kubeglass itself to reach your clusters.',
    'Forbidden',
  );
}

function truncate(value: string): string {
  return value.length > 200 ? `${value.slice(0, 200)}...` : value;
}

/** Headers on every response: no MIME sniffing, no referrer leaks, no framing. */
export function setCommonSecurityHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
}

/**
 * CSP for the SPA: no inline script at all. Monaco needs blob: workers and inline styles (it injects <style> elements);
 * ws://host and wss://host are listed because older browsers do not let 'self' match WebSocket URLs; wss:// is the one
 * a --public-url behind a TLS proxy uses (the proxy forwards the public Host).
 */
export function spaContentSecurityPolicy(host: string): string {
  const sockets = [`ws://${host}`, `wss://${host}`];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${sockets.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * CSP for everything the proxy relays: cluster responses are data, never a page of ours. `sandbox` puts any
 * HTML a cluster serves (e.g. a service proxy) in an opaque origin, so it cannot call /k8s/ with our credentials.
 */
export const PROXY_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
