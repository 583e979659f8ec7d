// CustomResourceDefinition manifests for tests: one served and stored version v1.
import type { Json } from './http.js';

export interface CrdManifest {
  group: string;
  /** spec.names (kind and plural at least); metadata.name is plural.group. */
  names: Json;
  scope?: 'Namespaced' | 'Cluster';
  /** More of the v1 version: schema, additionalPrinterColumns, subresources. */
  version?: Json;
}

// A type alias, not an interface: it must fit KubeObject's index signature.
export type CrdObject = { apiVersion: string; kind: string; metadata: { name: string }; spec: Json };

/** An apiextensions.k8s.io/v1 CustomResourceDefinition. */
export function crdManifest({ group, names, scope = 'Namespaced', version = {} }: CrdManifest): CrdObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${String(names.plural)}.${group}` },
    spec: { group, names, scope, versions: [{ name: 'v1', served: true, storage: true, ...version }] },
  };
}
