// The OpenAPI v2 document in protobuf (application/com.github.proto-openapi.spec.v2.v1.0+protobuf): the
// gnostic openapi_v2.Document message (github.com/google/gnostic-models openapiv2/OpenAPIv2.proto) that
// kube-openapi's ToProtoBinary makes of the JSON document, which kubectl reads to validate and to patch.
// Values that are any JSON (defaults, enums, vendor extensions) are an Any holding their YAML, as gnostic
// writes them; field order follows the JSON, as gnostic's compiler does.
import { MessageWriter } from '../protobuf/wire.js';
import { yamlV3 } from './yaml-v3.js';

type Json = Record<string, unknown>;
type Field =
  | [number, 'string' | 'bool' | 'double' | 'int64' | 'strings' | 'any' | 'anys']
  | [number, 'message', (value: unknown) => Buffer]
  | [number, 'messages', (value: unknown) => Buffer];
type Spec = { fields: Record<string, Field>; vendorExtension?: number };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** gnostic's Any: the value as YAML (yaml.v3 Marshal of the node). */
function any(value: unknown): Buffer {
  return new MessageWriter().bytes(2, yamlV3(value)).finish();
}

function namedAny(name: string, value: unknown): Buffer {
  return new MessageWriter().bytes(1, name).bytes(2, any(value)).finish();
}

/** Encodes an object by a spec: known keys as their fields, `x-` keys as vendor extensions, in the JSON's order. */
function encode(spec: Spec, value: unknown): Buffer {
  const w = new MessageWriter();
  if (!isObject(value)) return w.finish();
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    if (key.startsWith('x-')) {
      if (spec.vendorExtension !== undefined) w.bytes(spec.vendorExtension, namedAny(key, v));
      continue;
    }
    const field = spec.fields[key];
    if (!field) continue;
    const [num, kind] = field;
    switch (kind) {
      case 'string':
        if (v !== '') w.bytes(num, String(v));
        break;
      case 'bool':
        if (v === true) w.varint(num, true);
        break;
      case 'double':
        if (Number(v) !== 0) w.double(num, Number(v));
        break;
      case 'int64':
        if (Number(v) !== 0) w.varint(num, BigInt(Math.trunc(Number(v))));
        break;
      case 'strings':
        for (const s of Array.isArray(v) ? v : [v]) w.bytes(num, String(s));
        break;
      case 'any':
        w.bytes(num, any(v));
        break;
      case 'anys':
        for (const item of Array.isArray(v) ? v : []) w.bytes(num, any(item));
        break;
      case 'message':
        w.bytes(num, field[2](v));
        break;
      case 'messages':
        for (const item of Array.isArray(v) ? v : []) w.bytes(num, field[2](item));
        break;
    }
  }
  return w.finish();
}

/** A map of names to values as gnostic's repeated Named* pairs (name = 1, value = 2). */
function named(value: unknown, encodeValue: (v: unknown) => Buffer, field = 1): Buffer {
  const w = new MessageWriter();
  if (!isObject(value)) return w.finish();
  for (const [name, v] of Object.entries(value)) w.bytes(field, new MessageWriter().bytes(1, name).bytes(2, encodeValue(v)).finish());
  return w.finish();
}

const externalDocs = (v: unknown): Buffer => encode({ fields: { description: [1, 'string'], url: [2, 'string'] }, vendorExtension: 3 }, v);
const xml = (v: unknown): Buffer =>
  encode({ fields: { name: [1, 'string'], namespace: [2, 'string'], prefix: [3, 'string'], attribute: [4, 'bool'], wrapped: [5, 'bool'] }, vendorExtension: 6 }, v);

/** JSON Schema fields shared by Schema and the non-body parameters (with their own numbers). */
const VALIDATIONS = ['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf'] as const;
const VALIDATION_KINDS: Record<(typeof VALIDATIONS)[number], 'double' | 'bool' | 'int64' | 'string' | 'anys'> = {
  maximum: 'double',
  exclusiveMaximum: 'bool',
  minimum: 'double',
  exclusiveMinimum: 'bool',
  maxLength: 'int64',
  minLength: 'int64',
  pattern: 'string',
  maxItems: 'int64',
  minItems: 'int64',
  uniqueItems: 'bool',
  enum: 'anys',
  multipleOf: 'double',
};

/** Fields numbered from `first` in VALIDATIONS order. */
function validations(first: number): Record<string, Field> {
  return Object.fromEntries(VALIDATIONS.map((name, i) => [name, [first + i, VALIDATION_KINDS[name]] as Field]));
}

function schema(v: unknown): Buffer {
  return encode(
    {
      fields: {
        $ref: [1, 'string'],
        format: [2, 'string'],
        title: [3, 'string'],
        description: [4, 'string'],
        default: [5, 'any'],
        multipleOf: [6, 'double'],
        maximum: [7, 'double'],
        exclusiveMaximum: [8, 'bool'],
        minimum: [9, 'double'],
        exclusiveMinimum: [10, 'bool'],
        maxLength: [11, 'int64'],
        minLength: [12, 'int64'],
        pattern: [13, 'string'],
        maxItems: [14, 'int64'],
        minItems: [15, 'int64'],
        uniqueItems: [16, 'bool'],
        maxProperties: [17, 'int64'],
        minProperties: [18, 'int64'],
        required: [19, 'strings'],
        enum: [20, 'anys'],
        additionalProperties: [21, 'message', (a) => (typeof a === 'boolean' ? new MessageWriter().varint(2, a).finish() : new MessageWriter().bytes(1, schema(a)).finish())],
        type: [22, 'message', (t) => {
          const w = new MessageWriter();
          for (const name of Array.isArray(t) ? t : [t]) w.bytes(1, String(name));
          return w.finish();
        }],
        items: [23, 'message', (i) => {
          const w = new MessageWriter();
          for (const s of Array.isArray(i) ? i : [i]) w.bytes(1, schema(s));
          return w.finish();
        }],
        allOf: [24, 'messages', schema],
        properties: [25, 'message', (p) => named(p, schema)],
        discriminator: [26, 'string'],
        readOnly: [27, 'bool'],
        xml: [28, 'message', xml],
        externalDocs: [29, 'message', externalDocs],
        example: [30, 'any'],
      },
      vendorExtension: 31,
    },
    v,
  );
}

function primitivesItems(v: unknown): Buffer {
  return encode(
    { fields: { type: [1, 'string'], format: [2, 'string'], items: [3, 'message', primitivesItems], collectionFormat: [4, 'string'], default: [5, 'any'], ...validations(6) }, vendorExtension: 18 },
    v,
  );
}

/** Non-body parameters: header and path share a layout, query and formData another (allowEmptyValue). */
function nonBodyParameter(p: Json): Buffer {
  const withEmpty = p.in === 'query' || p.in === 'formData';
  const shift = withEmpty ? 1 : 0;
  const fields: Record<string, Field> = {
    required: [1, 'bool'],
    in: [2, 'string'],
    description: [3, 'string'],
    name: [4, 'string'],
    ...(withEmpty ? { allowEmptyValue: [5, 'bool'] as Field } : {}),
    type: [5 + shift, 'string'],
    format: [6 + shift, 'string'],
    items: [7 + shift, 'message', primitivesItems],
    collectionFormat: [8 + shift, 'string'],
    default: [9 + shift, 'any'],
    ...validations(10 + shift),
  };
  const sub = encode({ fields, vendorExtension: 22 + shift }, p);
  const which = { header: 1, formData: 2, query: 3, path: 4 }[String(p.in)] ?? 3;
  return new MessageWriter().bytes(which, sub).finish();
}

function parameter(p: unknown): Buffer {
  if (!isObject(p)) return Buffer.alloc(0);
  if (p.in === 'body') {
    const body = encode({ fields: { description: [1, 'string'], name: [2, 'string'], in: [3, 'string'], required: [4, 'bool'], schema: [5, 'message', schema] }, vendorExtension: 6 }, p);
    return new MessageWriter().bytes(1, body).finish();
  }
  return new MessageWriter().bytes(2, nonBodyParameter(p)).finish();
}

/** A ParametersItem: a parameter, or a JSON reference to one. */
function parametersItem(p: unknown): Buffer {
  if (isObject(p) && typeof p.$ref === 'string') return new MessageWriter().bytes(2, encode({ fields: { $ref: [1, 'string'], description: [2, 'string'] } }, p)).finish();
  return new MessageWriter().bytes(1, parameter(p)).finish();
}

function response(v: unknown): Buffer {
  return encode(
    {
      fields: {
        description: [1, 'string'],
        schema: [2, 'message', (s) => new MessageWriter().bytes(1, schema(s)).finish()],
        headers: [3, 'message', (h) => named(h, (x) => encode({ fields: { type: [1, 'string'], format: [2, 'string'], items: [3, 'message', primitivesItems], collectionFormat: [4, 'string'], default: [5, 'any'], ...validations(6), description: [18, 'string'] }, vendorExtension: 19 }, x))],
        examples: [4, 'message', (e) => named(e, any)],
      },
      vendorExtension: 5,
    },
    v,
  );
}

function responses(v: unknown): Buffer {
  const w = new MessageWriter();
  if (!isObject(v)) return w.finish();
  for (const [code, r] of Object.entries(v)) {
    if (code.startsWith('x-')) {
      w.bytes(2, namedAny(code, r));
      continue;
    }
    const value = isObject(r) && typeof r.$ref === 'string'
      ? new MessageWriter().bytes(2, encode({ fields: { $ref: [1, 'string'], description: [2, 'string'] } }, r)).finish()
      : new MessageWriter().bytes(1, response(r)).finish();
    w.bytes(1, new MessageWriter().bytes(1, code).bytes(2, value).finish());
  }
  return w.finish();
}

function securityRequirement(v: unknown): Buffer {
  return named(v, (scopes) => {
    const w = new MessageWriter();
    for (const s of Array.isArray(scopes) ? scopes : []) w.bytes(1, String(s));
    return w.finish();
  });
}

function operation(v: unknown): Buffer {
  return encode(
    {
      fields: {
        tags: [1, 'strings'],
        summary: [2, 'string'],
        description: [3, 'string'],
        externalDocs: [4, 'message', externalDocs],
        operationId: [5, 'string'],
        produces: [6, 'strings'],
        consumes: [7, 'strings'],
        parameters: [8, 'messages', parametersItem],
        responses: [9, 'message', responses],
        schemes: [10, 'strings'],
        deprecated: [11, 'bool'],
        security: [12, 'messages', securityRequirement],
      },
      vendorExtension: 13,
    },
    v,
  );
}

function pathItem(v: unknown): Buffer {
  return encode(
    {
      fields: {
        $ref: [1, 'string'],
        get: [2, 'message', operation],
        put: [3, 'message', operation],
        post: [4, 'message', operation],
        delete: [5, 'message', operation],
        options: [6, 'message', operation],
        head: [7, 'message', operation],
        patch: [8, 'message', operation],
        parameters: [9, 'messages', parametersItem],
      },
      vendorExtension: 10,
    },
    v,
  );
}

function paths(v: unknown): Buffer {
  const w = new MessageWriter();
  if (!isObject(v)) return w.finish();
  for (const [path, item] of Object.entries(v)) {
    if (path.startsWith('x-')) w.bytes(1, namedAny(path, item));
    else if (path.startsWith('/')) w.bytes(2, new MessageWriter().bytes(1, path).bytes(2, pathItem(item)).finish());
  }
  return w.finish();
}

/** A security definition by its type (and an oauth2 one by its flow). */
function securityDefinitionsItem(v: unknown): Buffer {
  if (!isObject(v)) return Buffer.alloc(0);
  if (v.type === 'basic') return new MessageWriter().bytes(1, encode({ fields: { type: [1, 'string'], description: [2, 'string'] }, vendorExtension: 3 }, v)).finish();
  if (v.type === 'apiKey') {
    return new MessageWriter().bytes(2, encode({ fields: { type: [1, 'string'], name: [2, 'string'], in: [3, 'string'], description: [4, 'string'] }, vendorExtension: 5 }, v)).finish();
  }
  const scopes = (s: unknown): Buffer => named(s, (x) => Buffer.from(String(x)));
  const flows: Record<string, [number, Spec]> = {
    implicit: [3, { fields: { type: [1, 'string'], flow: [2, 'string'], scopes: [3, 'message', scopes], authorizationUrl: [4, 'string'], description: [5, 'string'] }, vendorExtension: 6 }],
    password: [4, { fields: { type: [1, 'string'], flow: [2, 'string'], scopes: [3, 'message', scopes], tokenUrl: [4, 'string'], description: [5, 'string'] }, vendorExtension: 6 }],
    application: [5, { fields: { type: [1, 'string'], flow: [2, 'string'], scopes: [3, 'message', scopes], tokenUrl: [4, 'string'], description: [5, 'string'] }, vendorExtension: 6 }],
    accessCode: [6, { fields: { type: [1, 'string'], flow: [2, 'string'], scopes: [3, 'message', scopes], authorizationUrl: [4, 'string'], tokenUrl: [5, 'string'], description: [6, 'string'] }, vendorExtension: 7 }],
  };
  const flow = flows[String(v.flow)];
  return flow ? new MessageWriter().bytes(flow[0], encode(flow[1], v)).finish() : Buffer.alloc(0);
}

/** Encodes an OpenAPI v2 JSON document as gnostic's openapi_v2.Document. */
export function openApiV2Protobuf(doc: Json): Buffer {
  return encode(
    {
      fields: {
        swagger: [1, 'string'],
        info: [2, 'message', (i) => encode({ fields: { title: [1, 'string'], version: [2, 'string'], description: [3, 'string'], termsOfService: [4, 'string'] }, vendorExtension: 7 }, i)],
        host: [3, 'string'],
        basePath: [4, 'string'],
        schemes: [5, 'strings'],
        consumes: [6, 'strings'],
        produces: [7, 'strings'],
        paths: [8, 'message', paths],
        definitions: [9, 'message', (d) => named(d, schema)],
        parameters: [10, 'message', (p) => named(p, parameter)],
        responses: [11, 'message', (r) => named(r, response)],
        security: [12, 'messages', securityRequirement],
        securityDefinitions: [13, 'message', (s) => named(s, securityDefinitionsItem)],
        tags: [14, 'messages', (t) => encode({ fields: { name: [1, 'string'], description: [2, 'string'], externalDocs: [3, 'message', externalDocs] }, vendorExtension: 4 }, t)],
        externalDocs: [15, 'message', externalDocs],
      },
      vendorExtension: 16,
    },
    doc,
  );
}
