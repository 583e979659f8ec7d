// OpenAPI over HTTP: v3 (index -> hashed group-version document, cached by its URL, which carries the content
// hash) when served (GA in 1.27, absent on 1.20), else v2 (one big document, revalidated with its ETag).
// Takes the fetch as a parameter like discovery does.
import { kindSchemaFromDefinitions, type Definitions, type GroupVersionKind, type KindSchema } from './kind-schema.js';
import { operationListsQueryParam } from './operation-params.js';

export type { GroupVersionKind, KindSchema } from './kind-schema.js';

/** The fetch the OpenAPI code calls; the app passes one that prefixes `/k8s/{context}`. */
export type OpenApiFetch = (path: string, init: { headers: Record<string, string> }) => Promise<Response>;

/** Parsed documents kept between calls (one cache per context). */
export interface OpenApiCache {
  /** null until asked; false after /openapi/v3 answered 404 (then only v2 is used). */
  v3Served: boolean | null;
  /** v3 group-version documents by serverRelativeURL (`/openapi/v3/apis/apps/v1?hash=...`): immutable. */
  v3: Map<string, unknown>;
  /** The v2 document and its ETag. */
  v2: { etag: string | null; doc: unknown } | null;
}

/** A document could not be fetched (code = HTTP status, 0 for network errors), or the kind is not in it (code 404). */
export class OpenApiError extends Error {
  override readonly name = 'OpenApiError';
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

/** An empty cache. */
export function createOpenApiCache(): OpenApiCache {
  return { v3Served: null, v3: new Map(), v2: null };
}

const JSON_ACCEPT = 'application/json';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function get(fetchFn: OpenApiFetch, path: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetchFn(path, { headers: { Accept: JSON_ACCEPT, ...headers } });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new OpenApiError(`${path}: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
}

async function readJson(res: Response, path: string): Promise<unknown> {
  if (!res.ok) throw new OpenApiError(`${path}: HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`.trim(), res.status);
  try {
    return (await res.json()) as unknown;
  } catch {
    throw new OpenApiError(`${path}: the response is not JSON`, 502);
  }
}

/** `api/v1` or `apis/apps/v1`: the keys of the /openapi/v3 index. */
export function v3IndexKey(gvk: Pick<GroupVersionKind, 'group' | 'version'>): string {
  return gvk.group ? `apis/${gvk.group}/${gvk.version}` : `api/${gvk.version}`;
}

async function fromV3(fetchFn: OpenApiFetch, gvk: GroupVersionKind, cache: OpenApiCache): Promise<KindSchema | null> {
  if (cache.v3Served === false) return null;
  const res = await get(fetchFn, '/openapi/v3');
  if (res.status === 404) {
    cache.v3Served = false;
    return null;
  }
  const index = await readJson(res, '/openapi/v3');
  cache.v3Served = true;
  const entry = isObject(index) && isObject(index.paths) ? index.paths[v3IndexKey(gvk)] : undefined;
  const url = isObject(entry) && typeof entry.serverRelativeURL === 'string' ? entry.serverRelativeURL : null;
  if (url === null) return null;
  let doc = cache.v3.get(url);
  if (doc === undefined) {
    // A stale hash answers 301 to the current one; fetch follows it. The hashed URL itself never changes content.
    doc = await readJson(await get(fetchFn, url), url);
    cache.v3.set(url, doc);
  }
  const schemas = isObject(doc) && isObject(doc.components) && isObject(doc.components.schemas) ? (doc.components.schemas as Definitions) : {};
  return withParams(kindSchemaFromDefinitions(schemas, '#/components/schemas/', gvk, 'v3'), doc, gvk);
}

async function fromV2(fetchFn: OpenApiFetch, gvk: GroupVersionKind, cache: OpenApiCache): Promise<KindSchema | null> {
  const cached = cache.v2;
  const res = await get(fetchFn, '/openapi/v2', cached?.etag ? { 'If-None-Match': cached.etag } : {});
  let doc: unknown;
  if (res.status === 304 && cached) {
    doc = cached.doc;
  } else {
    doc = await readJson(res, '/openapi/v2');
    cache.v2 = { etag: res.headers.get('etag'), doc };
  }
  const defs = isObject(doc) && isObject(doc.definitions) ? (doc.definitions as Definitions) : {};
  return withParams(kindSchemaFromDefinitions(defs, '#/definitions/', gvk, 'v2'), doc, gvk);
}

function withParams(schema: KindSchema | null, doc: unknown, gvk: GroupVersionKind): KindSchema | null {
  return schema && { ...schema, fieldValidationListed: operationListsQueryParam(doc, gvk, 'put', 'fieldValidation') };
}

/** The schema of one kind from the cluster's OpenAPI (v3 when served, else v2). */
export async function fetchKindSchema(fetchFn: OpenApiFetch, gvk: GroupVersionKind, cache: OpenApiCache): Promise<KindSchema> {
  const schema = (await fromV3(fetchFn, gvk, cache)) ?? (await fromV2(fetchFn, gvk, cache));
  if (!schema) {
    const gv = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
    throw new OpenApiError(`the cluster's OpenAPI has no schema for ${gvk.kind} in ${gv}`, 404);
  }
  return schema;
}
