// HTTP handling of /openapi/v2 and /openapi/v3 (ETag, 304, immutable hashed v3 URLs, 301 on stale hash).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { endBody } from '../http/compress.js';
import { parseAccept } from '../http/negotiate.js';
import { baseHeaders, sendPageNotFound } from '../http/respond.js';
import type { Document, OpenApi } from './openapi.js';
import { openApiV2Protobuf } from './protobuf-v2.js';

/** What /openapi/v2 answers protobuf with, for either subtype a client asks by. */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';
const V2_SUBTYPES: [string, 'json' | 'protobuf'][] = [
  ['json', 'json'],
  ['com.github.proto-openapi.spec.v2@v1.0+protobuf', 'protobuf'],
  ['com.github.proto-openapi.spec.v2.v1.0+protobuf', 'protobuf'],
];

/** The v2 handler sits in gziphandler, which names Accept-Encoding whether it compresses or not. */
const V2_VARY = 'Accept-Encoding, Accept';

/** The protobuf form of each v2 document built, made when first asked for. */
const v2Protobuf = new WeakMap<Document, Buffer>();

/** Go's time.RFC1123 of a UTC time ("Thu, 02 Dec 2027 00:42:29 UTC"), as the Expires of a hashed v3 document. */
function rfc1123(ms: number): string {
  return new Date(ms).toUTCString().replace(/GMT$/, 'UTC');
}

/**
 * A document as http.ServeContent sends it (Accept-Ranges, Last-Modified, 304 on If-None-Match). A v3 document
 * asked for by its hash is immutable: public, and Expires a year on, as kube-openapi's handler3 says.
 */
function sendDocument(req: IncomingMessage, res: ServerResponse, doc: Document, immutable: boolean, as: 'json' | 'protobuf' = 'json', vary = 'Accept'): void {
  // The protobuf form shares the JSON's ETag (kube-openapi: Vary: Accept tells them apart).
  const etag = `"${doc.hash}"`;
  const contentType = as === 'protobuf' ? OPENAPI_V2_PROTOBUF : 'application/json';
  const headers: Record<string, string> = { ...baseHeaders(contentType), 'Accept-Ranges': 'bytes', ETag: etag, 'Last-Modified': new Date(doc.builtAt).toUTCString(), Vary: vary };
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
  let body: string | Buffer = doc.body;
  if (as === 'protobuf') {
    body = v2Protobuf.get(doc) ?? openApiV2Protobuf(JSON.parse(doc.body) as Record<string, unknown>);
    v2Protobuf.set(doc, body);
  }
  endBody(req, res, 200, headers, body);
}

/** kube-openapi's v2 negotiation: the first Accept clause that is JSON or the protobuf form (a wildcard is JSON). */
function negotiateV2(req: IncomingMessage): 'json' | 'protobuf' | undefined {
  const ranges = parseAccept(req.headers.accept);
  if (ranges.length === 0) return 'json';
  // goautoneg's order: higher q first, then concrete types before wildcards.
  const q = (m: (typeof ranges)[number]): number => Number(m.params.q ?? '1');
  const wild = (m: (typeof ranges)[number]): number => (m.type === '*' ? 2 : m.subtype === '*' ? 1 : 0);
  const sorted = [...ranges].sort((a, b) => q(b) - q(a) || wild(a) - wild(b));
  for (const m of sorted) {
    if (m.type !== 'application' && m.type !== '*') continue;
    const found = V2_SUBTYPES.find(([subtype]) => m.subtype === subtype || m.subtype === '*');
    if (found) return found[1];
  }
  return undefined;
}

/** Serves an /openapi/... path; returns false when the path is not an OpenAPI one. */
export function serveOpenApi(openapi: OpenApi, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/openapi/v2') {
    const as = negotiateV2(req);
    if (as === undefined) {
      // kube-openapi writes the bare status, no body.
      const { 'Content-Type': _none, ...headers } = baseHeaders('');
      res.writeHead(406, { ...headers, Vary: V2_VARY, 'Content-Length': '0' });
      res.end();
      return true;
    }
    sendDocument(req, res, openapi.v2(), false, as, V2_VARY);
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
