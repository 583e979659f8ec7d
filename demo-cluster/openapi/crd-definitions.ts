// OpenAPI v2 definitions of a custom resource version, built from spec.versions[].schema.openAPIV3Schema
// as the apiextensions-apiserver publishes them (com.example.fx.v1.Widget and ...WidgetList).
import type { JsonObject } from '../resources/types.js';
import { setField } from '../resources/own-fields.js';
import { isPlainObject } from '../resources/types.js';

const API_VERSION_DOC =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources';
const KIND_DOC =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';

/** The definition name of a custom kind: the group reversed, then version and kind. */
export function definitionName(group: string, version: string, kind: string): string {
  return [...group.split('.').reverse(), version, kind].join('.');
}

/** Drops what OpenAPI v2 cannot express (nullable) recursively, keeping key order sorted like Go maps. */
function toV2(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toV2);
  if (!isPlainObject(schema)) return schema;
  const out: JsonObject = {};
  for (const key of Object.keys(schema).sort()) {
    if (key === 'nullable') continue;
    setField(out, key, toV2(schema[key]));
  }
  return out;
}

/** The kind and list definitions of one served CRD version. */
export function customResourceDefinitions(group: string, version: string, kind: string, plural: string, schema: unknown): Record<string, JsonObject> {
  const name = definitionName(group, version, kind);
  const base = isPlainObject(schema) ? (toV2(schema) as JsonObject) : { type: 'object' };
  const props = isPlainObject(base.properties) ? base.properties : {};
  const properties: JsonObject = {
    apiVersion: { description: API_VERSION_DOC, type: 'string' },
    kind: { description: KIND_DOC, type: 'string' },
    metadata: {
      description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
      $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
    },
    ...Object.fromEntries(Object.entries(props).filter(([k]) => !['apiVersion', 'kind', 'metadata'].includes(k))),
  };
  const item: JsonObject = { ...base, properties, 'x-kubernetes-group-version-kind': [{ group, kind, version }] };
  const list: JsonObject = {
    description: `${kind}List is a list of ${kind}`,
    required: ['items'],
    properties: {
      apiVersion: { description: API_VERSION_DOC, type: 'string' },
      items: {
        description: `List of ${plural}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`,
        type: 'array',
        items: { $ref: `#/definitions/${name}` },
      },
      kind: { description: KIND_DOC, type: 'string' },
      metadata: {
        description: 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
        $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta',
      },
    },
    'x-kubernetes-group-version-kind': [{ group, kind: `${kind}List`, version }],
  };
  return { [name]: item, [`${name}List`]: list };
}
