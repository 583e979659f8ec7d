// The revision history of a seeded StatefulSet or DaemonSet: an older image as revision 1 and its template as
// revision 2, as the revision controller (controllers/revision-controller.ts) would have written them.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { rfc3339 } from '../resources/duration.js';
import { registryTypes } from '../resources/index.js';
import { TEMPLATE_GENERATION } from '../resources/workloads.js';
import { storageKey } from '../resources/registry.js';
import { newRevision, podRevisionLabel } from '../controllers/revision-history.js';
import type { WorkloadKind } from '../controllers/revision-history.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** The workload with its first container's image replaced. */
function withImage(workload: KubeObject, image: string): KubeObject {
  const spec = obj(workload.spec);
  const template = obj(spec.template);
  const podSpec = obj(template.spec);
  const [first, ...rest] = Array.isArray(podSpec.containers) ? podSpec.containers : [];
  return { ...workload, spec: { ...spec, template: { ...template, spec: { ...podSpec, containers: [{ ...obj(first), image }, ...rest] } } } };
}

/**
 * Stores revisions 1 (`olderImage`, at `firstAt`) and 2 (the workload's template, at `updatedAt`) and marks the
 * workload as updated once (generation 2, a StatefulSet's status naming revision 2). Returns the value of its pods'
 * controller-revision-hash label.
 */
export function seedRevisionHistory(store: Store, workload: KubeObject, kind: WorkloadKind, olderImage: string, firstAt: number, updatedAt: number): string {
  const key = storageKey(registryTypes.controllerrevisions);
  const stamp = (r: KubeObject, at: number): KubeObject => ({ ...r, metadata: { ...r.metadata, uid: randomUUID(), creationTimestamp: rfc3339(at) } });
  // A DaemonSet's revisions copy its annotations, the template generation among them.
  const atGeneration = (w: KubeObject, n: number): KubeObject => (kind === 'DaemonSet' ? { ...w, metadata: { ...w.metadata, annotations: { ...w.metadata.annotations, [TEMPLATE_GENERATION]: String(n) } } } : w);
  store.seed(key, stamp(newRevision(atGeneration(withImage(workload, olderImage), 1), kind, 1), firstAt));
  const updated = atGeneration(workload, 2);
  const current = store.seed(key, stamp(newRevision(updated, kind, 2), updatedAt));
  workload.metadata.annotations = updated.metadata.annotations;
  workload.metadata.generation = 2;
  const status = { ...obj(workload.status), observedGeneration: 2 };
  if (kind === 'StatefulSet') Object.assign(status, { currentRevision: current.metadata.name, updateRevision: current.metadata.name });
  workload.status = status;
  return podRevisionLabel(current, kind);
}
