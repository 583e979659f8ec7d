// Pure: from a definitions map (v2 `definitions` or v3 `components.schemas`) to one kind's editor schema and lookup.
import { ownValue, setOwn } from '../own-properties.js';
import { READ_ONLY_METADATA_FIELDS } from '../patch/read-only.js';
import type { FieldSchema, SchemaLookup } from './types.js';

/** Definitions by name (`io.k8s.api.apps.v1.Deployment`), as the document holds them. */
export type Definitions = Record<string, unknown>;

export interface GroupVersionKind {
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
}

/** A self-contained JSON Schema (draft-07 style, `definitions` + `#/definitions/` refs). */
export type JsonSchema = Record<string, unknown>;

export interface KindSchema {
  gvk: GroupVersionKind;
  /** Which document it came from. */
  source: 'v3' | 'v2';
  /** Definition name of the kind (`io.k8s.api.apps.v1.Deployment`). */
  definitionName: string;
  /** For monaco-yaml: descriptions kept, read-only fields marked `readOnly: true`. */
  jsonSchema: JsonSchema;
  lookup: SchemaLookup;
  /** The kind's PUT lists the fieldValidation query parameter (set by fetchKindSchema, from the document's paths). */
  fieldValidationListed?: boolean;
}

type Schema = Record<string, unknown>;

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.Time';
const JSON_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Name of the definition whose `x-kubernetes-group-version-kind` lists the GVK, or null. */
export function findDefinitionForGvk(defs: Definitions, gvk: GroupVersionKind): string | null {
  for (const [name, def] of Object.entries(defs)) {
    if (!isSchema(def)) continue;
    const gvks = def['x-kubernetes-group-version-kind'];
    if (!Array.isArray(gvks)) continue;
    const hit = gvks.some(
      (g: unknown) => isSchema(g) && (g.group ?? '') === gvk.group && g.version === gvk.version && g.kind === gvk.kind,
    );
    if (hit) return name;
  }
  return null;
}

/** The kind's schema built from a definitions map whose refs start with `refPrefix` (`#/definitions/` or `#/components/schemas/`). */
export function kindSchemaFromDefinitions(defs: Definitions, refPrefix: string, gvk: GroupVersionKind, source: 'v3' | 'v2'): KindSchema | null {
  const definitionName = findDefinitionForGvk(defs, gvk);
  if (definitionName === null) return null;
  return {
    gvk,
    source,
    definitionName,
    jsonSchema: buildJsonSchema(defs, refPrefix, definitionName, gvk),
    lookup: buildLookup(defs, refPrefix, definitionName),
  };
}

/** The definition name a schema refers to, directly or through a single-element allOf (v3 style). */
function refName(schema: Schema, refPrefix: string): string | null {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(refPrefix)) return ref.slice(refPrefix.length);
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isSchema(allOf[0])) return refName(allOf[0], refPrefix);
  return null;
}

function schemaType(schema: Schema): FieldSchema['type'] {
  const t = schema.type;
  if (typeof t === 'string' && JSON_TYPES.has(t)) return t as FieldSchema['type'];
  if (isSchema(schema.properties) || isSchema(schema.additionalProperties)) return 'object';
  // v3 writes IntOrString and Quantity as oneOf a string and a number; v2 as a string: read both as v2 does.
  if (Array.isArray(schema.oneOf) && schema.oneOf.some((o) => isSchema(o) && o.type === 'string')) return 'string';
  return undefined;
}

function buildLookup(defs: Definitions, refPrefix: string, rootName: string): SchemaLookup {
  const resolve = (schema: Schema, depth = 0): Schema => {
    const name = refName(schema, refPrefix);
    const target = name === null ? undefined : ownValue(defs, name);
    return isSchema(target) && depth < 32 ? resolve(target, depth + 1) : schema;
  };
  const root = defs[rootName];
  const cache = new Map<string, FieldSchema | undefined>();

  const lookup = (path: readonly string[]): FieldSchema | undefined => {
    const cacheKey = path.join('\u0000');
    if (cache.has(cacheKey)) return cache.get(cacheKey);
    let field: Schema | undefined = isSchema(root) ? root : undefined;
    for (const segment of path) {
      if (!field) break;
      let container = resolve(field);
      // List items are crossed without a path segment.
      while (container.type === 'array' && isSchema(container.items)) container = resolve(container.items);
      const props = container.properties;
      const next: unknown = isSchema(props) && Object.hasOwn(props, segment) ? props[segment] : container.additionalProperties;
      field = isSchema(next) ? next : undefined;
    }
    let result: FieldSchema | undefined;
    if (field && path.length > 0) {
      const resolved = resolve(field);
      const strategy = field['x-kubernetes-patch-strategy'] ?? resolved['x-kubernetes-patch-strategy'];
      const mergeKey = field['x-kubernetes-patch-merge-key'] ?? resolved['x-kubernetes-patch-merge-key'];
      const listType = field['x-kubernetes-list-type'] ?? resolved['x-kubernetes-list-type'];
      const mapKeys = field['x-kubernetes-list-map-keys'] ?? resolved['x-kubernetes-list-map-keys'];
      result = { type: schemaType(resolved), patchStrategy: typeof strategy === 'string' ? strategy.split(',').map((s) => s.trim()).filter(Boolean) : [] };
      if (typeof mergeKey === 'string') result.patchMergeKey = mergeKey;
      if (typeof listType === 'string') result.listType = listType;
      if (Array.isArray(mapKeys)) result.listMapKeys = mapKeys.filter((k): k is string => typeof k === 'string');
      if (result.type === 'array' && isSchema(resolved.items)) {
        const itemType = schemaType(resolve(resolved.items));
        if (itemType) result.itemType = itemType;
      }
    }
    cache.set(cacheKey, result);
    return result;
  };
  return Object.assign(lookup, { builtIn: rootName.startsWith('io.k8s.') });
}

/** Every definition reachable from `rootName`. */
function closure(defs: Definitions, refPrefix: string, rootName: string): string[] {
  const seen = new Set<string>();
  const pending = [rootName];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isSchema(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith(refPrefix)) pending.push(v.slice(refPrefix.length));
        else visit(v);
      }
    }
  };
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (seen.has(name) || !Object.hasOwn(defs, name)) continue;
    seen.add(name);
    visit(defs[name]);
  }
  return [...seen].sort();
}

/**
 * Copies a schema with refs rewritten to `#/definitions/`. A `$ref` with sibling keywords becomes
 * `allOf: [{$ref}]` + siblings, since draft-07 validators ignore the siblings of `$ref` (descriptions would be lost).
 */
function rewrite(value: unknown, refPrefix: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, refPrefix));
  if (!isSchema(value)) return value;
  const out: Schema = {};
  for (const [k, v] of Object.entries(value)) {
    setOwn(out, k, k === '$ref' && typeof v === 'string' && v.startsWith(refPrefix) ? `#/definitions/${v.slice(refPrefix.length)}` : rewrite(v, refPrefix));
  }
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...siblings } = out;
    return { ...siblings, allOf: [{ $ref }] };
  }
  // v3 marks IntOrString fields with x-kubernetes-int-or-string; YAML `maxSurge: 1` must not be flagged.
  if (out['x-kubernetes-int-or-string'] === true) {
    delete out.type;
    out.anyOf = [{ type: 'integer' }, { type: 'string' }];
  }
  return out;
}

function buildJsonSchema(defs: Definitions, refPrefix: string, rootName: string, gvk: GroupVersionKind): JsonSchema {
  const definitions: Record<string, unknown> = {};
  for (const name of closure(defs, refPrefix, rootName)) {
    const def = rewrite(defs[name], refPrefix) as Schema;
    if (name === INT_OR_STRING || name === QUANTITY) {
      // v2 declares both as `type: string` (v3 as oneOf), but the apiserver also accepts numbers (`maxSurge: 1`, `cpu: 2`).
      delete def.type;
      delete def.format;
      delete def.oneOf;
      def.anyOf = [{ type: name === QUANTITY ? 'number' : 'integer' }, { type: 'string' }];
    }
    if (name === TIME) {
      // A zero metav1.Time marshals as null (every pod template carries `creationTimestamp: null`): not an error.
      delete def.type;
      def.anyOf = [{ type: 'string', format: 'date-time' }, { type: 'null' }];
      delete def.format;
    }
    if (name === OBJECT_META && isSchema(def.properties)) {
      const props = def.properties;
      for (const field of READ_ONLY_METADATA_FIELDS) if (isSchema(props[field])) props[field] = { ...props[field], readOnly: true };
    }
    setOwn(definitions, name, def);
  }
  const root = { ...(ownValue(definitions, rootName) as Schema) };
  const props = isSchema(root.properties) ? { ...root.properties } : {};
  const groupVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
  if (isSchema(props.apiVersion)) props.apiVersion = { ...props.apiVersion, enum: [groupVersion] };
  if (isSchema(props.kind)) props.kind = { ...props.kind, enum: [gvk.kind] };
  if (isSchema(props.status)) props.status = { ...props.status, readOnly: true };
  root.properties = props;
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...root, definitions };
}
