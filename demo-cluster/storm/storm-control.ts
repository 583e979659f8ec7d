// The storm generator's control endpoint /-/demo/storm: loopback clients with the admin token only,
// like the fault injector's. POST starts (replacing a running storm), GET reports progress, DELETE stops,
// GET /-/demo/storm/log?from=N&limit=M reads the emission log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken } from '../auth/auth.js';
import type { Tokens } from '../auth/auth.js';
import { ApiError, badRequest, failure, methodNotAllowed } from '../http/errors.js';
import { sendError, sendObject } from '../http/respond.js';
import { isLoopback, readJson } from '../faults/faults.js';
import { parseStormSpec } from './storm.js';
import type { Storm } from './storm.js';

export const STORM_PATH = '/-/demo/storm';
const MAX_LOG_PAGE = 100_000;

/** Whether the request is for the storm endpoint. */
export function isStormPath(path: string): boolean {
  return path === STORM_PATH || path.startsWith(`${STORM_PATH}/`);
}

function nonNegativeInteger(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name);
  if (text === null) return fallback;
  if (!/^\d+$/.test(text)) throw badRequest(`"${name}" must be a non-negative integer, got "${text}"`);
  return Number(text);
}

/**
 * Answers a storm request. A TLS socket shows no address: it counts as local only when the cluster
 * listens on loopback alone (as for /-/demo/faults).
 */
export async function serveStormControl(
  storm: Storm,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
  tokens: Tokens,
  listensOnLoopbackOnly: boolean,
): Promise<void> {
  try {
    const address = req.socket.remoteAddress;
    if (!(address !== undefined ? isLoopback(address) : listensOnLoopbackOnly)) {
      throw new ApiError(failure(403, 'Forbidden', 'the storm endpoint only answers loopback clients', {}));
    }
    const token = bearerToken(req.headers);
    if (token === undefined || token !== tokens.admin) throw new ApiError(failure(403, 'Forbidden', 'the storm endpoint needs the admin token', {}));
    const action = path.slice(STORM_PATH.length);
    const method = req.method ?? 'GET';
    if (action === '/log') {
      if (method !== 'GET') throw methodNotAllowed();
      const limit = Math.min(nonNegativeInteger(query, 'limit', MAX_LOG_PAGE), MAX_LOG_PAGE);
      return sendObject(req, res, 200, storm.logSince(nonNegativeInteger(query, 'from', 0), limit));
    }
    if (action !== '' && action !== '/') throw new ApiError(failure(404, 'NotFound', `unknown storm action ${action}`, {}));
    if (method === 'GET') return sendObject(req, res, 200, storm.progress());
    if (method === 'DELETE') {
      storm.stop();
      return sendObject(req, res, 200, storm.progress());
    }
    if (method !== 'POST') throw methodNotAllowed();
    const spec = parseStormSpec(await readJson(req));
    if (typeof spec === 'string') throw badRequest(`storm: ${spec}`);
    try {
      return sendObject(req, res, 201, storm.start(spec));
    } catch (error) {
      throw badRequest(`storm: ${(error as Error).message}`);
    }
  } catch (err) {
    sendError(req, res, err, query);
  }
}
