// A minimal client of kubeglass's /-/ws watch channel, for tests that drive it like the SPA does.
import WebSocket from 'ws';
import type { ClientMessage, ServerMessage } from '../../wire/ws-protocol.js';

export interface WatchChannel {
  messages: ServerMessage[];
  send: (m: ClientMessage) => void;
  /** Resolves with the first message (already received or future) that matches. */
  waitFor: (pred: (m: ServerMessage) => boolean, timeoutMs?: number) => Promise<ServerMessage>;
  close: () => void;
}

/** Opens /-/ws with the server's own Origin, as the SPA in a browser would (`headers`: its Cookie, say). */
export function openWatchChannel(baseUrl: string, headers: Record<string, string> = {}): Promise<WatchChannel> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/-/ws`, { origin: baseUrl, headers });
  const messages: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as ServerMessage;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        messages,
        send: (m) => ws.send(JSON.stringify(m)),
        waitFor: (pred, timeoutMs = 10_000) => {
          const seen = messages.find(pred);
          if (seen) return Promise.resolve(seen);
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no matching watch message in ${timeoutMs}ms; got ${JSON.stringify(messages).slice(0, 2000)}`)), timeoutMs);
            waiters.push({ pred, resolve: (m) => { clearTimeout(timer); res(m); } });
          });
        },
        close: () => ws.close(),
      }),
    );
  });
}

/** The name cell (format "name" column) of a one-row Table carried by a watch event. */
export function tableRowName(m: ServerMessage): string | undefined {
  if (!('event' in m)) return undefined;
  const table = m.event.object as { kind?: string; rows?: { object?: { metadata?: { name?: string } } }[] };
  if (table.kind !== 'Table') return undefined;
  return table.rows?.[0]?.object?.metadata?.name;
}
