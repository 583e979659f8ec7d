// What kube-apiserver creates for itself at start: the local APIServices of its group-versions, the system PriorityClasses
// (scheduling/bootstrap-system-priority-classes) and the APF bootstrap configuration, whose FlowSchemas the
// config consumer marks as not dangling; each with the managedFields of the writer that made it.
import { randomUUID } from 'node:crypto';
import { storageKey } from '../resources/registry.js';
import type { ResourceType } from '../resources/registry.js';
import { registryTypes } from '../resources/index.js';
import { rfc3339 } from '../resources/duration.js';
import { SYSTEM_PRIORITY_CLASSES } from '../resources/cluster-config.js';
import { apiservices, localApiServices } from '../resources/api-services.js';
import { BOOTSTRAP_FLOW_SCHEMAS, BOOTSTRAP_PRIORITY_LEVELS } from '../resources/flowcontrol-bootstrap.js';
import type { KubeObject, ManagedFieldsEntry } from '../resources/types.js';
import { apiVersionOf } from '../resources/registry.js';
import { recordUpdate, sortManagedFields } from '../rest/managed-fields.js';
import { Schema } from '../openapi/schema.js';
import type { Store } from '../store/store.js';

const { priorityclasses, flowschemas, prioritylevelconfigurations } = registryTypes;
const PRODUCER = 'api-priority-and-fairness-config-producer-v1';
const CONSUMER = 'api-priority-and-fairness-config-consumer-v1';

/** The object as `manager` created it: kind, apiVersion, uid, generation 1, its Update managedFields. */
function created(t: ResourceType, o: KubeObject, manager: string, at: string, extra: ManagedFieldsEntry[] = []): KubeObject {
  const apiVersion = apiVersionOf(t);
  const base: KubeObject = { kind: t.kind, apiVersion, ...structuredClone(o), metadata: { ...structuredClone(o.metadata), uid: randomUUID(), generation: 1, creationTimestamp: at } };
  const fields = recordUpdate({ ...base, status: undefined }, undefined, { zero: t.zeroValue, schema: Schema.forType(t) }, manager, apiVersion, at);
  return { ...base, metadata: { ...base.metadata, managedFields: sortManagedFields([...fields, ...extra]) } };
}

export function seedSystemObjects(store: Store, born: number): void {
  const at = rfc3339(born);
  for (const service of localApiServices(at)) {
    const { generation: _g, ...metadata } = created(apiservices, service, 'kube-apiserver', at).metadata;
    store.seed(storageKey(apiservices), { ...service, metadata: { ...metadata } });
  }
  for (const c of SYSTEM_PRIORITY_CLASSES) {
    const pc = { metadata: { name: c.name }, value: c.value, description: c.description, preemptionPolicy: 'PreemptLowerPriority' };
    store.seed(storageKey(priorityclasses), created(priorityclasses, pc, 'kube-apiserver', at));
  }
  for (const level of BOOTSTRAP_PRIORITY_LEVELS) {
    store.seed(storageKey(prioritylevelconfigurations), { ...created(prioritylevelconfigurations, level, PRODUCER, at), status: {} });
  }
  for (const schema of BOOTSTRAP_FLOW_SCHEMAS) {
    const level = String((schema.spec as { priorityLevelConfiguration: { name: string } }).priorityLevelConfiguration.name);
    const condition = { type: 'Dangling', status: 'False', lastTransitionTime: at, reason: 'Found', message: `This FlowSchema references the PriorityLevelConfiguration object named "${level}" and it exists` };
    // The consumer writes the condition by server-side apply on the status subresource.
    const applied: ManagedFieldsEntry = {
      manager: CONSUMER,
      operation: 'Apply',
      apiVersion: apiVersionOf(flowschemas),
      time: at,
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:status': { 'f:conditions': { 'k:{"type":"Dangling"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:message': {}, 'f:reason': {}, 'f:status': {}, 'f:type': {} } } } },
      subresource: 'status',
    };
    store.seed(storageKey(flowschemas), { ...created(flowschemas, schema, PRODUCER, at, [applied]), status: { conditions: [condition] } });
  }
}
