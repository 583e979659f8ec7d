// A recorded OpenAPI v3 group-version document (v3-recorded.ts) cut down to what the registry serves: the paths of
// its types (watch paths when they watch, subresource paths of the subresources they list) and the schemas those
// paths reach. The schemas stay as kube-apiserver 1.37.2 wrote them (allOf around a $ref with its own description
// and default, oneOf for Quantity and IntOrString).
import type { Registry } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';

export interface RecordedV3 {
  info: JsonObject;
  paths: Record<string, JsonObject>;
  schemas: Record<string, JsonObject>;
  securitySchemes: JsonObject;
}

const SCHEMA_REF = /#\/components\/schemas\/([^"]+)/g;

/** Whether a recorded path of the group-version is one the registry serves. */
export function servesPath(registry: Registry, group: string, version: string, path: string): boolean {
  const prefix = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  if (!path.startsWith(`${prefix}/`)) return false;
  let segments = path.slice(prefix.length + 1).split('/').filter((s) => s !== '');
  if (segments.length === 0) return true;
  const watch = segments[0] === 'watch';
  if (watch) segments = segments.slice(1);
  // namespaces/{namespace}/R is a namespaced collection; namespaces/{name} is the Namespace itself.
  if (segments[0] === 'namespaces' && segments[1] === '{namespace}' && segments.length > 2) segments = segments.slice(2);
  const t = registry.get(group, version, segments[0] ?? '');
  if (!t) return false;
  if (watch && !t.verbs.includes('watch')) return false;
  const sub = segments[2];
  return sub === undefined || t.subresources.some((s) => s.name === sub);
}

/** The schema names a value's $refs name. */
function refsIn(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(SCHEMA_REF)].map((m) => m[1] ?? '');
}

/** The named schemas and those they reach, by name in name order (as Go writes a map). */
function reachable(schemas: Record<string, JsonObject>, names: string[]): Record<string, JsonObject> {
  const seen = new Set<string>();
  const stack = [...names];
  while (stack.length > 0) {
    const name = stack.pop() ?? '';
    const schema = schemas[name];
    if (seen.has(name) || !schema) continue;
    seen.add(name);
    stack.push(...refsIn(schema));
  }
  return Object.fromEntries([...seen].sort().map((n) => [n, schemas[n] ?? {}]));
}

/** The document as kube-apiserver writes it (openapi, info, paths, components), for what the registry serves. */
export function servedDocument(recorded: RecordedV3, registry: Registry, group: string, version: string): JsonObject {
  const paths = Object.fromEntries(
    Object.keys(recorded.paths)
      .filter((p) => servesPath(registry, group, version, p))
      .sort()
      .map((p) => [p, recorded.paths[p] ?? {}]),
  );
  return { openapi: '3.0.0', info: recorded.info, paths, components: { schemas: reachable(recorded.schemas, refsIn(paths)), securitySchemes: recorded.securitySchemes } };
}

/** A v2 schema in v3 form: refs into components, and a $ref with siblings wrapped in allOf as kube-openapi does. */
function toV3(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toV3);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value as JsonObject)) {
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/definitions/', '#/components/schemas/') : toV3(v);
  }
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...siblings } = out;
    return { ...siblings, allOf: [{ $ref }] };
  }
  return out;
}

/**
 * components.schemas of a built document (custom resources): its own definitions converted from v2, the
 * apimachinery ones (ObjectMeta, Status ...) as the recorded documents have them, with what those reach.
 */
export function builtSchemas(v2: Record<string, JsonObject>, recorded: Record<string, JsonObject>): Record<string, JsonObject> {
  const own = Object.fromEntries(Object.entries(v2).filter(([n]) => !recorded[n]).map(([n, s]) => [n, toV3(s) as JsonObject]));
  const fromRecording = reachable(recorded, Object.keys(v2).filter((n) => recorded[n]));
  const all = { ...fromRecording, ...own };
  return Object.fromEntries(Object.keys(all).sort().map((n) => [n, all[n] ?? {}]));
}
