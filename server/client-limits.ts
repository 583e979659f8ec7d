// Limits per client address across all of its connections: WebSocket connections (/-/ws and proxied upgrades),
// watches across its /-/ws sockets, and HTTP requests in flight through /k8s/. On loopback the address is everyone on
// this machine, so the defaults sit well above what a browser with many tabs (and the load test's 50 tabs x 10
// watches) holds, while far below what would exhaust the server's or a cluster's sockets.
import type { IncomingMessage } from 'node:http';
import { makeStatus, type KubeStatus } from './status.js';

export interface ClientLimitSettings {
  webSockets: number;
  watches: number;
  requestsInFlight: number;
}

export type ClientLimitKind = keyof ClientLimitSettings;

export const DEFAULT_CLIENT_LIMITS: ClientLimitSettings = { webSockets: 128, watches: 1000, requestsInFlight: 256 };

/** How long a refused client is told to wait (seconds): a slot frees as soon as one of its own ends. */
export const LIMIT_RETRY_AFTER_SECONDS = 5;

const WHAT: Record<ClientLimitKind, string> = {
  webSockets: 'WebSocket connections open',
  watches: 'watches open across its /-/ws connections',
  requestsInFlight: 'requests in flight through /k8s/',
};

/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

export interface ClientLimits {
  /** Takes a slot of `kind` for `client`, or returns the 429 Status saying which limit is reached. */
  acquire(kind: ClientLimitKind, client: string): ReleaseSlot | KubeStatus;
  /** Slots in use (for tests and diagnostics). */
  inUse(kind: ClientLimitKind, client: string): number;
}

/** The client address of a request: the peer's IP, IPv4-mapped IPv6 written as IPv4. */
export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

export function createClientLimits(settings: Partial<ClientLimitSettings> = {}): ClientLimits {
  const limits: ClientLimitSettings = { ...DEFAULT_CLIENT_LIMITS, ...settings };
  const counts: Record<ClientLimitKind, Map<string, number>> = { webSockets: new Map(), watches: new Map(), requestsInFlight: new Map() };
  return {
    acquire(kind, client) {
      const held = counts[kind];
      const used = held.get(client) ?? 0;
      const limit = limits[kind];
      if (used >= limit) {
        const status = makeStatus(
          429,
          `kubeglass refused this: client ${client} already has ${used} ${WHAT[kind]} (limit ${limit} per client address). ` +
            'Close some, or retry once some have ended.',
        );
        status.details = { retryAfterSeconds: LIMIT_RETRY_AFTER_SECONDS };
        return status;
      }
      held.set(client, used + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(client) ?? 1) - 1;
        if (left <= 0) held.delete(client);
        else held.set(client, left);
      };
    },
    inUse: (kind, client) => counts[kind].get(client) ?? 0,
  };
}

/** The Retry-After header of a limit's refusal. */
export function retryAfterHeader(status: KubeStatus): Record<string, string> {
  const seconds = status.details?.retryAfterSeconds;
  return seconds === undefined ? {} : { 'Retry-After': String(seconds) };
}
