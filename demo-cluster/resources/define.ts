// Builds a ResourceType from the recorded discovery entry and columns plus type-specific behavior.
import type { ResourceType, TableColumnDefinition } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { RECORDED } from './recorded.js';

type Behavior = Omit<ResourceType, 'group' | 'version' | 'resource' | 'kind' | 'namespaced' | 'verbs' | 'subresources' | 'printer'> & {
  /** Row cells; columns come from the recording unless given. */
  cells?: (obj: KubeObject, now: number) => unknown[];
  columns?: TableColumnDefinition[];
};

/** A type whose discovery entry (verbs, shortNames, categories, subresources) and columns were recorded from 1.37.2. */
export function recordedType(groupVersion: string, resource: string, behavior: Behavior): ResourceType {
  const rec = RECORDED[`${groupVersion}/${resource}`];
  if (!rec) throw new Error(`no recorded discovery for ${groupVersion}/${resource}`);
  const slash = groupVersion.indexOf('/');
  const group = slash < 0 ? '' : groupVersion.slice(0, slash);
  const version = slash < 0 ? groupVersion : groupVersion.slice(slash + 1);
  const { cells, columns, ...rest } = behavior;
  const cols = columns ?? rec.columns;
  const t: ResourceType = {
    group,
    version,
    resource,
    kind: rec.kind,
    namespaced: rec.namespaced,
    verbs: rec.verbs,
    subresources: rec.subresources,
    ...rest,
  };
  if (rec.singularName) t.singularName = rec.singularName;
  if (rec.shortNames) t.shortNames = rec.shortNames;
  if (rec.categories) t.categories = rec.categories;
  if (rec.storageVersionHash) t.storageVersionHash = rec.storageVersionHash;
  if (cells && cols) t.printer = { columns: cols, cells };
  return t;
}

/** PrepareForUpdate of types with a status subresource: writes to the main resource keep the stored status. */
export function keepStatus(o: KubeObject, old: KubeObject): void {
  o.status = old.status;
}

/** Defaulting of spec fields (the API's SetDefaults_*): what `fill` returns wins over what the object left unset. */
export function specDefaults(fill: (spec: JsonObject) => JsonObject): (o: KubeObject) => void {
  return (o) => {
    const spec = isPlainObject(o.spec) ? o.spec : {};
    o.spec = { ...spec, ...fill(spec) };
  };
}

/** A type with a status subresource: created with `initial` as its status, and updates of the object keep the stored one. */
export function statusStrategy(initial: JsonObject): Pick<ResourceType, 'prepareForCreate' | 'prepareForUpdate'> {
  return {
    prepareForCreate(o) {
      o.status = structuredClone(initial);
    },
    prepareForUpdate: keepStatus,
  };
}
