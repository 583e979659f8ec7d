// HTTP handling of /openapi/v2 and /openapi/v3 (ETag, 304, immutable hashed v3 URLs, 301 on stale hash).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endBody } from '../http/compress.js';
import { notAcceptable } from '../http/errors.js';
import { parseAccept } from '../http/negotiate.js';
import { baseHeaders, sendObject, sendPageNotFound } from '../http/respond.js';
import type { Document, OpenApi } from './openapi.js';

function sendDocument(req: IncomingMessage, res: ServerResponse, doc: Document, immutable: boolean): void {
  const etag = `"${doc.hash}"`;
  const headers: Record<string, string> = { ...baseHeaders('application/json'), ETag: etag, Vary: 'Accept' };
  if (immutable) headers['Cache-Control'] = 'public, immutable';
  else headers['Cache-Control'] = 'no-cache, private';
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  endBody(req, res, 200, headers, doc.body);
}

/** JSON is the only OpenAPI encoding served (not the protobuf form). */
function acceptsJson(req: IncomingMessage): boolean {
  const ranges = parseAccept(req.headers.accept);
  return ranges.length === 0 || ranges.some((m) => (m.type === 'application' || m.type === '*') && (m.subtype === 'json' || m.subtype === '*'));
}

/** Serves an /openapi/... path; returns false when the path is not an OpenAPI one. */
export function serveOpenApi(openapi: OpenApi, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/openapi/v2') {
    if (!acceptsJson(req)) throw notAcceptable(['application/json', 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf']);
    sendDocument(req, res, openapi.v2(), false);
    return true;
  }
  if (path === '/openapi/v3') {
    sendObject(req, res, 200, openapi.v3Index(), 'json', url.searchParams);
    return true;
  }
  if (path.startsWith('/openapi/v3/')) {
    const gv = path.slice('/openapi/v3/'.length);
    const doc = openapi.v3(gv);
    if (!doc) {
      sendPageNotFound(res);
      return true;
    }
    const hash = url.searchParams.get('hash');
    if (hash !== null && hash !== doc.hash) {
      res.writeHead(301, { Location: `/openapi/v3/${gv}?hash=${doc.hash}`, 'Cache-Control': 'no-cache, private' });
      res.end();
      return true;
    }
    sendDocument(req, res, doc, hash !== null);
    return true;
  }
  return false;
}
