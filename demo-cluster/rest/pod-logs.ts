// pods/log: deterministic, plausible container output (text/plain); follow=true streams a line a second.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from '../http/errors.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { closableSession } from '../store/watch.js';
import type { WatchSession } from '../store/watch.js';

const MESSAGES = [
  'GET /healthz 200 0.4ms',
  'GET /api/items 200 3.1ms',
  'POST /api/orders 201 12.7ms',
  'cache refreshed (42 entries)',
  'GET /metrics 200 1.2ms',
  'connection pool: 4 active, 6 idle',
];

function line(podName: string, container: string, i: number, start: number): string {
  const ts = new Date(start + i * 1000).toISOString();
  const msg = MESSAGES[(i + podName.length + container.length) % MESSAGES.length] ?? '';
  return `${ts} INFO [${container}] ${msg}`;
}

/** Answers GET .../pods/NAME/log (container, tailLines, follow, timestamps are honored). */
export function podLogs(
  ctx: { watches: Set<WatchSession> },
  req: IncomingMessage,
  res: ServerResponse,
  pod: KubeObject,
  query: URLSearchParams,
): void {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const containers = (Array.isArray(spec.containers) ? spec.containers : []).filter(isPlainObject).map((c) => String(c.name ?? ''));
  const podName = pod.metadata.name ?? '';
  let container = query.get('container') ?? '';
  if (container === '') {
    if (containers.length !== 1) {
      throw badRequest(`a container name must be specified for pod ${podName}, choose one of: [${containers.join(' ')}]`);
    }
    container = containers[0] ?? '';
  } else if (!containers.includes(container)) {
    throw badRequest(`container ${container} is not valid for pod ${podName}`);
  }
  const created = Date.parse(String(pod.metadata.creationTimestamp ?? '')) || Date.now();
  const total = Math.max(1, Math.min(500, Math.floor((Date.now() - created) / 1000)));
  // The log ends now: line i is stamped (total - i) seconds ago.
  const start = Date.now() - total * 1000;
  const tailRaw = query.get('tailLines');
  const tail = tailRaw !== null ? Math.max(0, Number(tailRaw)) : total;
  const lines: string[] = [];
  for (let i = Math.max(0, total - tail); i < total; i++) lines.push(line(podName, container, i, start));
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
  res.write(lines.map((l) => `${l}\n`).join(''));
  if (query.get('follow') !== 'true') {
    res.end();
    return;
  }
  let i = total;
  const timer = setInterval(() => res.write(`${line(podName, container, i++, start)}\n`), 1000);
  const session = closableSession(() => {
    clearInterval(timer);
    ctx.watches.delete(session);
    if (!res.writableEnded) res.end();
  });
  ctx.watches.add(session);
  req.on('close', () => session.close());
}
