// LIST with limit/continue over a consistent snapshot (etcd3 store semantics, opaque continue tokens).
import { ApiError, badRequest, expired, failure } from '../http/errors.js';
import type { ObjectFilter } from './filters.js';
import type { Store } from './store.js';
import type { KubeObject } from '../resources/types.js';

export interface ListResult {
  items: KubeObject[];
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

interface ContinueToken {
  v: string;
  rv: number;
  start: string;
}

const INCONSISTENT_CONTINUE =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** Encodes a continue token like etcd3's encodeContinue (base64url, no padding). */
export function encodeContinue(startKey: string, rv: number): string {
  const token: ContinueToken = { v: 'meta.k8s.io/v1', rv, start: startKey };
  return Buffer.from(JSON.stringify(token), 'utf8').toString('base64url');
}

const BASE64URL = /^[A-Za-z0-9_-]$/;

/** The first byte that is no JSON whitespace (where encoding/json's scanner stops on bad input). */
function firstNonSpace(bytes: Buffer): number {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return b;
  return 0;
}

/** encoding/json's quoteChar: the byte as a rune, quoted as strconv.Quote does, between single quotes. */
function goQuoteChar(b: number): string {
  if (b === 0x27) return "'\\''";
  if (b === 0x22) return `'"'`;
  if (b >= 0x20 && b < 0x7f) return `'${String.fromCharCode(b)}'`;
  const escapes: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' };
  if (escapes[b] !== undefined) return `'${escapes[b]}'`;
  if (b < 0x20 || b === 0x7f) return `'\\x${b.toString(16).padStart(2, '0')}'`;
  // U+0080..U+00FF: not printable below U+00A1 (and U+00AD), else printed as is.
  if (b < 0xa1 || b === 0xad) return `'\\u${b.toString(16).padStart(4, '0')}'`;
  return `'${String.fromCharCode(b)}'`;
}

/** Decodes a continue token; errors are worded like decodeContinue's. */
export function decodeContinue(token: string): { start: string; rv: number } {
  const fail = (why: string): ApiError => badRequest(`invalid continue token: continue key is not valid: ${why}`);
  for (let i = 0; i < token.length; i++) {
    if (!BASE64URL.test(token.charAt(i))) throw fail(`illegal base64 data at input byte ${i}`);
  }
  if (token.length % 4 === 1) throw fail(`illegal base64 data at input byte ${token.length - 1}`);
  const bytes = Buffer.from(token, 'base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw fail(`invalid character ${goQuoteChar(firstNonSpace(bytes))} looking for beginning of value`);
  }
  const t = parsed as Partial<ContinueToken>;
  if (t.v !== 'meta.k8s.io/v1') throw fail(`server does not recognize this encoded version ${String(t.v ?? '')}`);
  if (typeof t.rv !== 'number' || t.rv === 0) throw fail('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (typeof t.start !== 'string' || t.start === '') throw fail('encoded start key empty (version meta.k8s.io/v1)');
  // The start key is taken under the list's prefix only if path.Clean("/" + key) leaves it as it is.
  const key = t.start.startsWith('/') ? t.start : `/${t.start}`;
  if (key !== '/' && key.split('/').slice(1).some((p) => p === '' || p === '..' || p === '.')) throw fail(t.start);
  return { start: key.slice(1), rv: t.rv };
}

function parseLimit(raw: string | null): number {
  if (raw === null || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw badRequest(`strconv.ParseInt: parsing "${raw}": invalid syntax`);
  return n > 0 ? n : 0;
}

/** Parses a resourceVersion query value; undefined when unset. */
export function parseResourceVersion(raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  // A bare 500 (no reason) with the field error, as get and watch answer it.
  if (!/^\d+$/.test(raw)) {
    const status = failure(500, '', `resourceVersion: Invalid value: "${raw}": strconv.ParseUint: parsing "${raw}": invalid syntax`);
    delete status.reason;
    throw new ApiError(status);
  }
  return Number(raw);
}

/** A list's resourceVersion: 1.37 lists answer a malformed one with a 400 (get and watch keep the bare 500). */
function parseListResourceVersion(raw: string | null): number | undefined {
  try {
    return parseResourceVersion(raw);
  } catch (e) {
    if (e instanceof ApiError) throw badRequest(`invalid resource version: ${e.status.message ?? ''}`);
    throw e;
  }
}

/** Lists objects of one collection for the query. */
export function listObjects(store: Store, storageKey: string, filter: ObjectFilter, query: URLSearchParams): ListResult {
  const limit = parseLimit(query.get('limit'));
  const continueRaw = query.get('continue') ?? '';
  const rvRaw = query.get('resourceVersion');
  const current = store.resourceVersion;
  const prefix = filter.namespace !== undefined ? `${filter.namespace}/` : '';

  let snapshotRv = current;
  let startKey = '';
  if (continueRaw !== '') {
    if (rvRaw !== null && rvRaw !== '' && rvRaw !== '0') throw badRequest('specifying resource version is not allowed when using continue');
    const token = decodeContinue(continueRaw);
    startKey = prefix + token.start;
    snapshotRv = token.rv < 0 ? current : token.rv;
  } else {
    const rv = parseListResourceVersion(rvRaw);
    if (rv !== undefined && rv > current) {
      throw new ApiError(
        failure(504, 'Timeout', `Timeout: Too large resource version: ${rv}, current: ${current}`, {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
          retryAfterSeconds: 1,
        }),
      );
    }
  }
  // resourceVersion=0 is served from the watch cache, which ignores limit (1.20 and 1.37 alike).
  const effectiveLimit = rvRaw === '0' && continueRaw === '' ? 0 : limit;

  const collection = store.collection(storageKey);
  const snapshot = store.snapshotAt(storageKey, snapshotRv);
  if (snapshot === undefined) {
    const err = expired(INCONSISTENT_CONTINUE);
    err.status.metadata = { continue: encodeContinue(startKey.slice(prefix.length), -1) };
    throw err;
  }
  const keys = snapshot === collection.objects ? collection.sortedKeys() : [...snapshot.keys()].sort();

  let i = lowerBound(keys, startKey !== '' ? startKey : prefix);
  const items: KubeObject[] = [];
  let lastKey = '';
  for (; i < keys.length; i++) {
    const key = keys[i] ?? '';
    if (prefix !== '' && !key.startsWith(prefix)) break;
    const obj = snapshot.get(key);
    if (!obj || !filter.matches(obj)) continue;
    if (effectiveLimit > 0 && items.length === effectiveLimit) break;
    items.push(obj);
    lastKey = key;
  }
  const result: ListResult = { items, resourceVersion: String(snapshotRv) };
  if (effectiveLimit > 0 && items.length === effectiveLimit) {
    // More to come only if a matching object follows the last one returned.
    let remaining = 0;
    let hasMore = false;
    for (let j = i; j < keys.length; j++) {
      const key = keys[j] ?? '';
      if (prefix !== '' && !key.startsWith(prefix)) break;
      remaining++;
      const obj = snapshot.get(key);
      if (!hasMore && obj && filter.matches(obj)) {
        hasMore = true;
        if (filter.hasSelector) break;
      }
    }
    if (hasMore) {
      result.continue = encodeContinue(`${lastKey.slice(prefix.length)}\u0000`, snapshotRv);
      if (!filter.hasSelector) result.remainingItemCount = remaining;
    }
  }
  return result;
}

function lowerBound(keys: string[], target: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((keys[mid] ?? '') < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
