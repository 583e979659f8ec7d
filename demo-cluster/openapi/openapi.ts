// /openapi/v2 built from the registry and the recorded 1.37.2 definitions, so `kubectl explain` and kubectl's
// fieldValidation support check (PATCH parameters per GVK) work; /openapi/v3 serves the recorded 1.37.2 documents
// cut down to the served types, and builds those of the group-versions it has none for (custom resources).
import { createHash } from 'node:crypto';
import type { Registry, ResourceType } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { DEFINITIONS } from './definitions.js';
import { publishedV2Definition } from './crd-definitions.js';
import { definitionNameOf } from './schema.js';
import { builtSchemas, servedDocument } from './v3-document.js';
import { recordedV3 } from './v3-recorded.js';
import type { Definitions } from './schema.js';

const queryParam = (name: string, type: string, description: string): JsonObject => ({ name, in: 'query', description, schema: { type, uniqueItems: true } });
const DRY_RUN = queryParam('dryRun', 'string', 'When present, indicates that modifications should not be persisted. Valid values are: - All: all dry run stages will be processed');
const FIELD_MANAGER = queryParam('fieldManager', 'string', 'fieldManager is a name associated with the actor or entity that is making these changes.');
const FIELD_VALIDATION = queryParam('fieldValidation', 'string', 'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields. Valid values are: Ignore, Warn, Strict.');
const FORCE = queryParam('force', 'boolean', 'Force is going to "force" Apply requests.');
const LIST_PARAMS = ['allowWatchBookmarks', 'continue', 'fieldSelector', 'labelSelector', 'limit', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'watch'].map((n) =>
  queryParam(n, n === 'limit' || n === 'timeoutSeconds' ? 'integer' : n === 'watch' || n === 'allowWatchBookmarks' ? 'boolean' : 'string', n),
);

type Style = 'v2' | 'v3';

function ref(style: Style, name: string): JsonObject {
  return { $ref: style === 'v2' ? `#/definitions/${name}` : `#/components/schemas/${name}` };
}

function operation(style: Style, t: ResourceType, action: string, verb: string, responseDef: string, params: JsonObject[], body?: { def: string; patch?: boolean }): JsonObject {
  const op: JsonObject = {
    description: `${action} ${t.kind}`,
    operationId: `${verb}${t.group === '' ? 'Core' : ''}${t.kind}`,
  };
  const asV2Param = (p: JsonObject): JsonObject => {
    const schema = p.schema as JsonObject;
    return { uniqueItems: true, type: schema.type, description: p.description, name: p.name, in: 'query' };
  };
  if (style === 'v2') {
    op.parameters = [...(body ? [{ name: 'body', in: 'body', required: true, schema: ref(style, body.def) }] : []), ...params.map(asV2Param)];
    op.responses = { '200': { description: 'OK', schema: ref(style, responseDef) }, '401': { description: 'Unauthorized' } };
    if (body?.patch) op.consumes = t.patchTypes ?? ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];
  } else {
    op.parameters = params;
    if (body) {
      const types = body.patch ? [...(t.patchTypes ?? ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'])].sort() : ['*/*'];
      op.requestBody = { content: Object.fromEntries(types.map((c) => [c, { schema: ref(style, body.def) }])), required: true };
    }
    op.responses = { '200': { description: 'OK', content: { 'application/json': { schema: ref(style, responseDef) } } }, '401': { description: 'Unauthorized' } };
  }
  op['x-kubernetes-action'] = action;
  op['x-kubernetes-group-version-kind'] = { group: t.group, version: t.version, kind: t.kind };
  return op;
}

/** Paths of one type in v2 or v3 form. */
function typePaths(style: Style, defs: Definitions, t: ResourceType): Record<string, JsonObject> {
  const def = definitionNameOf(defs, t);
  if (!def) return {};
  const prefix = t.group === '' ? `/api/${t.version}` : `/apis/${t.group}/${t.version}`;
  const base = t.namespaced ? `${prefix}/namespaces/{namespace}/${t.resource}` : `${prefix}/${t.resource}`;
  // Create-only types (the reviews) have no list kind: the collection path answers POST alone.
  if (t.verbs.length === 1 && t.verbs[0] === 'create') return { [base]: { post: operation(style, t, 'post', 'create', def, [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION], { def }) } };
  const listDef = definitionNameOf(defs, { ...t, kind: `${t.kind}List` });
  if (!listDef) return {};
  const status = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
  const patchDef = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';
  const deleteDef = 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions';
  const has = (v: string): boolean => (t.verbs as string[]).includes(v);
  const paths: Record<string, JsonObject> = {};
  const collection: JsonObject = { get: operation(style, t, 'list', 'list', listDef, LIST_PARAMS) };
  if (has('create')) collection.post = operation(style, t, 'post', 'create', def, [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION], { def });
  if (has('deletecollection')) collection.delete = operation(style, t, 'deletecollection', 'deleteCollection', status, [DRY_RUN, ...LIST_PARAMS], { def: deleteDef });
  paths[base] = collection;
  const item: JsonObject = { get: operation(style, t, 'get', 'read', def, []) };
  if (has('update')) item.put = operation(style, t, 'put', 'replace', def, [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION], { def });
  if (has('patch')) item.patch = operation(style, t, 'patch', 'patch', def, [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION, FORCE], { def: patchDef, patch: true });
  if (has('delete')) item.delete = operation(style, t, 'delete', 'delete', status, [DRY_RUN], { def: deleteDef });
  paths[`${base}/{name}`] = item;
  if (t.subresources.some((s) => s.name === 'status')) {
    paths[`${base}/{name}/status`] = {
      get: operation(style, t, 'get', 'readStatus', def, []),
      put: operation(style, t, 'put', 'replaceStatus', def, [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION], { def }),
      patch: operation(style, t, 'patch', 'patchStatus', def, [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION, FORCE], { def: patchDef, patch: true }),
    };
  }
  if (t.namespaced) paths[`${prefix}/${t.resource}`] = { get: operation(style, t, 'list', 'listForAllNamespaces', listDef, LIST_PARAMS) };
  return paths;
}

/** Definitions reachable from the given roots. */
function closure(defs: Definitions, roots: string[]): Definitions {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop();
    if (name === undefined || seen.has(name) || !defs[name]) continue;
    seen.add(name);
    for (const m of JSON.stringify(defs[name]).matchAll(/#\/definitions\/([^"]+)/g)) if (m[1]) stack.push(m[1]);
  }
  return Object.fromEntries([...seen].sort().map((n) => [n, defs[n] ?? {}]));
}

export interface Document {
  body: string;
  /** Uppercase hex SHA-512 of the body (ETag and v3 hash). */
  hash: string;
  /** When it was built (ms): its Last-Modified. */
  builtAt: number;
}

function document(value: unknown): Document {
  const body = JSON.stringify(value);
  return { body, hash: createHash('sha512').update(body).digest('hex').toUpperCase(), builtAt: Math.floor(Date.now() / 1000) * 1000 };
}

/** Builds and caches the OpenAPI documents for a registry (rebuilt when the registry changes). */
export class OpenApi {
  private v2Doc: Document | undefined;
  private readonly v3Docs = new Map<string, Document>();
  private builtFor = -1;
  private defs: Definitions = DEFINITIONS;

  constructor(
    private readonly registry: Registry,
    private readonly version: string,
  ) {}

  /** Drops cached documents when types were added or removed (CRDs); merges their definitions. */
  private refresh(): void {
    if (this.builtFor === this.registry.generation) return;
    this.builtFor = this.registry.generation;
    this.v2Doc = undefined;
    this.v3Docs.clear();
    const extra = this.registry.all().flatMap((t) => Object.entries(t.definitions ?? {}));
    this.defs = extra.length === 0 ? DEFINITIONS : { ...DEFINITIONS, ...Object.fromEntries(extra) };
  }

  /** The whole v2 document. */
  v2(): Document {
    this.refresh();
    const defs = this.defs;
    // Custom kinds as v2 publishes them; their lists stay as they are.
    const ofKind = (t: ResourceType, d: Record<string, unknown>): boolean => {
      const gvks = d['x-kubernetes-group-version-kind'];
      return Array.isArray(gvks) && gvks.some((g) => isPlainObject(g) && g.kind === t.kind);
    };
    const published = this.registry
      .all()
      .flatMap((t) => (t.unstructured ? Object.entries(t.definitions ?? {}).filter(([, d]) => ofKind(t, d)) : []))
      .map(([name, d]) => [name, publishedV2Definition(d as JsonObject)] as const);
    this.v2Doc ??= document({
      swagger: '2.0',
      info: { title: 'Kubernetes', version: this.version },
      paths: Object.assign({}, ...this.registry.all().map((t) => typePaths('v2', defs, t))) as JsonObject,
      definitions: published.length === 0 ? defs : { ...defs, ...Object.fromEntries(published) },
      securityDefinitions: { BearerToken: { description: 'Bearer Token authentication', type: 'apiKey', name: 'authorization', in: 'header' } },
      security: [{ BearerToken: [] }],
    });
    return this.v2Doc;
  }

  /** Group-version keys of /openapi/v3: "api/v1", "apis/apps/v1". */
  groupVersions(): string[] {
    const out = this.registry.groupVersions('').map((v) => `api/${v}`);
    for (const g of this.registry.groups()) for (const v of this.registry.groupVersions(g)) out.push(`apis/${g}/${v}`);
    return out;
  }

  /** One v3 group-version document, or undefined if not served. */
  v3(gvPath: string): Document | undefined {
    this.refresh();
    const defs = this.defs;
    const cached = this.v3Docs.get(gvPath);
    if (cached) return cached;
    const m = /^(?:api\/([^/]+)|apis\/([^/]+)\/([^/]+))$/.exec(gvPath);
    if (!m) return undefined;
    const group = m[2] ?? '';
    const version = m[1] ?? m[3] ?? '';
    const types = this.registry.inGroupVersion(group, version);
    if (types.length === 0) return undefined;
    const recorded = recordedV3(gvPath);
    if (recorded) {
      const doc = document(servedDocument(recorded, this.registry, group, version));
      this.v3Docs.set(gvPath, doc);
      return doc;
    }
    const roots = types.flatMap((t) => [definitionNameOf(defs, t), definitionNameOf(defs, { ...t, kind: `${t.kind}List` })]).filter((d): d is string => d !== undefined);
    roots.push('io.k8s.apimachinery.pkg.apis.meta.v1.Status', 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions', 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch');
    const schemas = builtSchemas(closure(defs, roots) as Record<string, JsonObject>, recordedV3('api/v1')?.schemas ?? {});
    const doc = document({
      openapi: '3.0.0',
      info: { title: 'Kubernetes', version: this.version },
      paths: Object.assign({}, ...types.map((t) => typePaths('v3', defs, t))) as JsonObject,
      components: { schemas, securitySchemes: { BearerToken: { type: 'apiKey', description: 'Bearer Token authentication', name: 'authorization', in: 'header' } } },
    });
    this.v3Docs.set(gvPath, doc);
    return doc;
  }

  /** GET /openapi/v3. */
  v3Index(): JsonObject {
    const paths: JsonObject = {};
    // Go writes the map in key order.
    for (const gv of this.groupVersions().sort()) {
      const doc = this.v3(gv);
      if (doc) paths[gv] = { serverRelativeURL: `/openapi/v3/${gv}?hash=${doc.hash}` };
    }
    return { paths };
  }
}
