// Decoding a POST/PUT body into the Go types: a value of the wrong JSON type (`replicas: "3"`, an env
// `value: 8080`) fails the whole request with 400 BadRequest, whatever fieldValidation says, as the
// apiserver's json-iterator decoder does. The message keeps the apiserver's prefix and its chain of
// Go struct fields (`v1.Deployment.Spec: v1.DeploymentSpec.Replicas: readUint32: ...`); json-iterator's
// byte-offset context ("error found in #10 byte of ...") is left out.
import { badRequest } from '../http/errors.js';
import { DEFINITIONS } from '../openapi/definitions.js';
import { definitionNameOf, refName } from '../openapi/schema.js';
import type { RawSchema } from '../openapi/schema.js';
import type { ResourceType } from '../resources/registry.js';
import { field } from '../resources/own-fields.js';
import { isPlainObject } from '../resources/types.js';

const REF = '#/definitions/';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
/** resource.Quantity's parse expression, quoted as its error quotes it. */
const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const QUANTITY_ERROR = "unmarshalerDecoder: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** `io.k8s.api.apps.v1.DeploymentSpec` -> `v1.DeploymentSpec` (Go package name + type). */
function goTypeName(definition: string): string {
  const parts = definition.split('.');
  return parts.slice(-2).join('.');
}

/** The Go field name of a JSON field: capitalised (Go exports it); metadata is the embedded ObjectMeta. */
const goField = (json: string): string => (json === 'metadata' ? 'ObjectMeta' : json.charAt(0).toUpperCase() + json.slice(1));

/** First character json-iterator looks at for a value. */
function firstChar(value: unknown): string {
  return JSON.stringify(value).charAt(0);
}

/** The json-iterator reason `value` cannot decode into `schema`, with the Go field chain before it; undefined when it decodes. */
function mismatch(value: unknown, schema: RawSchema, goType: string | undefined): string | undefined {
  if (value === null) return undefined;
  const name = refName(schema);
  if (name !== undefined) {
    if (name === INT_OR_STRING) return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)) ? undefined : `unmarshalerDecoder: json: cannot unmarshal ${goJsonKind(value)} into Go value of type int32`;
    if (name === QUANTITY) {
      if (typeof value === 'number') return undefined;
      return typeof value === 'string' && QUANTITY_RE.test(value.trim()) ? undefined : QUANTITY_ERROR;
    }
    const target = field<RawSchema>(DEFINITIONS, name);
    return target ? mismatch(value, target, goTypeName(name)) : undefined;
  }
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) return undefined;
  switch (schema.type) {
    case 'integer': {
      const bits = schema.format === 'int64' ? '64' : '32';
      if (typeof value === 'number') return Number.isInteger(value) ? undefined : 'assertInteger: can not decode float as int';
      return `readUint${bits}: unexpected character: \ufffd`;
    }
    case 'number':
      return typeof value === 'number' ? undefined : `readNumberAsString: invalid number, found ${firstChar(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `ReadBool: expect t or f, but found ${firstChar(value)}`;
    case 'string':
      return typeof value === 'string' ? undefined : `ReadString: expects " or n, but found ${firstChar(value)}`;
    case 'array': {
      const items = isPlainObject(schema.items) ? schema.items : {};
      const itemName = refName(items);
      const sliceType = `[]${itemName !== undefined ? goTypeName(itemName) : String(items.type ?? 'interface {}')}`;
      if (!Array.isArray(value)) return `${sliceType}: decode slice: expect [ or n, but found ${firstChar(value)}`;
      for (const item of value) {
        const inner = mismatch(item, items, undefined);
        if (inner !== undefined) return `${sliceType}: ${inner}`;
      }
      return undefined;
    }
    case 'object':
    case undefined: {
      const props = isPlainObject(schema.properties) ? schema.properties : undefined;
      const additional = isPlainObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
      if (!props && !additional) return undefined;
      if (!isPlainObject(value)) return props ? `readObjectStart: expect { or n, but found ${firstChar(value)}` : `ReadMapCB: expect { or n, but found ${firstChar(value)}`;
      for (const [k, v] of Object.entries(value)) {
        const sub = props?.[k] ?? additional;
        if (!isPlainObject(sub)) continue;
        const inner = mismatch(v, sub, undefined);
        if (inner !== undefined) return props && props[k] !== undefined && goType !== undefined ? `${goType}.${goField(k)}: ${inner}` : inner;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function goJsonKind(value: unknown): string {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  return 'object';
}

/** 400 `Deployment in version "v1" cannot be handled as a Deployment: ...` when a body field has the wrong JSON type. */
export function checkBodyTypes(t: ResourceType, body: unknown): void {
  const name = definitionNameOf(DEFINITIONS, t);
  // A body of another kind fails on its kind first (checkTypeMeta).
  if (name === undefined || !isPlainObject(body) || (body.kind !== undefined && body.kind !== '' && body.kind !== t.kind)) return;
  const reason = mismatch(body, { $ref: `${REF}${name}` }, undefined);
  if (reason !== undefined) throw badRequest(`${t.kind} in version ${JSON.stringify(t.version)} cannot be handled as a ${t.kind}: ${reason}`);
}
