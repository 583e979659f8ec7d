// HTTP handlers for resource endpoints: get, list, watch (chunked), create, update, delete,
// deletecollection, patch, the status and scale subresources and pods/log.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiError } from '../http/errors.js';
import { badRequest, methodNotAllowed, notFound, restfulNotAcceptable, routeNotFound } from '../http/errors.js';
import { authorize } from '../auth/auth.js';
import type { Tokens, User } from '../auth/auth.js';
import { buildFilter } from '../store/filters.js';
import { listObjects } from '../store/list.js';
import { managerFor } from './managed-fields.js';
import type { ResourceType } from '../resources/registry.js';
import { apiVersionOf, storageKey } from '../resources/registry.js';
import { canonicalTimes } from '../protobuf/times.js';
import type { RequestInfo } from '../http/request-info.js';
import { sendNegotiated, sendPageNotFound } from '../http/respond.js';
import type { Store } from '../store/store.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { planWatch } from '../store/watch.js';
import { validateListOptions } from '../http/list-options.js';
import type { WatchPlan, WatchSession } from '../store/watch.js';
import { checkTypeMeta, createObject, deleteObject, updateObject } from './writes.js';
import type { WriteContext } from './writes.js';
import { podLogs } from './pod-logs.js';
import { parseExecRequest } from './pod-exec.js';
import { parsePortForwardRequest } from './pod-port-forward.js';
import { evictPod } from './eviction.js';
import { checkBodyFields } from '../validation/field-validation.js';
import { checkBodyTypes } from '../validation/type-check.js';
import { checkWriteQuery, includeObjectParam, isDryRun } from '../http/request-options.js';
import { serveChunkedWatch } from './chunked-watch.js';
import { deleteOptions } from './delete-options.js';
import { patchResource, patchScale } from './patch-resource.js';
import { negotiated, notAcceptableFor, protobufFor, sendRepresentation } from './representation.js';
import { LIST_MEDIA_TYPES, LOG_MEDIA_TYPES, RESOURCE_MEDIA_TYPES, negotiateResource, restfulAcceptable } from '../http/negotiate.js';
import { readBody } from './request-body.js';
import { getScale, updateScale } from './scale.js';
import { queryFlag } from '../http/query-bool.js';

export interface RestContext extends WriteContext {
  store: Store;
  /** The demo's bearer tokens, which TokenReviews look up. */
  tokens: Tokens;
  bookmarkIntervalMs: number;
  /** Open watches, closed when the cluster shuts down. */
  watches: Set<WatchSession>;
}

export type ResourceInfo = Extract<RequestInfo, { kind: 'resource' }>;

/** Which verb a request is, as the authorizer sees it. */
export function verbOf(method: string, info: ResourceInfo, query: URLSearchParams): string {
  const watch = info.watchPrefix || queryFlag(query, 'watch');
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
  const rep = negotiateResource(accept, true, protobufFor(t));
  // A watch streams JSON or protobuf events: no YAML.
  if (rep === undefined || rep.kind === 'yaml') throw notAcceptableFor(accept, info.name === undefined ? LIST_MEDIA_TYPES : RESOURCE_MEDIA_TYPES);
  validateListOptions(query);
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
    else scale = await patchScale(ctx, t, { namespace, name }, req, { manager, dryRun });
    sendNegotiated(req, res, 200, scale, query);
    return;
  }

  if ((info.subresource === 'exec' || info.subresource === 'attach') && name !== undefined) {
    // Checked like the upgrade would be, so a plain request tells why an upgrade would fail.
    parseExecRequest(ctx.store.get(key, namespace, name), name, info.subresource, query);
    throw badRequest('Upgrade request required');
  }

  if (info.subresource === 'portforward' && name !== undefined) {
    parsePortForwardRequest(ctx.store.get(key, namespace, name), name, query);
    throw badRequest('Upgrade request required');
  }

  if (info.subresource === 'eviction' && name !== undefined && verb === 'create') {
    sendNegotiated(req, res, 201, evictPod(ctx, t, namespace, name, await readBody(req), query), query);
    return;
  }

  if (info.subresource === 'log' && name !== undefined) {
    if (!restfulAcceptable(req.headers.accept, LOG_MEDIA_TYPES)) throw restfulNotAcceptable(LOG_MEDIA_TYPES);
    const pod = ctx.store.get(key, namespace, name);
    if (!pod) throw notFound(t.group, t.resource, name);
    podLogs(ctx, req, res, pod, query);
    return;
  }

  if (t.computed && (verb === 'get' || verb === 'list')) {
    const rep = negotiated(req, t, verb === 'list', verb === 'list' ? LIST_MEDIA_TYPES : RESOURCE_MEDIA_TYPES);
    const filter = buildFilter(t, namespace, query);
    const items = t.computed((k) => [...ctx.store.collection(k).objects.values()]).filter((o) => filter.matches(o));
    if (verb === 'list') {
      sendRepresentation(req, res, query, 200, t, rep, undefined, { items, resourceVersion: '' });
      return;
    }
    const found = items.find((o) => o.metadata.name === name);
    if (!found) throw notFound(t.group, t.resource, name ?? '');
    sendRepresentation(req, res, query, 200, t, rep, found, undefined);
    return;
  }

  switch (verb) {
    case 'get': {
      // A subresource (status) is served as a Table or PartialObjectMetadata too, as 1.37 does.
      const rep = negotiated(req, t, true);
      const obj = ctx.store.get(key, namespace, name ?? '');
      if (!obj) throw notFound(t.group, t.resource, name ?? '');
      sendRepresentation(req, res, query, 200, t, rep, obj, undefined);
      return;
    }
    case 'list': {
      const rep = negotiated(req, t, true, LIST_MEDIA_TYPES);
      validateListOptions(query);
      if (rep.kind === 'table') includeObjectParam(query);
      const filter = buildFilter(t, namespace, query);
      const list = listObjects(ctx.store, key, filter, query);
      sendRepresentation(req, res, query, 200, t, rep, undefined, list);
      return;
    }
    case 'watch': {
      const plan = planResourceWatch(ctx, t, info, query, req.headers.accept);
      serveChunkedWatch(ctx.watches, req, res, plan, negotiated(req, t, true, LIST_MEDIA_TYPES));
      return;
    }
    case 'create': {
      if (name !== undefined) throw methodNotAllowed();
      const rep = negotiated(req, t, false);
      const body = await readBody(req);
      if (t.review) {
        sendRepresentation(req, res, query, 201, t, rep, reviewObject(t, body, user, manager, ctx.tokens), undefined);
        return;
      }
      checkBodyTypes(t, body);
      if (protobufFor(t)) canonicalTimes(apiVersionOf(t), t.kind, body);
      const created = createObject(ctx, t, namespace, checkBodyFields(t, body, query, res), { manager, dryRun: isDryRun(query) });
      sendRepresentation(req, res, query, 201, t, rep, created, undefined);
      return;
    }
    case 'update': {
      const rep = negotiated(req, t, false);
      const body = await readBody(req);
      checkBodyTypes(t, body);
      if (protobufFor(t)) canonicalTimes(apiVersionOf(t), t.kind, body);
      const result = updateObject(ctx, t, namespace, name ?? '', checkBodyFields(t, body, query, res), {
        manager,
        dryRun: isDryRun(query),
        ...(info.subresource !== undefined ? { subresource: info.subresource } : {}),
      });
      sendRepresentation(req, res, query, result.created ? 201 : 200, t, rep, result.object, undefined);
      return;
    }
    case 'delete': {
      const rep = negotiated(req, t, false);
      const body = await readBody(req);
      const opts = deleteOptions(body, query);
      const result = deleteObject(ctx, t, namespace, name ?? '', opts);
      if (result.kind === 'status') sendNegotiated(req, res, 200, result.status, query);
      else {
        // 202 when cascading deletion was asked for with orphanDependents=false and the object is still there.
        const pending = !opts.dryRun && ctx.store.get(key, t.namespaced ? namespace : undefined, name ?? '')?.metadata.uid === result.object.metadata.uid;
        sendRepresentation(req, res, query, opts.orphanDependents === false && pending ? 202 : 200, t, rep, result.object, undefined);
      }
      return;
    }
    case 'deletecollection': {
      const rep = negotiated(req, t, false);
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
      const rep = negotiated(req, t, false);
      const target = { namespace, name: name ?? '', ...(info.subresource !== undefined ? { subresource: info.subresource } : {}) };
      const result = await patchResource(ctx, t, target, query, req, manager, res);
      sendRepresentation(req, res, query, result.created ? 201 : 200, t, rep, result.object, undefined);
      return;
    }
    default:
      throw methodNotAllowed();
  }
}

/** A review type's answer to POST: the body checked against the endpoint's kind, then evaluated for the caller. */
function reviewObject(t: ResourceType, body: unknown, user: User, manager: string, tokens: Tokens): KubeObject {
  if (!isPlainObject(body)) throw badRequest('the object provided is unrecognized (must be a JSON object)');
  const obj = structuredClone(body) as KubeObject;
  if (!isPlainObject(obj.metadata)) obj.metadata = {};
  checkTypeMeta(t, obj);
  return t.review?.(obj, user, manager, tokens) ?? obj;
}

