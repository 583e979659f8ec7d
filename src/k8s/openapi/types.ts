// What the patch builders and the three-way merge need to know about a field, derived from OpenAPI.

/** Patch metadata of one field (from the `x-kubernetes-*` extensions of the cluster's OpenAPI). */
export interface FieldSchema {
  /** JSON type of the field ('object' for maps and structs); undefined when the schema does not say. */
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  /** `x-kubernetes-patch-strategy` split on commas: [] | ['merge'] | ['retainKeys'] | ['merge', 'retainKeys']. */
  patchStrategy: string[];
  /** `x-kubernetes-patch-merge-key` of a list of objects (`name` for containers, `containerPort` for ports). */
  patchMergeKey?: string;
  /** `x-kubernetes-list-type` (atomic | set | map), the structured-merge-diff list semantics (CRDs, v3). */
  listType?: string;
  /** `x-kubernetes-list-map-keys` of a `map` list. */
  listMapKeys?: string[];
  /** Type of the list's items (for lists only). */
  itemType?: FieldSchema['type'];
}

/**
 * Field schema by path of property names from the object root; list items are crossed without a segment
 * (a container's env is `['spec', 'template', 'spec', 'containers', 'env']`), map values by their key.
 */
export interface SchemaLookup {
  (path: readonly string[]): FieldSchema | undefined;
  /** True for built-in kinds (definitions under `io.k8s.`): only those accept strategic merge patch. */
  readonly builtIn: boolean;
}

/** A lookup that knows nothing (every list atomic); `builtIn` says whether strategic merge would be accepted. */
export function emptySchemaLookup(builtIn = false): SchemaLookup {
  return Object.assign((_path: readonly string[]): FieldSchema | undefined => undefined, { builtIn });
}
