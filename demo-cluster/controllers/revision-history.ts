// What kube-controller-manager's StatefulSet and DaemonSet controllers store in a ControllerRevision
// (pkg/controller/history, getPatch of statefulset/stateful_set_utils.go and daemon/update.go).
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { goJson } from '../http/errors.js';

export type WorkloadKind = 'StatefulSet' | 'DaemonSet';

/** StatefulSet revisions carry their hash under this label (history.ControllerRevisionHashLabel). */
export const HISTORY_HASH_LABEL = 'controller.kubernetes.io/hash';
/** The label of a DaemonSet's revisions and of both kinds' pods (apps.ControllerRevisionHashLabelKey). */
export const REVISION_HASH_LABEL = 'controller-revision-hash';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** A value as encoding/json writes a map[string]interface{}: keys sorted at every level. */
function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, sortedDeep(value[k])]));
}

/** getPatch: a strategic merge patch that puts back the workload's whole pod template. */
export function revisionData(workload: KubeObject): JsonObject {
  const template = { ...obj(obj(workload.spec).template), $patch: 'replace' };
  return sortedDeep({ spec: { template } }) as JsonObject;
}

/** FNV-1 32-bit (Go's hash/fnv New32). */
export function fnv32(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed;
  for (const b of bytes) h = (Math.imul(h, 0x01000193) ^ b) >>> 0;
  return h;
}

/** rand.SafeEncodeString: each byte mapped onto consonants and digits that spell no words. */
export function safeEncodeString(s: string): string {
  const alphanums = 'bcdfghjklmnpqrstvwxz2456789';
  return [...Buffer.from(s)].map((b) => alphanums.charAt(b % alphanums.length)).join('');
}

/** HashControllerRevision: FNV-1 of the data's JSON bytes, then of the collision count when there is one. */
export function hashControllerRevision(data: unknown, probe: number | undefined): string {
  let h = fnv32(Buffer.from(goJson(data)));
  if (probe !== undefined) h = fnv32(Buffer.from(String(probe)), h);
  return safeEncodeString(String(h));
}

/** ControllerRevisionName: PREFIX-HASH, the prefix cut to 223 bytes. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/** The ControllerRevision a workload's current template makes: name, labels and owner as the controller sets them. */
export function newRevision(workload: KubeObject, kind: WorkloadKind, revision: number): KubeObject {
  const data = revisionData(workload);
  const collisionCount = obj(workload.status).collisionCount;
  const templateLabels = obj(obj(obj(obj(workload.spec).template).metadata).labels) as Record<string, string>;
  // The StatefulSet controller always probes with its collision count (0 when unset); the DaemonSet one only with a set one.
  const probe = typeof collisionCount === 'number' ? collisionCount : kind === 'StatefulSet' ? 0 : undefined;
  const hash = hashControllerRevision(data, probe);
  const labelKey = kind === 'StatefulSet' ? HISTORY_HASH_LABEL : REVISION_HASH_LABEL;
  const annotations = kind === 'DaemonSet' && workload.metadata.annotations ? { annotations: { ...workload.metadata.annotations } } : {};
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(workload.metadata.name ?? '', hash),
      namespace: workload.metadata.namespace,
      labels: { ...templateLabels, [labelKey]: hash },
      ...annotations,
      ownerReferences: [{ apiVersion: 'apps/v1', kind, name: workload.metadata.name, uid: workload.metadata.uid, controller: true, blockOwnerDeletion: true }],
    },
    data,
    revision,
  };
}

/** The hash part of a revision, as a pod's controller-revision-hash label holds it (StatefulSet pods: the whole name). */
export function podRevisionLabel(revision: KubeObject, kind: WorkloadKind): string {
  const labels = revision.metadata.labels ?? {};
  return kind === 'StatefulSet' ? (revision.metadata.name ?? '') : (labels[REVISION_HASH_LABEL] ?? '');
}
