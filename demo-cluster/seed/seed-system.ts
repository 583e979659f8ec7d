// What kube-apiserver creates for itself at start: the system PriorityClasses
// (scheduling/bootstrap-system-priority-classes) and the APF bootstrap configuration, whose FlowSchemas the
// config consumer marks as not dangling.
import { randomUUID } from 'node:crypto';
import { storageKey } from '../resources/registry.js';
import { registryTypes } from '../resources/index.js';
import { rfc3339 } from '../resources/duration.js';
import { SYSTEM_PRIORITY_CLASSES } from '../resources/cluster-config.js';
import { BOOTSTRAP_FLOW_SCHEMAS, BOOTSTRAP_PRIORITY_LEVELS } from '../resources/flowcontrol-bootstrap.js';
import type { KubeObject } from '../resources/types.js';
import type { Store } from '../store/store.js';

const { priorityclasses, flowschemas, prioritylevelconfigurations } = registryTypes;

function stamped(o: KubeObject, kind: string, apiVersion: string, at: number): KubeObject {
  return { kind, apiVersion, ...o, metadata: { ...structuredClone(o.metadata), uid: randomUUID(), creationTimestamp: rfc3339(at) } };
}

export function seedSystemObjects(store: Store, born: number): void {
  for (const c of SYSTEM_PRIORITY_CLASSES) {
    store.seed(storageKey(priorityclasses), {
      kind: 'PriorityClass',
      apiVersion: 'scheduling.k8s.io/v1',
      metadata: { name: c.name, uid: randomUUID(), generation: 1, creationTimestamp: rfc3339(born) },
      value: c.value,
      description: c.description,
      preemptionPolicy: 'PreemptLowerPriority',
    });
  }
  const apiVersion = 'flowcontrol.apiserver.k8s.io/v1';
  for (const level of BOOTSTRAP_PRIORITY_LEVELS) {
    const o = stamped(level, 'PriorityLevelConfiguration', apiVersion, born);
    store.seed(storageKey(prioritylevelconfigurations), { ...o, metadata: { ...o.metadata, generation: 1 }, status: {} });
  }
  for (const schema of BOOTSTRAP_FLOW_SCHEMAS) {
    const level = String((schema.spec as { priorityLevelConfiguration: { name: string } }).priorityLevelConfiguration.name);
    const condition = {
      type: 'Dangling',
      status: 'False',
      lastTransitionTime: rfc3339(born),
      reason: 'Found',
      message: `This FlowSchema references the PriorityLevelConfiguration object named "${level}" and it exists`,
    };
    const o = stamped(schema, 'FlowSchema', apiVersion, born);
    store.seed(storageKey(flowschemas), { ...o, metadata: { ...o.metadata, generation: 1 }, status: { conditions: [condition] } });
  }
}
