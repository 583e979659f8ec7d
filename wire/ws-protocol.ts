// The one WebSocket per tab (/-/ws) that multiplexes watches; see ARCHITECTURE.md "The watch channel".
// Shared by src/ (client) and server/ (multiplexer): the only types both sides import.

/** What the upstream watch is asked to return: Table rows (server-side printing) or full objects. */
export type WatchAs = 'Table' | 'Object';

export interface WatchRequest {
  op: 'watch';
  /** Client-chosen id, unique per socket; every server message for this watch carries it. */
  id: string;
  context: string;
  /** Kubernetes collection path, e.g. /api/v1/namespaces/default/pods (no query string). */
  path: string;
  /** Query parameters for the upstream watch (resourceVersion, labelSelector, allowWatchBookmarks...); watch=1 is added by the server. */
  query?: Record<string, string>;
  as?: WatchAs;
  /** The client takes several events in one message (WatchEventsMessage): fewer frames and parses in a storm. */
  batch?: boolean;
}

export interface UnwatchRequest {
  op: 'unwatch';
  id: string;
}

export type ClientMessage = WatchRequest | UnwatchRequest;

/** A Kubernetes watch event, passed through unchanged. */
export interface WireWatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: unknown;
}

export interface WatchEventMessage {
  id: string;
  event: WireWatchEvent;
}

/** Events of one watch that reached the server together (same upstream read), in order; sent when the watch asked for batch. */
export interface WatchEventsMessage {
  id: string;
  events: WireWatchEvent[];
}

/** The watch ended: status is the Status that ended it (upstream HTTP error, bad request), or null for a normal close. */
export interface WatchClosedMessage {
  id: string;
  closed: true;
  status: unknown;
}

export type ServerMessage = WatchEventMessage | WatchEventsMessage | WatchClosedMessage;

export const WS_PATH = '/-/ws';
export const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
