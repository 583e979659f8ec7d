// One JSON request to a context's API server as the person, answered with its code and decoded body.
import type { ContextTarget } from './contexts.js';
import type { Person } from './person.js';
import { openUpstreamRequest } from './upstream.js';

export interface JsonAnswer {
  code: number;
  body: unknown;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** Sends the request; rejects when the server cannot be reached or does not answer within 15 s. */
export async function requestJson(target: ContextTarget, person: Person, method: string, pathAndQuery: string, body?: unknown): Promise<JsonAnswer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = { accept: 'application/json', 'user-agent': 'kubeglass', ...(text !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}) };
  const request = await openUpstreamRequest(target, { method, pathAndQuery, headers }, person);
  return new Promise((resolve, reject) => {
    request.setTimeout(TIMEOUT_MS, () => request.destroy(Object.assign(new Error('no answer within 15 s'), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => {
        let decoded: unknown = null;
        try {
          decoded = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // Not JSON: the code says enough.
        }
        resolve({ code: response.statusCode ?? 502, body: decoded });
      });
    });
    request.end(text);
  });
}
