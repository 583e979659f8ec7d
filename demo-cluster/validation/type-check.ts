// Decoding a POST/PUT body into the Go types: a value of the wrong JSON type (`replicas: "3"`, an env
// `value: 8080`) fails the whole request with 400 BadRequest, whatever fieldValidation says. In 1.37
// the apiserver decodes with sigs.k8s.io/json (encoding/json's rules), so the message is an
// UnmarshalTypeError: `json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of
// type int32` (the struct holding the field, the path of JSON keys from the root without list indices or
// map keys, the Go type). Decoding goes on after such an error and the first one in document order is
// reported; errors of custom decoders (Quantity, base64 bytes) come without that context.
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
const MICRO_TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime';
/** resource.Quantity's parse expression, quoted as its error quotes it. */
const QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const QUANTITY_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const INT_RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Where a value sits: the Go struct whose field holds it and the JSON keys from the root. */
interface Place {
  struct: string;
  path: string[];
}

/** `io.k8s.api.apps.v1.DeploymentSpec` -> `v1.DeploymentSpec` (what reflect.Type.String() prints). */
function goTypeName(definition: string): string {
  return definition.split('.').slice(-2).join('.');
}

/** The Go type a schema decodes into, as an UnmarshalTypeError names it. */
function goType(schema: RawSchema): string {
  const name = refName(schema);
  if (name === INT_OR_STRING) return 'int32';
  if (name !== undefined) {
    const target = field<RawSchema>(DEFINITIONS, name);
    return target && target.type !== 'object' && target.type !== undefined ? goType(target) : goTypeName(name);
  }
  switch (schema.type) {
    case 'integer':
      return schema.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return schema.format === 'float' ? 'float32' : 'float64';
    case 'boolean':
      return 'bool';
    case 'string':
      return schema.format === 'byte' ? '[]uint8' : 'string';
    case 'array':
      return `[]${goType(isPlainObject(schema.items) ? schema.items : {})}`;
    default:
      return isPlainObject(schema.additionalProperties) ? `map[string]${goType(schema.additionalProperties)}` : 'interface {}';
  }
}

/**
 * metav1.MicroTime parses RFC3339Micro: six fraction digits, no fewer (Go's time.Parse error, which names what
 * is left of the value where the layout wants the fraction).
 */
function microTimeMismatch(value: string): string | undefined {
  const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(.*)$/.exec(value);
  if (!m || /^\.\d{6}(Z|[+-]\d{2}:\d{2})$/.test(m[1] ?? '')) return undefined;
  return `parsing time ${JSON.stringify(value)} as "2006-01-02T15:04:05.000000Z07:00": cannot parse ${JSON.stringify(m[1] ?? '')} as ".000000"`;
}

/** UnmarshalTypeError.Value: the JSON kind, with the literal for a number that does not fit an integer. */
function jsonKind(value: unknown, withLiteral: boolean): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return withLiteral ? `number ${String(value)}` : 'number';
  if (typeof value === 'boolean') return 'bool';
  return Array.isArray(value) ? 'array' : 'object';
}

function typeError(value: unknown, schema: RawSchema, at: Place, withLiteral = false): string {
  return `json: cannot unmarshal ${jsonKind(value, withLiteral)} into Go struct field ${at.struct}.${at.path.join('.')} of type ${goType(schema)}`;
}

function fitsInteger(value: number, type: string): boolean {
  const [min, max] = INT_RANGES[type] ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The first decoding error of `value` into `schema`, undefined when it decodes. */
function mismatch(value: unknown, schema: RawSchema, at: Place): string | undefined {
  if (value === null) return undefined;
  const name = refName(schema);
  if (name === INT_OR_STRING) {
    if (typeof value === 'string' || (typeof value === 'number' && fitsInteger(value, 'int32'))) return undefined;
    return typeError(value, schema, at, typeof value === 'number');
  }
  if (name === QUANTITY) return typeof value === 'number' || (typeof value === 'string' && QUANTITY_RE.test(value.trim())) ? undefined : QUANTITY_ERROR;
  if (name === MICRO_TIME && typeof value === 'string') return microTimeMismatch(value);
  if (name !== undefined) {
    const target = field<RawSchema>(DEFINITIONS, name);
    if (!target) return undefined;
    if (target.type !== 'object' && target.type !== undefined) return mismatch(value, target, at);
    return objectMismatch(value, target, schema, at, name.split('.').pop() ?? name);
  }
  if (schema['x-kubernetes-preserve-unknown-fields'] === true) return undefined;
  switch (schema.type) {
    case 'integer':
      if (typeof value !== 'number') return typeError(value, schema, at);
      return fitsInteger(value, goType(schema)) ? undefined : typeError(value, schema, at, true);
    case 'number':
      return typeof value === 'number' ? undefined : typeError(value, schema, at);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : typeError(value, schema, at);
    case 'string':
      if (typeof value !== 'string') return typeError(value, schema, at);
      return schema.format === 'byte' ? base64Mismatch(value) : undefined;
    case 'array': {
      if (!Array.isArray(value)) return typeError(value, schema, at);
      const items = isPlainObject(schema.items) ? schema.items : {};
      for (const item of value) {
        const inner = mismatch(item, items, at);
        if (inner !== undefined) return inner;
      }
      return undefined;
    }
    default:
      return objectMismatch(value, schema, schema, at, undefined);
  }
}

/** A struct (properties: its fields, named by `struct`) or a map (additionalProperties: its values). */
function objectMismatch(value: unknown, schema: RawSchema, declared: RawSchema, at: Place, struct: string | undefined): string | undefined {
  const props = isPlainObject(schema.properties) ? schema.properties : undefined;
  const additional = isPlainObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  if (!props && !additional) return undefined;
  if (!isPlainObject(value)) return typeError(value, declared, at);
  for (const [k, v] of Object.entries(value)) {
    const prop = props?.[k];
    const sub = isPlainObject(prop) ? prop : additional;
    if (!sub) continue;
    const inner = mismatch(v, sub, isPlainObject(prop) && struct !== undefined ? { struct, path: [...at.path, k] } : at);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** base64.StdEncoding's error for a character outside its alphabet (the input byte offset). */
function base64Mismatch(value: string): string | undefined {
  if (BASE64.test(value)) return undefined;
  const bad = [...value].findIndex((c) => !/[A-Za-z0-9+/=]/.test(c));
  return `illegal base64 data at input byte ${Math.max(bad, 0)}`;
}

/** 400 `Deployment in version "v1" cannot be handled as a Deployment: json: ...` when a body field has the wrong JSON type. */
export function checkBodyTypes(t: ResourceType, body: unknown): void {
  const name = definitionNameOf(DEFINITIONS, t);
  // A body of another kind fails on its kind first (checkTypeMeta).
  if (name === undefined || !isPlainObject(body) || (body.kind !== undefined && body.kind !== '' && body.kind !== t.kind)) return;
  const reason = mismatch(body, { $ref: `${REF}${name}` }, { struct: '', path: [] });
  if (reason !== undefined) throw badRequest(`${t.kind} in version ${JSON.stringify(t.version)} cannot be handled as a ${t.kind}: ${reason}`);
}
