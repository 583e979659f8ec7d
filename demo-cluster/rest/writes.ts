// The write path shared by HTTP handlers, seed and activity: create, update, delete with the
// registry-store rules (system fields, defaulting, managedFields, validation, preconditions,
// graceful deletion and finalizers) of the generic apiserver.
import { randomUUID } from 'node:crypto';
import {
  ApiError,
  OBJECT_MODIFIED,
  alreadyExists,
  badRequest,
  conflict,
  failure,
  internalError,
  invalid,
  notFound,
  success,
} from '../http/errors.js';
import { rfc3339 } from '../resources/duration.js';
import { recordUpdate, sortManagedFields } from './managed-fields.js';
import type { FieldsShape } from './managed-fields.js';
import { Schema } from '../openapi/schema.js';
import { generateName, orderObject } from '../resources/meta.js';
import type { Registry, ResourceType } from '../resources/registry.js';
import { apiVersionOf, storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';
import type { JsonObject, KubeObject, ManagedFieldsEntry, ObjectMeta, Status } from '../resources/types.js';
import { setField } from '../resources/own-fields.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';
import { admitServiceAccount } from './service-account-admission.js';
import { admitQuota } from './quota-admission.js';
import { admitMutatingPolicies, admitValidatingPolicies } from './policy-admission.js';
import type { AdmissionRequest } from './policy-admission.js';
import type { QuotaCharge } from './quota-admission.js';
import { validateObjectMeta } from '../validation/validation.js';

/** Deferred work (simulated kubelet / namespace controller), cancelled when the cluster closes. */
export interface Scheduler {
  defer(fn: () => void, ms: number): void;
}

export interface WriteContext {
  store: Store;
  registry: Registry;
  scheduler: Scheduler;
  /** How long the simulated kubelet takes to finish a graceful pod deletion (capped by the grace period). */
  podTerminationMs: number;
  /** How long the namespace controller (controllers/namespace-controller.ts) waits before it empties a terminating namespace. */
  namespaceTerminationMs: number;
}

export interface WriteOptions {
  manager: string;
  dryRun: boolean;
  /** Precomputed managedFields (server-side apply); otherwise an "Update" entry is recorded. */
  managedFields?: ManagedFieldsEntry[];
}

const NAMESPACES_KEY = storageKey({ group: '', resource: 'namespaces' });

/**
 * A deep copy of decoded JSON (plain objects, arrays, primitives), several times faster than
 * structuredClone on the write path; anything else is left to structuredClone.
 */
function cloneJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const k of Object.keys(value)) setField(copy, k, cloneJson((value as Record<string, unknown>)[k]));
  return copy;
}

/** The zero value and served schema that decide which fields an Update write owns. */
function fieldsShape(t: ResourceType): FieldsShape {
  return { zero: t.zeroValue, schema: Schema.forType(t) };
}

/** The body as an object with metadata; 400 when it is not a JSON object. */
function toObject(body: unknown): KubeObject {
  if (!isPlainObject(body)) throw badRequest('the object provided is unrecognized (must be a JSON object)');
  const copy = cloneJson(body) as KubeObject;
  if (!isPlainObject(copy.metadata)) copy.metadata = {};
  // ObjectMeta's maps and lists are omitempty: an empty one is gone once decoded into the Go type.
  const meta = copy.metadata as Record<string, unknown>;
  for (const k of ['labels', 'annotations', 'finalizers', 'ownerReferences']) {
    const v = meta[k];
    if ((Array.isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0)) delete meta[k];
  }
  return copy;
}

/** The Go package of a group's internal types, as conversion errors name it (core.ConfigMap, apps.Deployment). */
function internalPackage(group: string): string {
  return group === '' ? 'core' : (group.split('.')[0] ?? group);
}

/** apiVersion/kind in the body must name the endpoint's type when present. */
export function checkTypeMeta(t: ResourceType, obj: KubeObject): void {
  const apiVersion = apiVersionOf(t);
  if (obj.apiVersion !== undefined && obj.apiVersion !== '' && obj.apiVersion !== apiVersion) {
    throw badRequest(`the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${apiVersion})`);
  }
  if (obj.kind !== undefined && obj.kind !== '' && obj.kind !== t.kind) {
    // The body decodes as its own kind, which the scheme cannot convert to the endpoint's internal type.
    throw badRequest(
      `${String(obj.kind)} in version "${t.version}" cannot be handled as a ${t.kind}: converting (${t.version}.${String(obj.kind)}) to (${internalPackage(t.group)}.${t.kind}): unknown conversion`,
    );
  }
  obj.kind = t.kind;
  obj.apiVersion = apiVersion;
}

/** NamespaceLifecycle admission: the namespace must exist and not be terminating. */
export function admitNamespace(ctx: WriteContext, t: ResourceType, namespace: string, name: string): void {
  const ns = ctx.store.get(NAMESPACES_KEY, undefined, namespace);
  if (!ns) throw notFound('', 'namespaces', namespace);
  if (ns.metadata.deletionTimestamp) {
    throw new ApiError(
      failure(
        403,
        'Forbidden',
        `${t.group === '' ? t.resource : `${t.resource}.${t.group}`} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`,
        {
          name,
          ...(t.group !== '' ? { group: t.group } : {}),
          kind: t.resource,
          causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
        },
      ),
    );
  }
}

/** The namespace of a namespaced write, which policies' namespaceSelectors and namespaceObject read. */
function namespaceOf(ctx: WriteContext, t: ResourceType, namespace: string | undefined): KubeObject | undefined {
  return t.namespaced && namespace ? ctx.store.get(NAMESPACES_KEY, undefined, namespace) : undefined;
}

/** Mutating admission (MutatingAdmissionPolicies): the object takes what they made of it, metadata in place. */
function admitMutating(ctx: WriteContext, req: AdmissionRequest & { object: KubeObject }): void {
  const mutated = admitMutatingPolicies(ctx.registry, ctx.store, req, namespaceOf(ctx, req.type, req.namespace));
  if (!mutated || mutated === req.object) return;
  const target = req.object as Record<string, unknown>;
  for (const k of Object.keys(target)) if (!(k in mutated)) delete target[k];
  for (const [k, v] of Object.entries(mutated)) {
    if (k !== 'metadata') target[k] = v;
  }
  const meta = req.object.metadata as Record<string, unknown>;
  if (mutated.metadata === meta) return;
  const next = { ...mutated.metadata };
  for (const k of Object.keys(meta)) delete meta[k];
  Object.assign(meta, next);
}

function validate(t: ResourceType, obj: KubeObject, old: KubeObject | undefined): void {
  const errors = [...validateObjectMeta(obj, t.nameRule), ...(t.validate?.(obj, old) ?? [])];
  if (errors.length > 0) throw invalid(t.group, t.kind, obj.metadata.name ?? '', errors);
}

/** Creates an object (POST). With dryRun the admitted object is returned without a resourceVersion. */
export function createObject(ctx: WriteContext, t: ResourceType, namespace: string | undefined, body: unknown, opts: WriteOptions): KubeObject {
  const obj = toObject(body);
  checkTypeMeta(t, obj);
  const meta = obj.metadata;
  if (t.namespaced) {
    if (meta.namespace !== undefined && meta.namespace !== '' && meta.namespace !== namespace) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    meta.namespace = namespace;
  } else {
    delete meta.namespace;
  }
  if (meta.resourceVersion !== undefined && meta.resourceVersion !== '') {
    throw internalError(new Error('resourceVersion should not be set on objects to be created'));
  }
  const requestedName = meta.name ?? '';
  if (requestedName === '' && meta.generateName) meta.name = generateName(meta.generateName);
  if (t.namespaced && namespace) admitNamespace(ctx, t, namespace, meta.name ?? '');

  t.defaults?.(obj);
  admitMutating(ctx, { operation: 'CREATE', type: t, name: meta.name ?? '', namespace: meta.namespace, object: obj, dryRun: opts.dryRun, manager: opts.manager });
  const now = rfc3339();
  meta.uid = randomUUID();
  meta.creationTimestamp = now;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.selfLink;
  if (t.hasGeneration) meta.generation = 1;
  else delete meta.generation;
  meta.managedFields = sortManagedFields(opts.managedFields ?? recordUpdate({ ...obj, metadata: { ...meta, managedFields: [] } }, undefined, fieldsShape(t), opts.manager, apiVersionOf(t), now));
  if (meta.managedFields.length === 0) delete meta.managedFields;
  t.prepareForCreate?.(obj);
  if (t.group === '' && t.resource === 'pods') admitServiceAccount(ctx.store, obj);
  validate(t, obj, undefined);
  admitValidatingPolicies(ctx.registry, ctx.store, { operation: 'CREATE', type: t, name: meta.name ?? '', namespace: meta.namespace, object: obj, dryRun: opts.dryRun, manager: opts.manager }, namespaceOf(ctx, t, meta.namespace));
  const charges = admitQuota(ctx.store, t, obj);

  const key = storageKey(t);
  for (let attempt = 0; ctx.store.get(key, meta.namespace, meta.name ?? ''); attempt++) {
    if (requestedName !== '' || !meta.generateName || attempt >= 5) throw alreadyExists(t.group, t.resource, meta.name ?? '');
    meta.name = generateName(meta.generateName);
  }
  const ordered = orderObject(obj);
  if (opts.dryRun) return ordered;
  chargeQuotas(ctx, charges);
  return ctx.store.create(key, ordered);
}

/** Writes the usage quota admission charged (as kube-apiserver, on the status subresource). */
function chargeQuotas(ctx: WriteContext, charges: QuotaCharge[]): void {
  const quotas = ctx.registry.get('', 'v1', 'resourcequotas');
  if (!quotas) return;
  for (const { quota, status } of charges) {
    try {
      updateObject(ctx, quotas, quota.metadata.namespace, quota.metadata.name ?? '', { ...quota, status }, { manager: 'kube-apiserver', dryRun: false, subresource: 'status' });
    } catch {
      // The quota controller recounts on the object's own event.
    }
  }
}

export interface UpdateResult {
  object: KubeObject;
  created: boolean;
}

/** Replaces an object (PUT), on the main resource or the status subresource. */
export function updateObject(
  ctx: WriteContext,
  t: ResourceType,
  namespace: string | undefined,
  name: string,
  body: unknown,
  opts: WriteOptions & { subresource?: string },
): UpdateResult {
  const key = storageKey(t);
  const obj = toObject(body);
  checkTypeMeta(t, obj);
  const meta = obj.metadata;
  // The update handler: EnsureObjectNamespaceMatchesRequestNamespace, then checkName.
  if (t.namespaced) {
    if (meta.namespace !== undefined && meta.namespace !== '' && meta.namespace !== namespace) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    meta.namespace = namespace;
  } else {
    delete meta.namespace;
  }
  if (meta.name === undefined || meta.name === '') throw badRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`);
  if (meta.name !== name) throw badRequest(`the name of the object (${meta.name}) does not match the name on the URL (${name})`);
  const existing = ctx.store.get(key, t.namespaced ? namespace : undefined, name);
  if (!existing) {
    if (t.allowCreateOnUpdate && opts.subresource === undefined) {
      const { resourceVersion: _rv, ...rest } = meta;
      return { object: createObject(ctx, t, namespace, { ...obj, metadata: rest }, opts), created: true };
    }
    throw notFound(t.group, t.resource, name);
  }
  if (meta.resourceVersion !== undefined && meta.resourceVersion !== '' && meta.resourceVersion !== existing.metadata.resourceVersion) {
    throw conflict(t.group, t.resource, name, OBJECT_MODIFIED);
  }
  if (meta.uid !== undefined && meta.uid !== '' && meta.uid !== existing.metadata.uid) {
    throw conflict(t.group, t.resource, name, `Precondition failed: UID in precondition: ${meta.uid}, UID in object meta: ${existing.metadata.uid ?? ''}`);
  }

  let next: KubeObject;
  const subresourceUpdate = opts.subresource !== undefined ? t.subresourceUpdates?.[opts.subresource] : undefined;
  if (opts.subresource === 'status' && !subresourceUpdate) {
    next = { ...structuredClone(existing), status: obj.status };
  } else {
    t.defaults?.(obj);
    admitMutating(ctx, { operation: 'UPDATE', type: t, name, namespace: meta.namespace, object: obj, oldObject: existing, dryRun: opts.dryRun, manager: opts.manager });
    const em = existing.metadata;
    const keep: ObjectMeta = {
      uid: em.uid,
      creationTimestamp: em.creationTimestamp,
      deletionTimestamp: em.deletionTimestamp,
      deletionGracePeriodSeconds: em.deletionGracePeriodSeconds,
      generation: em.generation,
    };
    next = { ...obj, metadata: { ...meta, ...keep } };
    if (subresourceUpdate) subresourceUpdate(next, existing);
    else t.prepareForUpdate?.(next, existing);
    if (t.hasGeneration) {
      const specOf = (o: KubeObject): JsonObject => {
        const { metadata: _m, status: _s, kind: _k, apiVersion: _a, ...rest } = o;
        return rest;
      };
      if (!jsonEqual(specOf(next), specOf(existing))) next.metadata.generation = (em.generation ?? 0) + 1;
    }
  }
  next.metadata.resourceVersion = existing.metadata.resourceVersion;
  const now = rfc3339();
  next.metadata.managedFields = sortManagedFields(
    opts.managedFields ?? recordUpdate({ ...next, metadata: { ...next.metadata, managedFields: [] } }, existing, fieldsShape(t), opts.manager, apiVersionOf(t), now, opts.subresource),
  );
  if (next.metadata.managedFields.length === 0) delete next.metadata.managedFields;
  validate(t, next, existing);
  admitValidatingPolicies(
    ctx.registry,
    ctx.store,
    { operation: 'UPDATE', type: t, ...(opts.subresource !== undefined ? { subresource: opts.subresource } : {}), name, namespace: next.metadata.namespace, object: next, oldObject: existing, dryRun: opts.dryRun, manager: opts.manager },
    namespaceOf(ctx, t, next.metadata.namespace),
  );
  const charges = opts.subresource === undefined ? admitQuota(ctx.store, t, next, existing) : [];

  const ordered = orderObject(next);
  if (jsonEqual(ordered, orderObject(existing))) return { object: existing, created: false };
  if (opts.dryRun) return { object: ordered, created: false };
  chargeQuotas(ctx, charges);
  // An object waiting for finalizers goes away once the last one is removed; a namespace also waits for the
  // finalizers of its spec (ShouldDeleteNamespaceDuringUpdate).
  const finalizers = ordered.metadata.finalizers ?? [];
  const specFinalizers = t.resource === 'namespaces' && isPlainObject(ordered.spec) && Array.isArray(ordered.spec.finalizers) ? ordered.spec.finalizers : [];
  if (ordered.metadata.deletionTimestamp && finalizers.length === 0 && specFinalizers.length === 0) {
    ctx.store.update(key, ordered);
    const gone = ctx.store.delete(key, ordered.metadata.namespace, name);
    return { object: gone ?? ordered, created: false };
  }
  return { object: ctx.store.update(key, ordered), created: false };
}

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';
/** Finalizers the garbage collector acts on (metav1.FinalizerOrphanDependents / FinalizerDeleteDependents). */
export const ORPHAN_FINALIZER = 'orphan';
export const FOREGROUND_FINALIZER = 'foregroundDeletion';

export interface DeleteOptions {
  gracePeriodSeconds?: number;
  /** Background when absent (the default of every type served here). */
  propagationPolicy?: PropagationPolicy;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun: boolean;
}

/** The answer to a DELETE: the object (pods, pending deletions) or a Success Status. */
export type DeleteResult = { kind: 'object'; object: KubeObject } | { kind: 'status'; status: Status };

function successFor(t: ResourceType, obj: KubeObject): DeleteResult {
  return {
    kind: 'status',
    status: success({ name: obj.metadata.name ?? '', ...(t.group !== '' ? { group: t.group } : {}), kind: t.resource, uid: obj.metadata.uid ?? '' }),
  };
}

/** Deletes an object, gracefully for bound pods and pending for finalizers / namespaces. */
export function deleteObject(ctx: WriteContext, t: ResourceType, namespace: string | undefined, name: string, opts: DeleteOptions): DeleteResult {
  const key = storageKey(t);
  const ns = t.namespaced ? namespace : undefined;
  const existing = ctx.store.get(key, ns, name);
  if (!existing) throw notFound(t.group, t.resource, name);
  const pre = opts.preconditions;
  const conflictOnKind = (why: string): ApiError =>
    new ApiError(failure(409, 'Conflict', `Operation cannot be fulfilled on ${t.kind} "${name}": ${why}`, { name, kind: t.kind }));
  if (pre?.uid && pre.uid !== existing.metadata.uid) {
    throw conflictOnKind(
      `the UID in the precondition (${pre.uid}) does not match the UID in record (${existing.metadata.uid ?? ''}). The object might have been deleted and then recreated`,
    );
  }
  if (pre?.resourceVersion && pre.resourceVersion !== existing.metadata.resourceVersion) {
    throw conflictOnKind(
      `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${existing.metadata.resourceVersion ?? ''}). The object might have been modified`,
    );
  }
  const now = Date.now();

  if (t.resource === 'namespaces') {
    if (existing.metadata.deletionTimestamp) {
      throw conflict(
        '',
        'namespaces',
        name,
        'The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.',
      );
    }
    const terminating: KubeObject = {
      ...existing,
      metadata: { ...existing.metadata, deletionTimestamp: rfc3339(now) },
      status: { phase: 'Terminating' },
    };
    if (opts.dryRun) return { kind: 'object', object: terminating };
    return { kind: 'object', object: ctx.store.update(key, terminating) };
  }

  if (existing.metadata.deletionTimestamp) return { kind: 'object', object: existing };

  const spec = isPlainObject(existing.spec) ? existing.spec : {};
  const bound = t.resource === 'pods' && typeof spec.nodeName === 'string' && spec.nodeName !== '';
  const defaultGrace = typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : 30;
  const grace = opts.gracePeriodSeconds ?? defaultGrace;
  // Orphan and Foreground add the garbage collector's finalizer (deletion waits for it, see gc.ts).
  const policyFinalizer = opts.propagationPolicy === 'Orphan' ? ORPHAN_FINALIZER : opts.propagationPolicy === 'Foreground' ? FOREGROUND_FINALIZER : undefined;
  const own = existing.metadata.finalizers ?? [];
  const finalizers = policyFinalizer === undefined || own.includes(policyFinalizer) ? own : [...own, policyFinalizer];

  // rest.BeforeDelete (and the store, for finalizers) bumps a generation the object has when deletion begins.
  const generation = (existing.metadata.generation ?? 0) > 0 ? { generation: (existing.metadata.generation ?? 0) + 1 } : {};
  if ((bound && grace > 0) || finalizers.length > 0) {
    const pending: KubeObject = {
      ...existing,
      metadata: {
        ...existing.metadata,
        ...generation,
        deletionTimestamp: rfc3339(now + (bound ? grace * 1000 : 0)),
        deletionGracePeriodSeconds: bound ? grace : 0,
        ...(finalizers.length > 0 ? { finalizers } : {}),
      },
    };
    if (opts.dryRun) return { kind: 'object', object: pending };
    const stored = ctx.store.update(key, orderObject(pending));
    if (bound) {
      const uid = existing.metadata.uid;
      ctx.scheduler.defer(() => {
        const current = ctx.store.get(key, ns, name);
        if (current && current.metadata.uid === uid && (current.metadata.finalizers ?? []).length === 0) ctx.store.delete(key, ns, name);
      }, Math.min(grace * 1000, ctx.podTerminationMs));
    }
    return { kind: 'object', object: stored };
  }

  // Pods always delete gracefully: an unbound pod goes at once with grace 0, and the answer (dry run or not) shows it.
  const asDeletedPod = (pod: KubeObject): KubeObject => orderObject({ ...pod, metadata: { ...pod.metadata, ...generation, deletionTimestamp: rfc3339(now), deletionGracePeriodSeconds: 0 } });
  if (opts.dryRun) {
    if (t.resource === 'pods') return { kind: 'object', object: asDeletedPod(existing) };
    return t.deleteReturnsObject ? { kind: 'object', object: existing } : successFor(t, existing);
  }
  const gone = ctx.store.delete(key, ns, name) ?? existing;
  if (t.resource === 'pods') return { kind: 'object', object: asDeletedPod(gone) };
  return t.deleteReturnsObject ? { kind: 'object', object: gone } : successFor(t, gone);
}
