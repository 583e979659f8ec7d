// The served OpenAPI v2 schema of a kind, walked field by field for the rules the apiserver reads from
// it: how lists merge (x-kubernetes-patch-strategy/-patch-merge-key for strategic merge patch, the Go
// struct tags they mirror; x-kubernetes-list-type/-list-map-keys for server-side apply and managedFields,
// as structured-merge-diff's schemaconv reads them) and which maps are atomic (x-kubernetes-map-type).
// Custom resources bring their own definitions (from the CRD's openAPIV3Schema), so they follow theirs.
import type { ResourceType } from '../resources/registry.js';
import { field, ownTable } from '../resources/own-fields.js';
import { isPlainObject } from '../resources/types.js';
import { DEFINITIONS } from './definitions.js';

export type RawSchema = Record<string, unknown>;
export type Definitions = Record<string, RawSchema>;

export interface Gvk {
  group: string;
  version: string;
  kind: string;
}

const REF_PREFIX = '#/definitions/';
const byGvkIndexes = new WeakMap<Definitions, Map<string, string>>();

/** The definition name of a group/version/kind in `defs` (by x-kubernetes-group-version-kind). */
export function definitionNameOf(defs: Definitions, gvk: Gvk): string | undefined {
  let index = byGvkIndexes.get(defs);
  if (!index) {
    index = new Map();
    for (const [name, def] of Object.entries(defs)) {
      const list = def['x-kubernetes-group-version-kind'];
      if (!Array.isArray(list)) continue;
      for (const g of list as Gvk[]) index.set(`${g.group}/${g.version}/${g.kind}`, name);
    }
    byGvkIndexes.set(defs, index);
  }
  return index.get(`${gvk.group}/${gvk.version}/${gvk.kind}`);
}

/** The definition a `$ref` names, if the schema is one. */
export function refName(schema: RawSchema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
}

/** Follows `$ref`s (a chain, in practice one step) to the schema they name; {} when a name is unknown. */
export function resolveRefs(schema: RawSchema, lookup: (name: string) => RawSchema | undefined): RawSchema {
  let s = schema;
  for (let i = 0; i < 32; i++) {
    const name = refName(s);
    if (name === undefined) return s;
    s = lookup(name) ?? {};
  }
  return s;
}

/** How a list merges, read from the list's own schema. */
export interface ListRules {
  /** Strategic merge patch: items merge (patch strategy "merge") rather than the patch replacing the list. */
  patchMerge: boolean;
  /** Strategic merge patch: the key items merge on; absent with patchMerge = a list of primitives merged as a set. */
  patchMergeKey?: string;
  /** Server-side apply: atomic (owned whole), set (primitives, owned one by one) or map (items owned by their keys). */
  listType: 'atomic' | 'set' | 'map';
  /** The keys of a map list (empty otherwise). */
  listMapKeys: string[];
}

const ATOMIC: ListRules = { patchMerge: false, listType: 'atomic', listMapKeys: [] };

/**
 * The merge rules of a list schema. SSA follows schemaconv (VisitArray): x-kubernetes-list-type wins;
 * without it, patch strategy "merge" makes a map list keyed by the merge key, or a set without one.
 */
export function listRulesOf(schema: RawSchema | undefined): ListRules {
  if (!schema) return ATOMIC;
  const strategy = typeof schema['x-kubernetes-patch-strategy'] === 'string' ? schema['x-kubernetes-patch-strategy'].split(',') : [];
  const mergeKey = schema['x-kubernetes-patch-merge-key'];
  const patchMerge = strategy.includes('merge');
  const rules: ListRules = { patchMerge, listType: 'atomic', listMapKeys: [] };
  if (patchMerge && typeof mergeKey === 'string') rules.patchMergeKey = mergeKey;
  const listType = schema['x-kubernetes-list-type'];
  const mapKeys = schema['x-kubernetes-list-map-keys'];
  if (listType === 'map') {
    rules.listType = 'map';
    rules.listMapKeys = Array.isArray(mapKeys) ? mapKeys.filter((k): k is string => typeof k === 'string') : [];
  } else if (listType === 'set') rules.listType = 'set';
  else if (listType === undefined && patchMerge) {
    rules.listType = rules.patchMergeKey !== undefined ? 'map' : 'set';
    if (rules.patchMergeKey !== undefined) rules.listMapKeys = [rules.patchMergeKey];
  }
  return rules;
}

/**
 * Defaults the apiserver's internal OpenAPI has from `+default` markers but /openapi/v2 does not publish.
 * structured-merge-diff keys an item that omits a key field by its default: 1.20.2 answers
 * `k:{"containerPort":80,"protocol":"TCP"}` for an applied port without a protocol.
 */
const MARKER_DEFAULTS: Record<string, Record<string, unknown>> = {
  'io.k8s.api.core.v1.ContainerPort': { protocol: 'TCP' },
};

/** Go zero values, the internal OpenAPI's default of a required (not omitempty) field of a built-in type. */
const GO_ZERO = ownTable<unknown>({ string: '', integer: 0, number: 0, boolean: false });

const RAW_EXTENSION = 'io.k8s.apimachinery.pkg.runtime.RawExtension';

const lookups = new WeakMap<object, (name: string) => RawSchema | undefined>();

/** One node of a kind's schema; children are found through the definitions of the kind's type. */
export class Schema {
  private readonly children = new Map<string, Schema | undefined>();
  private itemSchema: Schema | undefined | null = null;
  private rules: ListRules | undefined;

  private constructor(
    /** The node with its `$ref` followed. */
    readonly raw: RawSchema,
    /** The definition the node came from by `$ref`, if any (built-in ones have the apiserver's Go defaults). */
    private readonly definition: string | undefined,
    /** The schema as written where it is used (a list's extensions sit on the property, not on a $ref). */
    private readonly declared: RawSchema,
    private readonly lookup: (name: string) => RawSchema | undefined,
  ) {}

  /** The node of `schema` in the context of a kind's definitions. */
  private static node(schema: RawSchema, lookup: (name: string) => RawSchema | undefined): Schema {
    const name = refName(schema);
    return new Schema(resolveRefs(schema, lookup), name, schema, lookup);
  }

  /** The root schema of a kind; undefined when no definition names it. */
  static forKind(gvk: Gvk, extra?: Definitions): Schema | undefined {
    const name = (extra && definitionNameOf(extra, gvk)) ?? definitionNameOf(DEFINITIONS, gvk);
    if (name === undefined) return undefined;
    return Schema.node({ $ref: `${REF_PREFIX}${name}` }, lookupFor(extra));
  }

  /** The schema objects of a served type follow: its own definitions (custom resources) over the recorded ones. */
  static forType(t: ResourceType): Schema | undefined {
    let cached = typeSchemas.get(t);
    if (cached === undefined) {
      cached = Schema.forKind(t, t.definitions) ?? null;
      typeSchemas.set(t, cached);
    }
    return cached ?? undefined;
  }

  /** A field of an object: a declared property, else the schema of additionalProperties (map values). */
  property(name: string): Schema | undefined {
    if (this.children.has(name)) return this.children.get(name);
    const props = isPlainObject(this.raw.properties) ? this.raw.properties : undefined;
    const sub = props && Object.hasOwn(props, name) ? props[name] : this.raw.additionalProperties;
    const child = isPlainObject(sub) ? Schema.node(sub, this.lookup) : undefined;
    this.children.set(name, child);
    return child;
  }

  /** The schema of a list's items. */
  items(): Schema | undefined {
    if (this.itemSchema === null) this.itemSchema = isPlainObject(this.raw.items) ? Schema.node(this.raw.items, this.lookup) : undefined;
    return this.itemSchema;
  }

  /** How this list merges (atomic when the schema says nothing). */
  list(): ListRules {
    this.rules ??= listRulesOf({ ...this.raw, ...this.declared });
    return this.rules;
  }

  /**
   * x-kubernetes-map-type: atomic (LabelSelector): the object is owned, and replaced, whole. So is a RawExtension
   * (ControllerRevision.data), which schemaconv makes untyped: atomic whatever it holds.
   */
  get atomicMap(): boolean {
    if (this.definition === RAW_EXTENSION) return true;
    return this.raw['x-kubernetes-map-type'] === 'atomic' || this.declared['x-kubernetes-map-type'] === 'atomic';
  }

  /**
   * The default of a field of this (list item) schema as structured-merge-diff sees it: the schema's own
   * `default` (custom resources), else for built-in types a `+default` marker or a required field's Go zero value.
   */
  keyDefault(field: string): unknown {
    const prop = this.property(field)?.raw;
    if (prop && prop.default !== undefined) return prop.default;
    if (this.definition === undefined || !Object.hasOwn(DEFINITIONS, this.definition)) return undefined;
    const marker = MARKER_DEFAULTS[this.definition]?.[field];
    if (marker !== undefined) return marker;
    const required = Array.isArray(this.raw.required) && this.raw.required.includes(field);
    return required && typeof prop?.type === 'string' ? GO_ZERO[prop.type] : undefined;
  }
}

const typeSchemas = new WeakMap<ResourceType, Schema | null>();

/** Names resolve in the kind's own definitions first; built-in definitions only ever name built-in ones. */
function lookupFor(extra: Definitions | undefined): (name: string) => RawSchema | undefined {
  if (!extra) return builtInLookup;
  let lookup = lookups.get(extra);
  if (!lookup) {
    lookup = (name) => field<RawSchema>(extra, name) ?? builtInLookup(name);
    lookups.set(extra, lookup);
  }
  return lookup;
}

const builtInLookup = (name: string): RawSchema | undefined => field<RawSchema>(DEFINITIONS, name);
