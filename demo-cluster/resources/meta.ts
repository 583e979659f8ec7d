// Object shape helpers: Go field order for metadata and top-level fields, generated names.
import { randomInt } from 'node:crypto';
import { field, hasField, setField } from './own-fields.js';
import type { KubeObject, ObjectMeta } from './types.js';

/** ObjectMeta fields the apiserver sets (a client's values are replaced or refused), in Go field order. */
export const SYSTEM_META_FIELDS = ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds'];

const META_ORDER = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  ...SYSTEM_META_FIELDS,
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'clusterName',
  'managedFields',
];

/** Orders ObjectMeta fields as Go serializes them and drops undefined values. */
export function orderMeta(meta: ObjectMeta): ObjectMeta {
  const out: ObjectMeta = {};
  for (const k of META_ORDER) if (field(meta, k) !== undefined) out[k] = meta[k];
  for (const [k, v] of Object.entries(meta)) if (!hasField(out, k) && v !== undefined) setField(out, k, v);
  return out;
}

/** kind, apiVersion, metadata, then the rest in their order with status last. */
export function orderObject(obj: KubeObject): KubeObject {
  const out: KubeObject = { kind: obj.kind, apiVersion: obj.apiVersion, metadata: orderMeta(obj.metadata) };
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'kind' || k === 'apiVersion' || k === 'metadata' || k === 'status' || v === undefined) continue;
    setField(out, k, v);
  }
  if (obj.status !== undefined) out.status = obj.status;
  return out;
}

// k8s.io/apimachinery/pkg/util/rand: consonants and digits without look-alikes.
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/** A random suffix like the apiserver's names.SimpleNameGenerator (5 chars). */
export function randomSuffix(n = 5): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHANUMS.charAt(randomInt(ALPHANUMS.length));
  return s;
}

/** generateName + suffix, the base truncated so the result fits 63 characters. */
export function generateName(base: string): string {
  const maxBase = 63 - 5;
  return `${base.length > maxBase ? base.slice(0, maxBase) : base}${randomSuffix()}`;
}
