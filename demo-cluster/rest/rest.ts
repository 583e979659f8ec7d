// HTTP handlers for resource endpoints: get, list, watch (chunked), create, update, delete,
// deletecollection, the status subresource and pods/log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseYaml } from 'yaml';
import type { ApiError, FieldError } from '../http/errors.js';
import { badRequest, failure, invalid, methodNotAllowed, notFound, routeNotAcceptable, routeNotFound, unsupportedMediaType } from '../http/errors.js';
import { applyJsonPatch, applyMergePatch, strategicMerge } from './patch.js';
import { InvalidAppliedObject, serverSideApply } from './apply.js';
import { Schema } from '../openapi/schema.js';
import { getScale, updateScale } from './scale.js';
import { rfc3339 } from '../resources/duration.js';
import { ApiError as ApiErrorClass } from '../http/errors.js';
import { authorize } from '../auth/auth.js';
import type { User } from '../auth/auth.js';
import { buildFilter } from '../store/filters.js';
import { listObjects } from '../store/list.js';
import { managerFor } from './managed-fields.js';
import { RESOURCE_MEDIA_TYPES, negotiateResource, restfulAcceptable } from '../http/negotiate.js';
import type { Representation } from '../http/negotiate.js';
import type { ResourceType, Verb } from '../resources/registry.js';
import { apiVersionOf, storageKey } from '../resources/registry.js';
import type { RequestInfo } from '../http/request-info.js';
import { baseHeaders, sendJsonText, sendObject, sendPageNotFound, sendStatus } from '../http/respond.js';
import type { Store } from '../store/store.js';
import { buildTable, tableJson } from '../tables/table.js';
import type { IncludeObject } from '../tables/table.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { planWatch } from '../store/watch.js';
import type { WatchPlan, WatchSession } from '../store/watch.js';
import { checkTypeMeta, createObject, deleteObject, updateObject } from './writes.js';
import type { DeleteOptions, PropagationPolicy } from './writes.js';
import type { WriteContext } from './writes.js';
import { podLogs } from './pod-logs.js';
import { decodeKubernetesProtobuf } from '../protobuf/decode.js';
import { checkAppliedFields, checkBodyFields, checkPatchedFields, typedPatchFailure } from '../validation/field-validation.js';
import { checkBodyTypes } from '../validation/type-check.js';
import { checkDryRun, checkWriteQuery, includeObjectInvalid } from '../http/request-options.js';

export interface RestContext extends WriteContext {
  store: Store;
  bookmarkIntervalMs: number;
  /** Open watches, closed when the cluster shuts down. */
  watches: Set<WatchSession>;
}

export type ResourceInfo = Extract<RequestInfo, { kind: 'resource' }>;

/** The longest body the apiserver decodes (3 MiB). */
const MAX_BODY = 3 * 1024 * 1024;

/** Reads and decodes a JSON or YAML request body; 415 for other media types. */
export async function readBody(req: IncomingMessage, accepted: string[] = RESOURCE_MEDIA_TYPES): Promise<unknown> {
  return decodeBody(await readRaw(req), req.headers['content-type'], accepted);
}

/** Reads a request body up to the apiserver's limit. */
async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new ApiErrorClass(failure(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${MAX_BODY}`));
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function decodeBody(raw: Buffer, contentTypeHeader: string | undefined, accepted: string[]): unknown {
  const contentType = (contentTypeHeader ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType === 'application/vnd.kubernetes.protobuf' && raw.length > 0) return decodeKubernetesProtobuf(raw);
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  if (contentType === 'application/json' || contentType === '') {
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      throw badRequest(`json: ${(e as Error).message}`);
    }
  }
  if (contentType === 'application/yaml') {
    try {
      return parseYaml(text) as unknown;
    } catch (e) {
      throw badRequest(`yaml: ${(e as Error).message}`);
    }
  }
  throw unsupportedMediaType(accepted);
}

/** The 406 of a resource route for this Accept header (go-restful's own or the negotiation's list). */
function notAcceptableFor(accept: string | undefined): ApiError {
  return routeNotAcceptable(restfulAcceptable(accept), RESOURCE_MEDIA_TYPES);
}

function includeObjectParam(query: URLSearchParams): IncludeObject {
  const v = query.get('includeObject') ?? '';
  if (v === '' || v === 'Metadata') return 'Metadata';
  if (v === 'None' || v === 'Object') return v;
  throw includeObjectInvalid(v);
}

function isDryRun(query: URLSearchParams): boolean {
  const values = query.getAll('dryRun');
  for (const v of values) {
    if (v !== 'All') throw badRequest(`dryRun: Unsupported value: "${v}": supported values: "All"`);
  }
  return values.length > 0;
}

/** Strips kind/apiVersion from list items, as built-in list serialization does. */
function listItem(obj: KubeObject): KubeObject {
  const { kind: _k, apiVersion: _a, ...rest } = obj;
  return rest as KubeObject;
}

function sendRepresentation(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  code: number,
  t: ResourceType,
  rep: Representation,
  single: KubeObject | undefined,
  list: { items: KubeObject[]; resourceVersion: string; continue?: string; remainingItemCount?: number } | undefined,
): void {
  if (rep.kind === 'table') {
    const objects = single ? [single] : (list?.items ?? []);
    const meta = single
      ? { resourceVersion: single.metadata.resourceVersion ?? '' }
      : {
          resourceVersion: list?.resourceVersion ?? '',
          ...(list?.continue !== undefined ? { continue: list.continue } : {}),
          ...(list?.remainingItemCount !== undefined ? { remainingItemCount: list.remainingItemCount } : {}),
        };
    const table = buildTable(t, objects, meta, {
      includeObject: includeObjectParam(query),
      apiVersion: `meta.k8s.io/${rep.version}`,
      withColumns: true,
    });
    sendJsonText(req, res, code, tableJson(table), table, query);
    return;
  }
  if (rep.kind === 'partial') {
    const apiVersion = `meta.k8s.io/${rep.version}`;
    const partial = (o: KubeObject): unknown => ({ kind: 'PartialObjectMetadata', apiVersion, metadata: o.metadata });
    if (single) sendObject(req, res, code, partial(single), 'json', query);
    else sendObject(req, res, code, { kind: 'PartialObjectMetadataList', apiVersion, metadata: listMeta(list), items: (list?.items ?? []).map(partial) }, 'json', query);
    return;
  }
  const format = rep.kind === 'yaml' ? 'yaml' : 'json';
  if (single) sendObject(req, res, code, single, format, query);
  else sendObject(req, res, code, { kind: `${t.kind}List`, apiVersion: apiVersionOf(t), metadata: listMeta(list), items: (list?.items ?? []).map(listItem) }, format, query);
}

function listMeta(list: { resourceVersion: string; continue?: string; remainingItemCount?: number } | undefined): Record<string, unknown> {
  const meta: Record<string, unknown> = { resourceVersion: list?.resourceVersion ?? '' };
  if (list?.continue !== undefined) meta.continue = list.continue;
  if (list?.remainingItemCount !== undefined) meta.remainingItemCount = list.remainingItemCount;
  return meta;
}

/** Which verb a request is, as the authorizer sees it. */
export function verbOf(method: string, info: ResourceInfo, query: URLSearchParams): string {
  const watch = info.watchPrefix || query.get('watch') === 'true' || query.get('watch') === '1';
  switch (method) {
    case 'GET':
    case 'HEAD':
      if (info.name === undefined) return watch ? 'watch' : 'list';
      return watch ? 'watch' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return info.name === undefined ? 'deletecollection' : 'delete';
    default:
      return method.toLowerCase();
  }
}

/** Resolves the type of a resource request; undefined when nothing serves the path. */
export function resolveType(ctx: RestContext & { registry: WriteContext['registry'] }, info: ResourceInfo): ResourceType | undefined {
  const t = ctx.registry.get(info.group, info.version, info.resource);
  if (!t) return undefined;
  if (!t.namespaced && info.namespace !== undefined && t.resource !== 'namespaces') return undefined;
  if (info.subresource !== undefined && !t.subresources.some((s) => s.name === info.subresource)) return undefined;
  return t;
}

/** Checks authorization, answering 403 when denied. Returns false when the response was sent. */
export function authorizeRequest(user: User, verb: string, info: ResourceInfo): ApiError | undefined {
  return authorize(user, {
    verb,
    group: info.group,
    resource: info.resource,
    ...(info.subresource !== undefined ? { subresource: info.subresource } : {}),
    ...(info.namespace !== undefined ? { namespace: info.namespace } : {}),
    ...(info.name !== undefined ? { name: info.name } : {}),
  });
}

/** Validates a watch request and returns its plan (shared by chunked HTTP and WebSocket). */
export function planResourceWatch(ctx: RestContext, t: ResourceType, info: ResourceInfo, query: URLSearchParams, accept: string | undefined): WatchPlan {
  const rep = negotiateResource(accept, true);
  if (rep === undefined || rep.kind === 'yaml') throw notAcceptableFor(accept);
  const namespace = t.namespaced ? info.namespace : undefined;
  const q = new URLSearchParams(query);
  if (info.name !== undefined) {
    // Watching a single object = a field selector on its name.
    const existing = q.get('fieldSelector');
    q.set('fieldSelector', existing ? `${existing},metadata.name=${info.name}` : `metadata.name=${info.name}`);
  }
  const filter = buildFilter(t, namespace, q);
  return planWatch({
    type: t,
    store: ctx.store,
    filter,
    query: q,
    representation: rep,
    includeObject: rep.kind === 'table' ? includeObjectParam(q) : 'Metadata',
    bookmarkIntervalMs: ctx.bookmarkIntervalMs,
  });
}

let lastText = '';
let lastBuffer = Buffer.alloc(0);

/** The event line as bytes, encoded once for all watchers receiving the same event string. */
function eventBuffer(text: string): Buffer {
  if (text !== lastText) {
    lastText = text;
    lastBuffer = Buffer.from(`${text}\n`);
  }
  return lastBuffer;
}

/** How long watch events may wait to share a network write (chunked HTTP). */
const WATCH_FLUSH_MS = 5;

let lastParts: Buffer[] = [];
let lastJoined = Buffer.alloc(0);

/** The held events as one buffer; watchers that held the same events (the usual fan-out) share it. */
function joinEvents(parts: Buffer[], bytes: number): Buffer {
  if (parts.length === 1 && parts[0]) return parts[0];
  if (parts.length !== lastParts.length || parts.some((b, i) => b !== lastParts[i])) {
    lastParts = parts;
    lastJoined = Buffer.concat(parts, bytes);
  }
  return lastJoined;
}

/** Serves a watch over chunked HTTP: newline-delimited JSON events, flushed per event. */
function serveChunkedWatch(ctx: RestContext, req: IncomingMessage, res: ServerResponse, plan: WatchPlan): void {
  res.writeHead(200, { ...baseHeaders('application/json'), 'Transfer-Encoding': 'chunked' });
  res.flushHeaders();
  // Events are held up to WATCH_FLUSH_MS and leave as one chunk in one network write: with many
  // watchers, one write (and one syscall) per event per watcher costs more than the events themselves.
  let held: Buffer[] = [];
  let heldBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    const joined = joinEvents(held, heldBytes);
    held = [];
    heldBytes = 0;
    if (!res.destroyed && !res.writableEnded) res.write(joined);
  };
  const session = plan.start(
    {
      write(text) {
        if (res.destroyed) return false;
        const buf = eventBuffer(text);
        held.push(buf);
        heldBytes += buf.length;
        timer ??= setTimeout(flush, WATCH_FLUSH_MS);
        // A client that cannot keep up is dropped, like a watcher whose buffer fills in the cacher.
        return res.writableLength + heldBytes < 64 * 1024 * 1024;
      },
      end() {
        flush();
        if (!res.writableEnded) res.end();
      },
      batch(fn) {
        try {
          fn();
        } finally {
          flush();
        }
      },
    },
    () => ctx.watches.delete(session),
  );
  if (!session.closed) {
    ctx.watches.add(session);
    req.on('close', () => session.close());
    res.on('close', () => session.close());
  }
}

/** Handles one authenticated resource request. */
export async function handleResource(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  info: ResourceInfo,
  query: URLSearchParams,
  user: User,
): Promise<void> {
  const method = req.method ?? 'GET';
  const verb = verbOf(method, info, query);
  // The authorization filter runs before routing: RBAC denies even resources that do not exist.
  const denied = authorizeRequest(user, verb, info);
  if (denied) throw denied;
  const t = resolveType(ctx, info);
  if (!t) {
    // An unknown group is the mux's text 404; inside /api or a served group, go-restful's NotFound Status.
    if (info.group !== '' && ctx.registry.groupVersions(info.group).length === 0) {
      sendPageNotFound(res);
      return;
    }
    throw routeNotFound();
  }
  const sub = t.subresources.find((s) => s.name === info.subresource);
  const allowed = (sub ? sub.verbs : t.verbs) as string[];
  if (!allowed.includes(verb === 'watch' && info.name !== undefined ? 'watch' : verb)) throw methodNotAllowed();
  checkWriteQuery(verb, query);

  const namespace = t.namespaced ? info.namespace : undefined;
  const name = info.name;
  const manager = managerFor(query.get('fieldManager'), req.headers['user-agent']);
  const key = storageKey(t);

  if (info.subresource === 'scale' && name !== undefined && (verb === 'get' || verb === 'update' || verb === 'patch')) {
    const dryRun = isDryRun(query);
    let scale;
    if (verb === 'get') scale = getScale(ctx, t, namespace, name);
    else if (verb === 'update') scale = updateScale(ctx, t, namespace, name, await readBody(req), { manager, dryRun });
    else {
      const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!PATCH_TYPES.includes(contentType)) throw new ApiErrorClass(failure(415, 'UnsupportedMediaType', '415: Unsupported Media Type', {}));
      const raw = (await readRaw(req)).toString('utf8') || '{}';
      let patch: unknown;
      try {
        patch = contentType === 'application/apply-patch+yaml' ? (parseYaml(raw) as unknown) : (JSON.parse(raw) as unknown);
      } catch (e) {
        throw badRequest(`error decoding patch: ${(e as Error).message}`);
      }
      const current = getScale(ctx, t, namespace, name);
      const patched = contentType === 'application/json-patch+json' ? applyJsonPatch(current, patch) : contentType === 'application/merge-patch+json' ? applyMergePatch(current, patch) : strategicMerge(current, patch, SCALE_SCHEMA);
      scale = updateScale(ctx, t, namespace, name, patched, { manager, dryRun });
    }
    sendObject(req, res, 200, scale, 'json', query);
    return;
  }

  if (info.subresource === 'log' && name !== undefined) {
    const pod = ctx.store.get(key, namespace, name);
    if (!pod) throw notFound(t.group, t.resource, name);
    podLogs(ctx, req, res, pod, query);
    return;
  }

  switch (verb) {
    case 'get': {
      const rep = negotiateResource(req.headers.accept, info.subresource === undefined);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      const obj = ctx.store.get(key, namespace, name ?? '');
      if (!obj) throw notFound(t.group, t.resource, name ?? '');
      sendRepresentation(req, res, query, 200, t, rep, obj, undefined);
      return;
    }
    case 'list': {
      const rep = negotiateResource(req.headers.accept, true);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      if (rep.kind === 'table') includeObjectParam(query);
      const filter = buildFilter(t, namespace, query);
      const list = listObjects(ctx.store, key, filter, query);
      sendRepresentation(req, res, query, 200, t, rep, undefined, list);
      return;
    }
    case 'watch': {
      const plan = planResourceWatch(ctx, t, info, query, req.headers.accept);
      serveChunkedWatch(ctx, req, res, plan);
      return;
    }
    case 'create': {
      if (name !== undefined) throw methodNotAllowed();
      const rep = negotiateResource(req.headers.accept, false);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      const body = await readBody(req);
      if (t.review) {
        sendRepresentation(req, res, query, 201, t, rep, reviewObject(t, body, user, manager), undefined);
        return;
      }
      checkBodyTypes(t, body);
      const created = createObject(ctx, t, namespace, checkBodyFields(t, body, query, res), { manager, dryRun: isDryRun(query) });
      sendRepresentation(req, res, query, 201, t, rep, created, undefined);
      return;
    }
    case 'update': {
      const rep = negotiateResource(req.headers.accept, false);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      const body = await readBody(req);
      checkBodyTypes(t, body);
      const result = updateObject(ctx, t, namespace, name ?? '', checkBodyFields(t, body, query, res), {
        manager,
        dryRun: isDryRun(query),
        ...(info.subresource !== undefined ? { subresource: info.subresource } : {}),
      });
      sendRepresentation(req, res, query, result.created ? 201 : 200, t, rep, result.object, undefined);
      return;
    }
    case 'delete': {
      const rep = negotiateResource(req.headers.accept, false);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      const body = await readBody(req);
      const opts = deleteOptions(body, query);
      const result = deleteObject(ctx, t, namespace, name ?? '', opts);
      if (result.kind === 'status') sendObject(req, res, 200, result.status, 'json', query);
      else {
        // 202 when cascading deletion was asked for with orphanDependents=false and the object is still there.
        const pending = !opts.dryRun && ctx.store.get(key, t.namespaced ? namespace : undefined, name ?? '')?.metadata.uid === result.object.metadata.uid;
        sendRepresentation(req, res, query, opts.orphanDependents === false && pending ? 202 : 200, t, rep, result.object, undefined);
      }
      return;
    }
    case 'deletecollection': {
      const rep = negotiateResource(req.headers.accept, false);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      const body = await readBody(req);
      const opts = deleteOptions(body, query);
      const filter = buildFilter(t, namespace, query);
      const c = ctx.store.collection(key);
      const deleted: KubeObject[] = [];
      for (const k of [...c.sortedKeys()]) {
        const obj = c.objects.get(k);
        if (!obj || !filter.matches(obj)) continue;
        const r = deleteObject(ctx, t, obj.metadata.namespace, obj.metadata.name ?? '', opts);
        deleted.push(r.kind === 'object' ? r.object : obj);
      }
      sendRepresentation(req, res, query, 200, t, rep, undefined, { items: deleted, resourceVersion: String(ctx.store.resourceVersion) });
      return;
    }
    case 'patch': {
      const rep = negotiateResource(req.headers.accept, false);
      if (!rep) throw notAcceptableFor(req.headers.accept);
      const result = await patchResource(ctx, t, info, query, req, manager, res);
      sendRepresentation(req, res, query, result.created ? 201 : 200, t, rep, result.object, undefined);
      return;
    }
    default:
      throw methodNotAllowed();
  }
}

/** autoscaling/v1 Scale, what PATCH of a scale subresource patches. */
const SCALE_SCHEMA = Schema.forKind({ group: 'autoscaling', version: 'v1', kind: 'Scale' });

const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

/** PATCH: decode by Content-Type, apply to the live object, write through the update path. */
async function patchResource(
  ctx: RestContext,
  t: ResourceType,
  info: ResourceInfo,
  query: URLSearchParams,
  req: IncomingMessage,
  manager: string,
  res: ServerResponse,
): Promise<{ object: KubeObject; created: boolean }> {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PATCH_TYPES.includes(contentType)) throw new ApiErrorClass(failure(415, 'UnsupportedMediaType', '415: Unsupported Media Type', {}));
  if (t.patchTypes && !t.patchTypes.includes(contentType)) throw unsupportedMediaType(t.patchTypes);
  const raw = (await readRaw(req)).toString('utf8');
  const namespace = t.namespaced ? info.namespace : undefined;
  const name = info.name ?? '';
  const dryRun = isDryRun(query);
  const sub = info.subresource !== undefined ? { subresource: info.subresource } : {};
  let patch: unknown;
  try {
    patch = contentType === 'application/apply-patch+yaml' ? (parseYaml(raw) as unknown) : (JSON.parse(raw) as unknown);
  } catch (e) {
    throw badRequest(`error decoding patch: ${(e as Error).message}`);
  }
  const live = ctx.store.get(storageKey(t), namespace, name);

  if (contentType === 'application/apply-patch+yaml') {
    const fieldManager = query.get('fieldManager') ?? '';
    if (fieldManager === '') {
      throw invalid('meta.k8s.io', 'PatchOptions', '', [{ type: 'FieldValueRequired', field: 'fieldManager', detail: 'is required for apply patch', hasValue: false }]);
    }
    if (!isPlainObject(patch)) throw badRequest('error decoding YAML: the applied configuration must be an object');
    const applied = structuredClone(patch) as KubeObject;
    if (!isPlainObject(applied.metadata)) applied.metadata = {};
    if (!applied.apiVersion || !applied.kind) throw badRequest('invalid object type: /, Kind=');
    checkTypeMeta(t, applied);
    checkAppliedFields(t, applied, namespace, name);
    const force = query.get('force') === 'true';
    let result;
    try {
      result = serverSideApply(live, applied, Schema.forType(t), fieldManager, apiVersionOf(t), force, rfc3339());
    } catch (e) {
      throw e instanceof InvalidAppliedObject ? typedPatchFailure(t, namespace, name, e.message) : e;
    }
    const opts = { manager: fieldManager, dryRun, managedFields: result.managedFields, ...sub };
    if (!live) {
      const body = { ...result.object, metadata: { ...result.object.metadata, name } };
      return { object: createObject(ctx, t, namespace, body, opts), created: true };
    }
    return updateObject(ctx, t, namespace, name, result.object, opts);
  }

  if (!live) throw notFound(t.group, t.resource, name);
  let patched: unknown;
  if (contentType === 'application/json-patch+json') patched = applyJsonPatch(live, patch);
  else if (contentType === 'application/merge-patch+json') patched = applyMergePatch(live, patch);
  else patched = strategicMerge(live, patch, Schema.forType(t));
  return updateObject(ctx, t, namespace, name, checkPatchedFields(t, patched, query, res), { manager, dryRun, ...sub });
}

/** A review type's answer to POST: the body checked against the endpoint's kind, then evaluated for the caller. */
function reviewObject(t: ResourceType, body: unknown, user: User, manager: string): KubeObject {
  if (!isPlainObject(body)) throw badRequest('the object provided is unrecognized (must be a JSON object)');
  const obj = structuredClone(body) as KubeObject;
  if (!isPlainObject(obj.metadata)) obj.metadata = {};
  checkTypeMeta(t, obj);
  return t.review?.(obj, user, manager) ?? obj;
}

const PROPAGATION_POLICIES: PropagationPolicy[] = ['Foreground', 'Background', 'Orphan'];

/** DeleteOptions from the query and body (query wins), validated like metav1 ValidateDeleteOptions. */
function deleteOptions(body: unknown, query: URLSearchParams): DeleteOptions & { orphanDependents?: boolean } {
  const opts: DeleteOptions & { orphanDependents?: boolean } = { dryRun: isDryRun(query) };
  const b = isPlainObject(body) ? body : {};
  const graceRaw = query.get('gracePeriodSeconds');
  if (graceRaw !== null && graceRaw !== '') opts.gracePeriodSeconds = Number(graceRaw);
  else if (typeof b.gracePeriodSeconds === 'number') opts.gracePeriodSeconds = b.gracePeriodSeconds;
  if (isPlainObject(b.preconditions)) {
    const p = b.preconditions;
    opts.preconditions = {
      ...(typeof p.uid === 'string' ? { uid: p.uid } : {}),
      ...(typeof p.resourceVersion === 'string' ? { resourceVersion: p.resourceVersion } : {}),
    };
  }
  const policyRaw = query.get('propagationPolicy') ?? (typeof b.propagationPolicy === 'string' ? b.propagationPolicy : null);
  const orphanRaw = query.get('orphanDependents');
  const orphan = orphanRaw !== null ? orphanRaw === 'true' || orphanRaw === '1' : typeof b.orphanDependents === 'boolean' ? b.orphanDependents : undefined;
  const errors: FieldError[] = [];
  if (orphan !== undefined && policyRaw !== null) {
    errors.push({ type: 'FieldValueInvalid', field: 'propagationPolicy', value: policyRaw, detail: 'orphanDependents and deletionPropagation cannot be both set' });
  }
  if (policyRaw !== null && !PROPAGATION_POLICIES.includes(policyRaw as PropagationPolicy)) {
    errors.push({ type: 'FieldValueNotSupported', field: 'propagationPolicy', value: policyRaw, detail: 'supported values: "Foreground", "Background", "Orphan", "nil"' });
  }
  if (errors.length > 0) throw invalid('meta.k8s.io', 'DeleteOptions', '', errors);
  if (policyRaw !== null) opts.propagationPolicy = policyRaw as PropagationPolicy;
  else if (orphan !== undefined) {
    opts.orphanDependents = orphan;
    opts.propagationPolicy = orphan ? 'Orphan' : 'Background';
  }
  if (Array.isArray(b.dryRun)) checkDryRun('DeleteOptions', b.dryRun.map(String));
  if (Array.isArray(b.dryRun) && b.dryRun.includes('All')) opts.dryRun = true;
  return opts;
}

export { sendStatus };
export type { Verb };
