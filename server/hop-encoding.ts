// The Accept-Encoding a proxied request is forwarded with. Between two ends on this machine (the browser on
// loopback, the embedded demo cluster or a local cluster on loopback) gzip only costs: the cluster deflates a
// 2,500-row Table page (~1.3 MB) in ~20 ms of its CPU, the browser inflates it again, and the bytes it saves are
// copied in memory. So both loopback ends get identity; any hop that crosses a network keeps what the client sent.
import type { IncomingMessage } from 'node:http';
import type { ContextTarget } from './contexts.js';
import { isLoopbackHost } from './security.js';

/** True when the request came from this machine (IPv4 loopback, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackPeer(req: IncomingMessage): boolean {
  const address = req.socket?.remoteAddress;
  if (address === undefined) return false;
  return isLoopbackHost(address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address);
}

/** The Accept-Encoding to send upstream for `req` ('' when none: the header is then not sent). */
export function forwardedAcceptEncoding(req: IncomingMessage, target: ContextTarget): string {
  if (isLoopbackPeer(req) && isLoopbackHost(target.server.hostname)) return 'identity';
  const value = req.headers['accept-encoding'];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
