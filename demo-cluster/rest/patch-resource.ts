// PATCH of a resource: the body decoded by its Content-Type, applied to the live object (server-side
// apply creates a missing one), then written through the update path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, invalid, notFound } from '../http/errors.js';
import { isDryRun } from '../http/request-options.js';
import { Schema } from '../openapi/schema.js';
import { rfc3339 } from '../resources/duration.js';
import { apiVersionOf, storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { addWarnings, checkAppliedFields, checkPatchedFields, fieldValidationOf, typedPatchFailure } from '../validation/field-validation.js';
import { strictYamlError } from '../validation/yaml-duplicates.js';
import { InvalidAppliedObject, serverSideApply } from './apply.js';
import { applyPatch } from './patch.js';
import { readPatch } from './request-body.js';
import { getScale, updateScale } from './scale.js';
import { checkTypeMeta, createObject, updateObject } from './writes.js';
import type { UpdateResult, WriteContext } from './writes.js';
import { queryFlag } from '../http/query-bool.js';

/** Where a PATCH goes. */
export interface PatchTarget {
  namespace: string | undefined;
  name: string;
  subresource?: string;
}

/** PATCH: decode by Content-Type, apply to the live object, write through the update path. */
export async function patchResource(
  ctx: WriteContext,
  t: ResourceType,
  target: PatchTarget,
  query: URLSearchParams,
  req: IncomingMessage,
  manager: string,
  res: ServerResponse,
): Promise<UpdateResult> {
  const { contentType, patch, duplicateKeys = [] } = await readPatch(req, t.patchTypes ? { accepted: t.patchTypes } : {});
  const { namespace, name } = target;
  const dryRun = isDryRun(query);
  const sub = target.subresource !== undefined ? { subresource: target.subresource } : {};
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
    checkAppliedFields(t, applied, name);
    const force = queryFlag(query, 'force');
    let result;
    try {
      result = serverSideApply(live, applied, Schema.forType(t), fieldManager, apiVersionOf(t), force, rfc3339());
    } catch (e) {
      throw e instanceof InvalidAppliedObject ? typedPatchFailure(t, applied, name, [e.message]) : e;
    }
    // The applyPatcher decodes strictly after the apply succeeded: Strict refuses what that finds, Warn warns of
    // each line of it (parseYAMLWarnings).
    const directive = fieldValidationOf(query);
    if (duplicateKeys.length > 0 && directive === 'Strict') throw badRequest(`error strict decoding patch: ${strictYamlError(duplicateKeys)}`);
    if (directive === 'Warn') addWarnings(res, duplicateKeys);
    const opts = { manager: fieldManager, dryRun, managedFields: result.managedFields, ...sub };
    if (!live) {
      const body = { ...result.object, metadata: { ...result.object.metadata, name } };
      return { object: createObject(ctx, t, namespace, body, opts), created: true };
    }
    return updateObject(ctx, t, namespace, name, result.object, opts);
  }

  if (!live) throw notFound(t.group, t.resource, name);
  const patched = applyPatch(contentType, live, patch, Schema.forType(t));
  return updateObject(ctx, t, namespace, name, checkPatchedFields(t, patched, { contentType, body: patch }, query, res), { manager, dryRun, ...sub });
}

/** autoscaling/v1 Scale, what PATCH of a scale subresource patches. */
const SCALE_SCHEMA = Schema.forKind({ group: 'autoscaling', version: 'v1', kind: 'Scale' });

/** PATCH of the scale subresource: the Scale patched, then written as an update of the scale. */
export async function patchScale(ctx: WriteContext, t: ResourceType, target: PatchTarget, req: IncomingMessage, options: { manager: string; dryRun: boolean }): Promise<KubeObject> {
  const { contentType, patch } = await readPatch(req, { whenEmpty: '{}' });
  const current = getScale(ctx, t, target.namespace, target.name);
  return updateScale(ctx, t, target.namespace, target.name, applyPatch(contentType, current, patch, SCALE_SCHEMA), options);
}
