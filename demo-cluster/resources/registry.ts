// The data-driven catalogue of resource types the demo cluster serves: adding a type = adding an entry.
import type { FieldError } from '../http/errors.js';
import type { JsonObject, KubeObject } from './types.js';
import type { Tokens, User } from '../auth/auth.js';
import type { TableColumnDefinition } from '../../wire/table.js';

export type Verb = 'create' | 'delete' | 'deletecollection' | 'get' | 'list' | 'patch' | 'update' | 'watch';

export const ALL_VERBS: Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export type { TableColumnDefinition };

export interface TableRowCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/** A server-side printer: column definitions plus one row of cells per object (wide columns included). */
export interface TablePrinter {
  columns: TableColumnDefinition[];
  cells(obj: KubeObject, now: number): unknown[];
  conditions?(obj: KubeObject): TableRowCondition[] | undefined;
  /** The order of a list's rows when the printer sorts them (FlowSchemas); otherwise the list's own. */
  rowOrder?(a: KubeObject, b: KubeObject): number;
}

export interface SubresourceDef {
  name: string;
  kind: string;
  verbs: Verb[];
  /** Set when the subresource's kind lives in another group-version (pods/eviction, deployments/scale). */
  group?: string;
  version?: string;
}

/** Field selector support: value extractors by field label. */
export type FieldGetter = (obj: KubeObject) => string;

/** What discovery says of a type (recorded from 1.37.2 for the built-in ones, see recorded.ts). */
export interface DiscoveryFacts {
  kind: string;
  /** Discovery singularName ("" when absent, as 1.20 reported it for built-in types). */
  singularName?: string;
  namespaced: boolean;
  verbs: Verb[];
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
  subresources: SubresourceDef[];
}

export interface ResourceType extends DiscoveryFacts {
  group: string;
  version: string;
  /** Plural resource name as in URLs. */
  resource: string;
  /** metadata.generation is maintained (bumped on spec changes) for types whose strategy does so. */
  hasGeneration: boolean;
  /** Fields present in the Go zero value (beyond metadata): shapes watch bookmarks and managedFields "." markers. */
  zeroValue: JsonObject;
  /** Name rule: DNS-1123 subdomain (most) or label (namespaces, services). */
  nameRule: 'subdomain' | 'label';
  printer?: TablePrinter;
  /**
   * Extra field labels registered with AddFieldLabelConversionFunc. When present, unknown labels are
   * answered "field label not supported: X"; when absent, the default metadata-only converter answers
   * `"X" is not a known field selector: only "metadata.name", "metadata.namespace"`.
   */
  fieldLabels?: Record<string, FieldGetter>;
  /** Type-specific validation, run on create and update after defaulting. */
  validate?(obj: KubeObject, old: KubeObject | undefined): FieldError[];
  /** SetDefaults_* applied when a body is decoded (before managedFields are computed). Mutates obj. */
  defaults?(obj: KubeObject): void;
  /** Strategy PrepareForCreate (status reset etc.), after managedFields. Mutates obj. */
  prepareForCreate?(obj: KubeObject): void;
  /** Strategy PrepareForUpdate on the main resource. Mutates obj. */
  prepareForUpdate?(obj: KubeObject, old: KubeObject): void;
  /**
   * PrepareForUpdate of the subresources whose strategy keeps the written metadata (namespaces' status and
   * finalize); writes to any other status subresource take the status alone (ResetObjectMetaForStatus).
   */
  subresourceUpdates?: Record<string, (obj: KubeObject, old: KubeObject) => void>;
  /** DELETE answers the object (pods) instead of a Success Status. */
  deleteReturnsObject?: boolean;
  /** PUT of a missing object creates it (AllowCreateOnUpdate). */
  allowCreateOnUpdate?: boolean;
  /** Accepted PATCH Content-Types when not all four (custom resources: no strategic merge). */
  patchTypes?: string[];
  /** Create-only review types (SelfSubjectAccessReview, TokenReview): POST answers this, nothing is stored. */
  review?(body: KubeObject, user: User, manager: string, tokens: Tokens): KubeObject;
  /**
   * OpenAPI v2 definitions of the kind and its list, with x-kubernetes-group-version-kind: custom resources, and
   * types the recorded definitions lack (aggregated APIs).
   */
  definitions?: Record<string, Record<string, unknown>>;
  /** Custom resources: held as unstructured JSON, whose objects Go marshals with their keys sorted. */
  unstructured?: boolean;
  /**
   * The Kubernetes minor version that introduced a type 1.20.2 does not serve (SelfSubjectReview: '1.28'), or the
   * server of an aggregated API: the 1.20.2 recordings (the SPA's tests, the RBAC comparisons) lack it.
   */
  beyondRecorded?: string;
  /**
   * Served through an APIService by another server (metrics-server), not by kube-apiserver itself: aggregated
   * discovery marks its group-version Stale while that server's discovery fails.
   */
  aggregatedApi?: true;
  /**
   * A collection of its own for a version whose objects need converting (autoscaling/v1 HorizontalPodAutoscalers):
   * a mirror keeps it in step with the group-resource's storage, as events-mirror does for the two Event APIs.
   */
  storage?: string;
  /** Read-only types computed from stored objects on every get/list (metrics.k8s.io); `objects` lists a storage key. */
  computed?(objects: (storageKey: string) => KubeObject[]): KubeObject[];
}

/** The API version string of a type: "v1" or "apps/v1". */
export function apiVersionOf(t: Pick<ResourceType, 'group' | 'version'>): string {
  return t.group === '' ? t.version : `${t.group}/${t.version}`;
}

/** Registry key, unique per group-version-resource. */
export function gvrKey(group: string, version: string, resource: string): string {
  return `${group}/${version}/${resource}`;
}

/** Storage key: one store collection per group-resource (all versions share storage), unless the type has its own. */
export function storageKey(t: Pick<ResourceType, 'group' | 'resource'> & { storage?: string }): string {
  return t.storage ?? `${t.group}/${t.resource}`;
}

/** Holds resource types and answers lookups by group, version and resource. */
export class Registry {
  private readonly byGvr = new Map<string, ResourceType>();
  private readonly ordered: ResourceType[] = [];
  /** Group names in the order /apis lists them. */
  private readonly groupOrder: string[] = [];
  /** Versions per group, preferred first. */
  private readonly versions = new Map<string, string[]>();
  /** Bumped on every add/remove, so caches (OpenAPI) know to rebuild. */
  generation = 0;

  /** Adds a type; groups and versions appear in discovery in insertion order. */
  add(t: ResourceType): this {
    this.byGvr.set(gvrKey(t.group, t.version, t.resource), t);
    this.ordered.push(t);
    if (!this.versions.has(t.group)) {
      this.versions.set(t.group, []);
      if (t.group !== '') this.groupOrder.push(t.group);
    }
    const vs = this.versions.get(t.group);
    if (vs && !vs.includes(t.version)) vs.push(t.version);
    this.generation++;
    return this;
  }

  /** Removes a type; its version and group leave discovery when nothing else serves them. */
  remove(group: string, version: string, resource: string): void {
    const t = this.byGvr.get(gvrKey(group, version, resource));
    if (!t) return;
    this.byGvr.delete(gvrKey(group, version, resource));
    this.ordered.splice(this.ordered.indexOf(t), 1);
    const left = (this.versions.get(group) ?? []).filter((v) => this.ordered.some((o) => o.group === group && o.version === v));
    if (left.length > 0) this.versions.set(group, left);
    else {
      this.versions.delete(group);
      const i = this.groupOrder.indexOf(group);
      if (i >= 0) this.groupOrder.splice(i, 1);
    }
    this.generation++;
  }

  get(group: string, version: string, resource: string): ResourceType | undefined {
    return this.byGvr.get(gvrKey(group, version, resource));
  }

  /** Types served in one group-version, in registration order. */
  inGroupVersion(group: string, version: string): ResourceType[] {
    return this.ordered.filter((t) => t.group === group && t.version === version);
  }

  hasGroupVersion(group: string, version: string): boolean {
    return this.versions.get(group)?.includes(version) ?? false;
  }

  /** Named groups (not core) in discovery order. */
  groups(): string[] {
    return [...this.groupOrder];
  }

  /** Versions of a group, preferred first. */
  groupVersions(group: string): string[] {
    return [...(this.versions.get(group) ?? [])];
  }

  all(): ResourceType[] {
    return [...this.ordered];
  }
}
