// Test-only: a WebSocket the test opens, drops and feeds, for WatchClient (k8s/watch-client.ts) and what it drives.
import type { ClientMessage, ServerMessage } from '../../wire/ws-protocol';
import type { SocketLike } from '../k8s/watch-client';

export class FakeSocket implements SocketLike {
  readyState = 0;
  /** What the client sent, parsed. */
  sent: ClientMessage[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url = '') {}

  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The connection fails: error, then close, as browsers report it. */
  drop() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
  deliver(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
