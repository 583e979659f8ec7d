// kube-apiserver's ValidatingAdmissionPolicy status controller (always on): once a policy's generation is new it
// applies status.observedGeneration and status.typeChecking on the status subresource, as
// "validatingadmissionpolicy-status". The demo has no CEL type checker: typeChecking holds no expressionWarnings.
import { storageKey } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { validatingadmissionpolicies } from '../resources/admission-registration.js';
import { sortManagedFields } from '../rest/managed-fields.js';
import { updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const POLICIES = storageKey(validatingadmissionpolicies);
const MANAGER = 'validatingadmissionpolicy-status';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

function sync(ctx: WriteContext, policy: KubeObject): void {
  const generation = policy.metadata.generation ?? 0;
  if (policy.metadata.deletionTimestamp || obj(policy.status).observedGeneration === generation) return;
  const applied: ManagedFieldsEntry = {
    manager: MANAGER,
    operation: 'Apply',
    apiVersion: 'admissionregistration.k8s.io/v1',
    time: rfc3339(),
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:status': { 'f:observedGeneration': {}, 'f:typeChecking': {} } },
    subresource: 'status',
  };
  const managedFields = sortManagedFields([...(policy.metadata.managedFields ?? []).filter((e) => e.manager !== MANAGER), applied]);
  try {
    const status = { ...obj(policy.status), observedGeneration: generation, typeChecking: {} };
    updateObject(ctx, validatingadmissionpolicies, undefined, policy.metadata.name ?? '', { ...policy, status }, { manager: MANAGER, dryRun: false, subresource: 'status', managedFields });
  } catch {
    // Raced with another write: its event brings the controller back.
  }
}

/** Starts the controller; returns a function that stops it. */
export function startPolicyStatusController(ctx: WriteContext): () => void {
  return ctx.store.subscribe(POLICIES, (event) => {
    if (event.type !== 'ADDED' && event.type !== 'MODIFIED') return;
    const name = event.object.metadata.name ?? '';
    // After the write that made the event has answered, as the real controller works from its informer.
    ctx.scheduler.defer(() => {
      const current = ctx.store.get(POLICIES, undefined, name);
      if (current) sync(ctx, current);
    }, 0);
  });
}
