// Discovery model shared by the legacy and aggregated parsers and the resource index.

/** The fetch the discovery code calls; the app passes one that prefixes `/k8s/{context}`. */
export type DiscoveryFetch = (path: string, init: { headers: Record<string, string> }) => Promise<Response>;

/** A subresource (`pods/status`, `deployments/scale`) folded into its parent resource. */
export interface ApiSubresource {
  /** The part after the slash: `status`, `scale`, `exec`. */
  name: string;
  kind: string;
  /** Group of the kind it accepts/returns (`autoscaling` for `deployments/scale`). */
  group: string;
  version: string;
  verbs: string[];
}

/** One resource in one group-version, as discovery described it. */
export interface ApiResource {
  /** "" for the core group. */
  group: string;
  version: string;
  /** Plural name used in URLs: `pods`, `deployments`. */
  resource: string;
  kind: string;
  /** From discovery, else the lowercased kind (servers before ~1.27 send "" for built-ins, as kubectl's RESTMapper assumes). */
  singularName: string;
  namespaced: boolean;
  verbs: string[];
  shortNames: string[];
  categories: string[];
  subresources: ApiSubresource[];
  /** True for the version kubectl would pick for this group/resource (group's preferred version, else the first version serving it). */
  preferredVersion: boolean;
  /** `v1` for core, `apps/v1` otherwise. */
  groupVersion: string;
}

/** An API group and its versions, in the server's preference order. */
export interface ApiGroupInfo {
  /** "" for the core group. */
  name: string;
  preferredVersion: string;
  versions: string[];
}

/** What a failed request answered: the Status fields, derived from the HTTP code when the body was not a Status. */
export interface DiscoveryStatus {
  /** HTTP status; 0 when no response arrived. */
  code: number;
  reason: string;
  message: string;
}

/** A group-version whose resource list could not be fetched (legacy discovery only). */
export interface FailedGroupVersion {
  groupVersion: string;
  error: DiscoveryStatus;
}

/** ETags of the aggregated documents, for If-None-Match revalidation (null when the server sent none). */
export interface DiscoveryEtags {
  api: string | null;
  apis: string | null;
}

/** Everything discovery found: groups and resources in server order, core first. */
export interface DiscoveryResult {
  groups: ApiGroupInfo[];
  resources: ApiResource[];
  failedGroupVersions: FailedGroupVersion[];
  /** Group-versions aggregated discovery marked `freshness: Stale` (their resources may be outdated or missing). */
  staleGroupVersions: string[];
  /** 'aggregated' only when both /api and /apis answered APIGroupDiscoveryList. */
  source: 'aggregated' | 'legacy';
  etags: DiscoveryEtags;
}
