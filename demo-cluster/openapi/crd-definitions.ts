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

/** ToStructuralOpenAPIV2 below the root: what kubectl's v2 validation would misread goes. */
function structuralV2(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structuralV2);
  if (!isPlainObject(schema)) return schema;
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  const drop = new Set(['allOf', 'oneOf', 'anyOf', 'not']);
  if (preserve) drop.add('properties').add('items');
  if ((preserve && schema.type === 'object') || (schema.type === 'array' && (schema.items === undefined || preserve))) drop.add('type');
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) {
    if (drop.has(key)) continue;
    const value = schema[key];
    setField(out, key, key === 'properties' && isPlainObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuralV2(v)])) : structuralV2(value));
  }
  return out;
}

/**
 * A custom resource's definition as /openapi/v2 publishes it (buildKubeNative with V2): one that preserves unknown
 * fields at its root is a plain object (kubectl would refuse every field the properties do not list), any other is
 * converted by ToStructuralOpenAPIV2. Validation, pruning and /openapi/v3 keep the full schema.
 */
export function publishedV2Definition(definition: JsonObject): JsonObject {
  const gvk = definition['x-kubernetes-group-version-kind'];
  if (definition['x-kubernetes-preserve-unknown-fields'] === true) return { type: 'object', 'x-kubernetes-group-version-kind': gvk };
  return structuralV2(definition) as JsonObject;
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
    type: 'object',
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
