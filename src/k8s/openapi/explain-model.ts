// Pure: a kind's field tree for Explain (like `kubectl explain`), from a definitions map (v2 `definitions`, v3
// `components.schemas`, or a KindSchema's self-contained jsonSchema). Children are built on demand, so recursive
// types (a CRD's JSONSchemaProps) never expand further than someone looks.
import { ownValue } from '../own-properties.js';
import type { Definitions } from './kind-schema.js';

type Schema = Record<string, unknown>;

/** One `x-kubernetes-validations` rule (CEL), served by 1.25+ for CRDs. */
export interface ExplainValidation {
  rule: string;
  message: string | null;
}

/** What the OpenAPI says about one field. */
export interface ExplainField {
  /** Property name; '' for the kind itself. */
  name: string;
  /** Property names from the kind's root; list items and map values are crossed without a segment (as kubectl explain). */
  path: string[];
  /** kubectl-style type: string, integer, boolean, Object, DeploymentStrategy, []Container, map[string]string, int-or-string. */
  type: string;
  /** The OpenAPI `format` (int32, date-time, byte...). */
  format: string | null;
  description: string;
  /** Listed in its parent's `required`. */
  required: boolean;
  /** `default` as JSON text. */
  defaultValue: string | null;
  /** `enum` values as JSON text. */
  enumValues: string[];
  /** `x-kubernetes-patch-strategy` split on commas. */
  patchStrategy: string[];
  patchMergeKey: string | null;
  listType: string | null;
  listMapKeys: string[];
  mapType: string | null;
  intOrString: boolean;
  preserveUnknownFields: boolean;
  embeddedResource: boolean;
  validations: ExplainValidation[];
  /** JSON Schema bounds and checks of the field (`minimum`, `maximum`, `pattern`, `minLength`, `maxLength`, `minItems`, `maxItems`). */
  limits: Partial<Record<'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems', number>> & { pattern?: string };
  /** The field (or its list items / map values) has properties to expand. */
  hasChildren: boolean;
}

/** Where a path stops resolving: the deepest existing parent and the names it has that look like the missing one. */
export interface ExplainPathResult {
  field: ExplainField | null;
  /** The longest prefix of the asked path that exists ([] = the kind itself). */
  parentPath: string[];
  /** The first segment that does not exist; null when the whole path exists. */
  missing: string | null;
  suggestions: string[];
}

export interface ExplainModel {
  /** Definition name of the kind. */
  definitionName: string;
  root: ExplainField;
  /** The field at a path, or null. */
  field: (path: readonly string[]) => ExplainField | null;
  /** Children of the field at a path, sorted by name; [] for leaves and unknown paths. */
  children: (path: readonly string[]) => ExplainField[];
  resolve: (path: readonly string[]) => ExplainPathResult;
  /** Fields whose path, name or description contain every word of the query; walks at most `limit` fields, never into a recursion. */
  search: (query: string, limit?: number) => ExplainField[];
}

interface Node {
  field: ExplainField;
  /** The schema whose properties are the children (list items and map values already crossed), or null. */
  container: Schema | null;
  /** The definition the children come from (null for inline objects). */
  definition: string | null;
  /** Definitions of the containers on the way from the root, this one included: search stops at recursions. */
  seen: ReadonlySet<string>;
}

const INT_OR_STRING_DEFINITION = /\.IntOrString$/;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** `io.k8s.api.apps.v1.DeploymentStrategy` -> `DeploymentStrategy`. */
function shortName(definitionName: string): string {
  return definitionName.slice(definitionName.lastIndexOf('.') + 1);
}

/** Builds the Explain model of the definition `rootName`; refs start with `refPrefix` (`#/definitions/`, `#/components/schemas/`). */
export function buildExplainModel(defs: Definitions, refPrefix: string, rootName: string): ExplainModel {
  // The definition a schema names, directly or through a single-element allOf (v3 and rewritten v2 style).
  const refName = (schema: Schema): string | null => {
    const ref = str(schema.$ref);
    if (ref?.startsWith(refPrefix)) return ref.slice(refPrefix.length);
    const allOf = schema.allOf;
    if (Array.isArray(allOf) && allOf.length === 1 && isSchema(allOf[0])) return refName(allOf[0]);
    return null;
  };
  // Follows refs; `names` collects the definitions crossed.
  const resolve = (schema: Schema, names: string[] = []): Schema => {
    let current = schema;
    for (let depth = 0; depth < 32; depth++) {
      const name = refName(current);
      const target = name === null ? undefined : ownValue(defs, name);
      if (name === null || !isSchema(target)) break;
      names.push(name);
      current = target;
    }
    return current;
  };
  // A key from the field itself first (it overrides), else from what it refers to.
  const fact = (field: Schema, resolved: Schema, key: string): unknown => field[key] ?? resolved[key];

  const typeOf = (schema: Schema, depth = 0): string => {
    const names: string[] = [];
    const resolved = resolve(schema, names);
    const name = names.at(-1);
    if (schema['x-kubernetes-int-or-string'] === true || resolved['x-kubernetes-int-or-string'] === true) return 'int-or-string';
    if (name && INT_OR_STRING_DEFINITION.test(name)) return 'int-or-string';
    if (depth > 8) return 'Object';
    if (resolved.type === 'array') return `[]${isSchema(resolved.items) ? typeOf(resolved.items, depth + 1) : 'Object'}`;
    if (isSchema(resolved.additionalProperties) && !isSchema(resolved.properties)) return `map[string]${typeOf(resolved.additionalProperties, depth + 1)}`;
    if (name) return shortName(name);
    const t = str(resolved.type);
    if (t === 'object' || (t === null && isSchema(resolved.properties))) return 'Object';
    return t ?? 'Object';
  };

  // The schema holding the children: through refs, list items and map values.
  const containerOf = (schema: Schema, names: string[]): Schema | null => {
    let current = resolve(schema, names);
    for (let depth = 0; depth < 8; depth++) {
      if (isSchema(current.properties)) return current;
      if (current.type === 'array' && isSchema(current.items)) current = resolve(current.items, names);
      else if (isSchema(current.additionalProperties)) current = resolve(current.additionalProperties, names);
      else return null;
    }
    return null;
  };

  const makeNode = (name: string, path: string[], schema: Schema, required: boolean, parentSeen: ReadonlySet<string>): Node => {
    const names: string[] = [];
    const resolved = resolve(schema);
    const container = containerOf(schema, names);
    const definition = names.at(-1) ?? null;
    const strategy = str(fact(schema, resolved, 'x-kubernetes-patch-strategy'));
    const validations = fact(schema, resolved, 'x-kubernetes-validations');
    const def = fact(schema, resolved, 'default');
    const field: ExplainField = {
      name,
      path,
      type: typeOf(schema),
      format: str(resolved.format) ?? str(schema.format),
      description: str(schema.description) ?? str(resolved.description) ?? '',
      required,
      defaultValue: def === undefined ? null : JSON.stringify(def),
      enumValues: Array.isArray(fact(schema, resolved, 'enum')) ? (fact(schema, resolved, 'enum') as unknown[]).map((v) => JSON.stringify(v)) : [],
      patchStrategy: strategy ? strategy.split(',').map((s) => s.trim()).filter(Boolean) : [],
      patchMergeKey: str(fact(schema, resolved, 'x-kubernetes-patch-merge-key')),
      listType: str(fact(schema, resolved, 'x-kubernetes-list-type')),
      listMapKeys: strings(fact(schema, resolved, 'x-kubernetes-list-map-keys')),
      mapType: str(fact(schema, resolved, 'x-kubernetes-map-type')),
      intOrString: typeOf(schema) === 'int-or-string',
      preserveUnknownFields: fact(schema, resolved, 'x-kubernetes-preserve-unknown-fields') === true,
      embeddedResource: fact(schema, resolved, 'x-kubernetes-embedded-resource') === true,
      validations: Array.isArray(validations)
        ? validations.filter(isSchema).flatMap((v) => (typeof v.rule === 'string' ? [{ rule: v.rule, message: str(v.message) }] : []))
        : [],
      limits: limitsOf(schema, resolved),
      hasChildren: container !== null && isSchema(container.properties) && Object.keys(container.properties).length > 0,
    };
    return { field, container, definition, seen: definition === null ? parentSeen : new Set([...parentSeen, definition]) };
  };

  const rootNode = makeNode('', [], { $ref: `${refPrefix}${rootName}` }, false, new Set());
  const cache = new Map<string, Node | null>([['', rootNode]]);

  const childNodes = (node: Node): Node[] => {
    const props = node.container?.properties;
    if (!isSchema(props)) return [];
    const required = new Set(strings(node.container?.required));
    return Object.keys(props)
      .sort()
      .flatMap((name) => {
        const schema = props[name];
        if (!isSchema(schema)) return [];
        const path = [...node.field.path, name];
        const key = path.join('\u0000');
        let child = cache.get(key);
        if (!child) {
          child = makeNode(name, path, schema, required.has(name), node.seen);
          cache.set(key, child);
        }
        return [child];
      });
  };

  const nodeAt = (path: readonly string[]): Node | null => {
    const key = path.join('\u0000');
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const parent = nodeAt(path.slice(0, -1));
    const found = parent ? (childNodes(parent).find((c) => c.field.name === path.at(-1)) ?? null) : null;
    if (!found) cache.set(key, null);
    return found;
  };

  const resolvePath = (path: readonly string[]): ExplainPathResult => {
    let node = rootNode;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] ?? '';
      const next = nodeAt(path.slice(0, i + 1));
      if (!next) {
        const names = childNodes(node).map((c) => c.field.name);
        return { field: null, parentPath: node.field.path, missing: segment, suggestions: suggest(segment, names) };
      }
      node = next;
    }
    return { field: node.field, parentPath: node.field.path, missing: null, suggestions: [] };
  };

  const search = (query: string, limit = 5000): ExplainField[] => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    const hits: ExplainField[] = [];
    const queue: Node[] = [rootNode];
    let walked = 0;
    while (queue.length > 0 && walked < limit) {
      const node = queue.shift() as Node;
      for (const child of childNodes(node)) {
        walked++;
        const f = child.field;
        const text = `${f.path.join('.')} ${f.description}`.toLowerCase();
        if (words.every((w) => text.includes(w))) hits.push(f);
        // A definition met again below itself is a recursion (JSONSchemaProps): its fields were already offered.
        if (f.hasChildren && !(child.definition !== null && node.seen.has(child.definition))) queue.push(child);
      }
    }
    return hits;
  };

  return {
    definitionName: rootName,
    root: rootNode.field,
    field: (path) => nodeAt(path)?.field ?? null,
    children: (path) => {
      const node = nodeAt(path);
      return node ? childNodes(node).map((c) => c.field) : [];
    },
    resolve: resolvePath,
    search,
  };
}

const NUMERIC_LIMITS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

function limitsOf(field: Schema, resolved: Schema): ExplainField['limits'] {
  const limits: ExplainField['limits'] = {};
  for (const key of NUMERIC_LIMITS) {
    const value = field[key] ?? resolved[key];
    if (typeof value === 'number') limits[key] = value;
  }
  const pattern = str(field.pattern) ?? str(resolved.pattern);
  if (pattern !== null) limits.pattern = pattern;
  return limits;
}

/** Names close to the missing one: same prefix, containing it, or within a small edit distance; at most 5. */
export function suggest(missing: string, names: readonly string[]): string[] {
  const m = missing.toLowerCase();
  const scored = names
    .map((name) => {
      const n = name.toLowerCase();
      const score = n === m ? 0 : n.startsWith(m) || m.startsWith(n) ? 1 : n.includes(m) || m.includes(n) ? 2 : editDistance(n, m) <= Math.max(1, Math.floor(m.length / 3)) ? 3 : 99;
      return { name, score };
    })
    .filter((s) => s.score < 99)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, 5).map((s) => s.name);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
