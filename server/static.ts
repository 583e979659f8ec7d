// Serves the built SPA (dist/web): hashed assets cached forever, index.html revalidated, history fallback for UI routes.
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spaContentSecurityPolicy } from './security.js';
import { makeStatus, sendStatus } from './status.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Vite puts content-hashed files under assets/: safe to cache for a year. */
const IMMUTABLE_PREFIX = `assets${sep}`;

/** The package root (the folder whose package.json is named kubeglass), searched upwards from this file. */
export function findPackageRoot(start = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (isKubeglassManifest(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function isKubeglassManifest(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'kubeglass';
  } catch {
    return false;
  }
}

/** Default static folder: dist/web under the package root. */
export function defaultStaticDir(): string {
  return join(findPackageRoot() ?? process.cwd(), 'dist', 'web');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** True for paths the SPA router owns: / and /c/... (answered with index.html). */
function isUiRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html' || pathname.startsWith('/c/');
}

/** Serves a GET/HEAD for the SPA from root; 404 Status for anything unknown. */
export function serveStatic(req: IncomingMessage, res: ServerResponse, root: string): void {
  const host = req.headers.host ?? '';
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  const index = join(root, 'index.html');
  if (!isFile(index)) {
    if (isUiRoute(pathname)) {
      const body =
        `Kubeglass: the web app is not built (no ${index}).\n` +
        'Run `npm run build` (or `npm start`, which builds first), then restart kubeglass.\n' +
        'Meanwhile the API proxy (/k8s/{context}/...) and /-/contexts work.\n';
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    sendStatus(res, makeStatus(404, `not found: ${pathname}`));
    return;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(pathname).replace(/^\/+/, '');
  } catch {
    sendStatus(res, makeStatus(400, 'invalid URL encoding'));
    return;
  }
  const candidate = resolve(root, relative);
  const inside = candidate.startsWith(resolve(root) + sep);
  if (inside && !relative.includes('\0') && isFile(candidate) && candidate !== index) {
    const name = candidate.slice(resolve(root).length + 1);
    const cacheControl = name.startsWith(IMMUTABLE_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache';
    sendFile(req, res, candidate, cacheControl, host);
    return;
  }
  if (isUiRoute(pathname)) {
    sendFile(req, res, index, 'no-cache', host);
    return;
  }
  sendStatus(res, makeStatus(404, `not found: ${pathname}`));
}

/** Content codings the client accepts (q=0 means refused), per RFC 9110's Accept-Encoding. */
export function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (coding !== '' && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(coding);
  }
  return accepted;
}

/** The precompressed sibling (scripts/compress-web.mjs) to send, brotli first; none when not accepted or not built. */
function precompressed(req: IncomingMessage, file: string): { path: string; coding: 'br' | 'gzip' } | null {
  const accepted = acceptedCodings(req.headers['accept-encoding']);
  if (accepted.has('br') && isFile(`${file}.br`)) return { path: `${file}.br`, coding: 'br' };
  if (accepted.has('gzip') && isFile(`${file}.gz`)) return { path: `${file}.gz`, coding: 'gzip' };
  return null;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string, host: string): void {
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const encoded = precompressed(req, file);
  const body = encoded?.path ?? file;
  const stats = statSync(body);
  const headers: Record<string, string | number> = { 'Content-Type': type, 'Content-Length': stats.size, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' };
  if (encoded) headers['Content-Encoding'] = encoded.coding;
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = spaContentSecurityPolicy(host);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const cached = smallFile(body, stats);
  if (cached) {
    res.end(cached);
    return;
  }
  const stream = createReadStream(body);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** Files up to this size are kept in memory: the document and the app's entry (compressed) leave in one write. */
const SMALL_FILE_BYTES = 256 * 1024;
const smallFiles = new Map<string, { stamp: string; data: Buffer }>();

/** A small file's bytes, read again when its size or mtime changes (a rebuild under a running server); null if large. */
function smallFile(file: string, stats: Stats): Buffer | null {
  if (stats.size > SMALL_FILE_BYTES) return null;
  const stamp = `${stats.size}:${stats.mtimeMs}`;
  const cached = smallFiles.get(file);
  if (cached?.stamp === stamp) return cached.data;
  const data = readFileSync(file);
  smallFiles.set(file, { stamp, data });
  return data;
}
