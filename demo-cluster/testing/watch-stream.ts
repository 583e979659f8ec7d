// A chunked watch read over HTTP for tests: events as they arrive, waits on them (no polling), and how
// the stream ended. A clean end (last chunk) and a dropped connection are told apart.
import http from 'node:http';
import type { DemoClusterTlsHandle } from '../index.js';
import type { Json } from './http.js';

export interface WatchStream {
  /** HTTP status of the watch request. */
  status: number;
  /** Every event received so far, in order. */
  events: Json[];
  /** Resolves once the events received so far satisfy `done` (checked on every event); rejects if the stream ends first. */
  until(done: (events: Json[]) => boolean, what?: string): Promise<Json[]>;
  /** The first event (received already or later) that matches. */
  next(match: (event: Json) => boolean, what?: string): Promise<Json>;
  /** 'end' for a clean end of the response, 'error' for a dropped connection (or close()). */
  ended: Promise<'end' | 'error'>;
  close(): void;
}

/** Opens a watch as the admin (`path` carries ?watch=1...); resolves when the response headers arrive, so the watch is registered. */
export function openWatch(cluster: DemoClusterTlsHandle, path: string, headers: Record<string, string> = {}): Promise<WatchStream> {
  return new Promise((resolve, reject) => {
    const waiters = new Set<() => void>();
    const events: Json[] = [];
    let finished = false;
    let endWith!: (how: 'end' | 'error') => void;
    const ended = new Promise<'end' | 'error'>((r) => (endWith = r));
    const finish = (how: 'end' | 'error'): void => {
      if (finished) return;
      finished = true;
      endWith(how);
      for (const w of [...waiters]) w();
    };
    const req = http.get(cluster.url + path, { headers: { Authorization: `Bearer ${cluster.tokens.admin}`, ...headers } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          events.push(JSON.parse(buffer.slice(0, nl)) as Json);
          buffer = buffer.slice(nl + 1);
        }
        for (const w of [...waiters]) w();
      });
      res.on('end', () => finish('end'));
      res.on('aborted', () => finish('error'));
      res.on('error', () => finish('error'));
      res.on('close', () => finish(res.complete ? 'end' : 'error'));
      const until = (done: (events: Json[]) => boolean, what = 'watch events'): Promise<Json[]> =>
        new Promise((resolveUntil, rejectUntil) => {
          const check = (): void => {
            if (done(events)) {
              waiters.delete(check);
              resolveUntil(events);
            } else if (finished) {
              waiters.delete(check);
              rejectUntil(new Error(`the watch ended before ${what}; events: ${JSON.stringify(events.map((e) => `${String(e.type)} ${String(e.object?.metadata?.name)}`))}`));
            }
          };
          waiters.add(check);
          check();
        });
      resolve({
        status: res.statusCode ?? 0,
        events,
        until,
        next: async (match, what) => {
          const found = await until((evs) => evs.some(match), what);
          return found.find(match) as Json;
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', (err) => {
      finish('error');
      reject(err);
    });
  });
}
