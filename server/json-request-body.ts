// The body of a POST to one of Kubeglass's own endpoints: JSON only (no cross-site form can send it without the
// browser asking first), at most a given size; a refusal is answered as a Status and the rest of the body drained.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { makeStatus, sendStatus } from './status.js';

/** Calls `onBody` with the whole body as text, or answers 415 (not JSON) or 413 (over `maxBytes`) and never calls it. */
export function readJsonRequestBody(req: IncomingMessage, res: ServerResponse, path: string, maxBytes: number, onBody: (text: string) => void): void {
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    sendStatus(res, makeStatus(415, `${path} takes Content-Type application/json, got "${type ?? ''}"`, 'UnsupportedMediaType'));
    req.resume();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > maxBytes) {
      refused = true;
      sendStatus(res, makeStatus(413, `${path} takes a body of at most ${maxBytes} bytes`, 'RequestEntityTooLarge'));
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (!refused) onBody(Buffer.concat(chunks).toString('utf8'));
  });
}
