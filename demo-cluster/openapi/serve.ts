// HTTP handling of /openapi/v2 and /openapi/v3 (ETag, 304, immutable hashed v3 URLs, 301 on stale hash).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endBody } from '../http/compress.js';
import { notAcceptable } from '../http/errors.js';
import { parseAccept } from '../http/negotiate.js';
import { baseHeaders, sendPageNotFound } from '../http/respond.js';
import type { Document, OpenApi } from './openapi.js';

/** Go's time.RFC1123 of a UTC time ("Thu, 02 Dec 2027 00:42:29 UTC"), as the Expires of a hashed v3 document. */
function rfc1123(ms: number): string {
  return new Date(ms).toUTCString().replace(/GMT$/, 'UTC');
}

/**
 * A document as http.ServeContent sends it (Accept-Ranges, Last-Modified, 304 on If-None-Match). A v3 document
 * asked for by its hash is immutable: public, and Expires a year on, as kube-openapi's handler3 says.
 */
function sendDocument(req: IncomingMessage, res: ServerResponse, doc: Document, immutable: boolean): void {
  const etag = `"${doc.hash}"`;
  const headers: Record<string, string> = { ...baseHeaders('application/json'), 'Accept-Ranges': 'bytes', ETag: etag, 'Last-Modified': new Date(doc.builtAt).toUTCString(), Vary: 'Accept' };
  if (immutable) {
    headers['Cache-Control'] = 'public, immutable';
    const expires = new Date();
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    headers.Expires = rfc1123(expires.getTime());
  }
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
    // The aggregator's index handler writes no Content-Type: net/http sniffs the JSON as text.
    const headers = { ...baseHeaders('text/plain; charset=utf-8'), 'Accept-Ranges': 'bytes', 'Last-Modified': new Date().toUTCString() };
    endBody(req, res, 200, headers, JSON.stringify(openapi.v3Index()));
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
    if (hash !== null && hash !== '' && hash !== doc.hash) {
      res.writeHead(301, { ...baseHeaders('application/json'), ETag: `"${doc.hash}"`, Location: `/openapi/v3/${gv}?hash=${doc.hash}`, Vary: 'Accept', 'Content-Length': '0' });
      res.end();
      return true;
    }
    sendDocument(req, res, doc, hash !== null && hash !== '');
    return true;
  }
  return false;
}
