// Watches over chunked HTTP: newline-delimited JSON events, or length-prefixed protobuf ones, batched
// into few network writes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROTOBUF } from '../http/negotiate.js';
import type { Representation } from '../http/negotiate.js';
import { baseHeaders } from '../http/respond.js';
import { encodeWatchEvent } from '../protobuf/encode.js';
import type { WatchPlan, WatchSession } from '../store/watch.js';

type Encoding = 'json' | 'protobuf';
const last: Record<Encoding, { text: string; buffer: Buffer }> = {
  json: { text: '', buffer: Buffer.alloc(0) },
  protobuf: { text: '', buffer: Buffer.alloc(0) },
};

/** The event as bytes, encoded once for all watchers receiving the same event string. */
function eventBuffer(text: string, encoding: Encoding): Buffer {
  const cached = last[encoding];
  if (text !== cached.text) {
    cached.text = text;
    if (encoding === 'json') cached.buffer = Buffer.from(`${text}\n`);
    else {
      const event = JSON.parse(text) as { type: string; object: Record<string, unknown> };
      cached.buffer = encodeWatchEvent(event.type, event.object);
    }
  }
  return cached.buffer;
}

/** How long watch events may wait to share a network write (chunked HTTP). */
const WATCH_FLUSH_MS = 5;

let lastParts: Buffer[] = [];
let lastJoined = Buffer.alloc(0);

/** The held events as one buffer; watchers that held the same events (the usual fan-out) share it. */
function joinEvents(parts: Buffer[], bytes: number): Buffer {
  if (parts.length === 1 && parts[0]) return parts[0];
  if (parts.length !== lastParts.length || parts.some((b, i) => b !== lastParts[i])) {
    lastParts = parts;
    lastJoined = Buffer.concat(parts, bytes);
  }
  return lastJoined;
}

/**
 * Serves a watch over chunked HTTP: newline-delimited JSON events, or protobuf ones (each a 4-byte length and a
 * metav1.WatchEvent) when the representation is protobuf.
 */
export function serveChunkedWatch(watches: Set<WatchSession>, req: IncomingMessage, res: ServerResponse, plan: WatchPlan, rep: Representation): void {
  const encoding: Encoding = rep.kind === 'protobuf' || (rep.kind === 'partial' && rep.protobuf === true) ? 'protobuf' : 'json';
  const contentType = encoding === 'protobuf' ? `${PROTOBUF};stream=watch` : 'application/json';
  res.writeHead(200, { ...baseHeaders(contentType), 'Transfer-Encoding': 'chunked' });
  res.flushHeaders();
  // Events are held up to WATCH_FLUSH_MS and leave as one chunk in one network write: with many
  // watchers, one write (and one syscall) per event per watcher costs more than the events themselves.
  let held: Buffer[] = [];
  let heldBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    const joined = joinEvents(held, heldBytes);
    held = [];
    heldBytes = 0;
    if (!res.destroyed && !res.writableEnded) res.write(joined);
  };
  const session = plan.start(
    {
      write(text) {
        if (res.destroyed) return false;
        const buf = eventBuffer(text, encoding);
        held.push(buf);
        heldBytes += buf.length;
        timer ??= setTimeout(flush, WATCH_FLUSH_MS);
        // A client that cannot keep up is dropped, like a watcher whose buffer fills in the cacher.
        return res.writableLength + heldBytes < 64 * 1024 * 1024;
      },
      end() {
        flush();
        if (!res.writableEnded) res.end();
      },
      batch(fn) {
        try {
          fn();
        } finally {
          flush();
        }
      },
    },
    () => watches.delete(session),
  );
  if (!session.closed) {
    watches.add(session);
    req.on('close', () => session.close());
    res.on('close', () => session.close());
  }
}
