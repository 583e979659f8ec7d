// Structural defaulting of custom resources (apiextensions-apiserver's structuraldefaulting), applied when a
// request is decoded: a null in a field that is not nullable becomes the field's default, or goes; an absent
// field with a default gets a copy of it; then the same inside every object, list item and map value.
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';

const clone = <T>(v: T): T => structuredClone(v);

/** The value a field (or map value) holding `v` keeps: a null that is not nullable is its default, or goes. */
function nullToDefault(v: unknown, sub: JsonObject): { keep: boolean; value: unknown } {
  if (v !== null || sub.nullable === true) return { keep: true, value: v };
  return sub.default !== undefined ? { keep: true, value: clone(sub.default) } : { keep: false, value: v };
}

/** Defaults `value` in place against `schema` (an openAPIV3Schema node) and returns it. */
export function applySchemaDefaults(value: unknown, schema: unknown): unknown {
  if (!isPlainObject(schema)) return value;
  if (isPlainObject(value)) {
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    const extra = isPlainObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
    for (const [k, sub] of Object.entries(props)) {
      if (isPlainObject(sub) && !Object.hasOwn(value, k) && sub.default !== undefined) value[k] = clone(sub.default);
    }
    for (const k of Object.keys(value)) {
      const prop = props[k];
      const sub = Object.hasOwn(props, k) && isPlainObject(prop) ? prop : extra;
      if (!sub) continue;
      const { keep, value: v } = nullToDefault(value[k], sub);
      if (keep) value[k] = applySchemaDefaults(v, sub);
      else delete value[k];
    }
    return value;
  }
  if (Array.isArray(value) && isPlainObject(schema.items)) {
    const items: JsonObject = schema.items;
    return value.map((v) => applySchemaDefaults(v === null && items.nullable !== true && items.default !== undefined ? clone(items.default) : v, items));
  }
  return value;
}

/**
 * Stored custom resources as a read decodes them once a CRD's schema changed: kube-apiserver defaults what it
 * reads from etcd without writing it back, so the defaults show with the same resourceVersion and no event.
 * The demo keeps decoded objects, so it defaults them where they are stored.
 */
export function defaultStoredObjects(crd: JsonObject, objects: Iterable<JsonObject>): void {
  const spec = isPlainObject(crd.spec) ? crd.spec : {};
  const group = typeof spec.group === 'string' ? spec.group : '';
  const schemas = new Map<string, unknown>();
  for (const v of Array.isArray(spec.versions) ? spec.versions : []) {
    if (isPlainObject(v) && typeof v.name === 'string' && isPlainObject(v.schema)) schemas.set(`${group}/${v.name}`, v.schema.openAPIV3Schema);
  }
  for (const o of objects) {
    const schema = schemas.get(String(o.apiVersion));
    if (!isPlainObject(schema) || !isPlainObject(schema.properties)) continue;
    const { apiVersion: _a, kind: _k, metadata: _m, ...properties } = schema.properties;
    applySchemaDefaults(o, { ...schema, properties });
  }
}
