// The body of an upstream error answer (a refused upgrade, a failed watch), read into memory up to a cap: enough for
// any Status, never an unbounded buffer when a server streams something else.
import type { IncomingMessage } from 'node:http';

const MAX_ERROR_BODY = 1 << 20;

/** Collects the response body while it stays within 1 MiB (chunks past that are dropped) and calls onEnd with it. */
export function collectErrorBody(response: IncomingMessage, onEnd: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_ERROR_BODY) chunks.push(chunk);
  });
  response.on('end', () => onEnd(Buffer.concat(chunks)));
}
