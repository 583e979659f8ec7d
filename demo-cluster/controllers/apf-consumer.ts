// kube-apiserver's APF config consumer (always on): every FlowSchema carries a Dangling condition saying whether
// the PriorityLevelConfiguration it names exists, rewritten whenever that changes (apf_controller.go
// presyncFlowSchemaStatus); the schema's other conditions are left as they are.
import { registryTypes } from '../resources/index.js';
import { storageKey } from '../resources/registry.js';
import { rfc3339 } from '../resources/duration.js';
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../resources/types.js';
import { sortManagedFields } from '../rest/managed-fields.js';
import { isPlainObject } from '../resources/types.js';
import { updateObject } from '../rest/writes.js';
import type { WriteContext } from '../rest/writes.js';

const { flowschemas, prioritylevelconfigurations } = registryTypes;
const FLOW_SCHEMAS = storageKey(flowschemas);
const LEVELS = storageKey(prioritylevelconfigurations);
const MANAGER = { manager: 'api-priority-and-fairness-config-consumer-v1', dryRun: false, subresource: 'status' };

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

function desired(ctx: WriteContext, fs: KubeObject): JsonObject {
  const level = String(obj(obj(fs.spec).priorityLevelConfiguration).name ?? '');
  const exists = ctx.store.get(LEVELS, undefined, level) !== undefined;
  return exists
    ? { status: 'False', reason: 'Found', message: `This FlowSchema references the PriorityLevelConfiguration object named "${level}" and it exists` }
    : { status: 'True', reason: 'NotFound', message: `This FlowSchema references the PriorityLevelConfiguration object named "${level}" but there is no such object` };
}

function sync(ctx: WriteContext, fs: KubeObject): void {
  if (fs.metadata.deletionTimestamp) return;
  const want = desired(ctx, fs);
  const conditions = Array.isArray(obj(fs.status).conditions) ? (obj(fs.status).conditions as unknown[]).map(obj) : [];
  const current = conditions.find((c) => c.type === 'Dangling');
  if (current && current.status === want.status && current.reason === want.reason && current.message === want.message) return;
  const condition = { type: 'Dangling', status: want.status, lastTransitionTime: rfc3339(), reason: want.reason, message: want.message };
  const next = current ? conditions.map((c) => (c === current ? condition : c)) : [...conditions, condition];
  // The consumer applies the condition server-side: one Apply entry owning the Dangling item.
  const applied: ManagedFieldsEntry = {
    manager: MANAGER.manager,
    operation: 'Apply',
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
    time: condition.lastTransitionTime,
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:status': { 'f:conditions': { 'k:{"type":"Dangling"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:message': {}, 'f:reason': {}, 'f:status': {}, 'f:type': {} } } } },
    subresource: 'status',
  };
  const managedFields = sortManagedFields([...(fs.metadata.managedFields ?? []).filter((e) => e.manager !== MANAGER.manager), applied]);
  try {
    updateObject(ctx, flowschemas, undefined, fs.metadata.name ?? '', { ...fs, status: { ...obj(fs.status), conditions: next } }, { ...MANAGER, managedFields });
  } catch {
    // Raced with another write: its event brings the consumer back.
  }
}

/** Starts the consumer; returns a function that stops it. */
export function startApfConsumer(ctx: WriteContext): () => void {
  let stopped = false;
  const pending = new Set<string>();
  let scheduled = false;
  const enqueue = (names: string[]): void => {
    for (const n of names) pending.add(n);
    if (scheduled || stopped) return;
    scheduled = true;
    ctx.scheduler.defer(() => {
      scheduled = false;
      if (stopped) return;
      const work = [...pending];
      pending.clear();
      for (const name of work) {
        const fs = ctx.store.get(FLOW_SCHEMAS, undefined, name);
        if (fs) sync(ctx, fs);
      }
    }, 10);
  };
  const all = (): string[] => [...ctx.store.collection(FLOW_SCHEMAS).objects.values()].map((f) => f.metadata.name ?? '');
  const unsubscribe = [
    ctx.store.subscribe(FLOW_SCHEMAS, (e) => {
      if (e.type !== 'DELETED') enqueue([e.object.metadata.name ?? '']);
    }),
    ctx.store.subscribe(LEVELS, (e) => {
      if (e.type !== 'MODIFIED') enqueue(all());
    }),
  ];
  return () => {
    stopped = true;
    for (const u of unsubscribe) u();
  };
}
