// Encodes built-in objects (their JSON form) as Kubernetes protobuf (application/vnd.kubernetes.protobuf):
// "k8s\0" + runtime.Unknown{typeMeta, raw}, raw the typed message, as kube-apiserver answers Go clients.
// Fields are written in field-number order; fields absent from the JSON are left out (zero in Go).
import { MessageWriter, lengthPrefixed } from './wire.js';
import { MAGIC, META, PROTO_ITEM_WRAPPERS, PROTO_SCHEMA, SPECIAL, messageTypeOf, parseGoDuration, parseRfc3339 } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's sort.Strings order of map keys (byte order of UTF-8). */
function goSorted(keys: string[]): string[] {
  return keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

function writeScalar(w: MessageWriter, num: number, type: string, value: unknown): void {
  switch (type) {
    case 'string':
      w.bytes(num, typeof value === 'string' ? value : String(value));
      return;
    case 'bytes':
      w.bytes(num, Buffer.from(typeof value === 'string' ? value : '', 'base64'));
      return;
    case 'bool':
      w.varint(num, value === true);
      return;
    case 'double':
      w.double(num, Number(value));
      return;
    case 'float':
      w.float(num, Number(value));
      return;
    default:
      // int32, int64, uint32, uint64: JSON numbers are whole here.
      w.varint(num, BigInt(Math.trunc(Number(value))));
  }
}

const IS_SCALAR = /^(string|bytes|bool|int32|int64|uint32|uint64|double|float)$/;

/** One field value of a message type, by its JSON form. */
function writeValue(w: MessageWriter, num: number, type: string, value: unknown): void {
  if (IS_SCALAR.test(type)) writeScalar(w, num, type, value);
  else w.bytes(num, encodeMessage(type, value));
}

/** Encodes the JSON form of one message of `type` (fully qualified). */
export function encodeMessage(type: string, value: unknown): Buffer {
  const w = new MessageWriter();
  switch (type) {
    case SPECIAL.time:
    case SPECIAL.microTime: {
      const t = typeof value === 'string' ? parseRfc3339(value) : undefined;
      if (!t) return Buffer.alloc(0);
      // metav1.Time keeps whole seconds in protobuf as in JSON; MicroTime its microseconds.
      return w.varint(1, t.seconds).varint(2, type === SPECIAL.microTime ? Math.floor(t.nanos / 1000) * 1000 : 0).finish();
    }
    case SPECIAL.duration:
      return w.varint(1, typeof value === 'string' ? (parseGoDuration(value) ?? 0n) : 0n).finish();
    case SPECIAL.intOrString:
      return typeof value === 'string' ? w.varint(1, 1).varint(2, 0).bytes(3, value).finish() : w.varint(1, 0).varint(2, Number(value)).bytes(3, '').finish();
    case SPECIAL.quantity:
      return w.bytes(1, String(value)).finish();
    case SPECIAL.rawExtension:
    case SPECIAL.fieldsV1:
    case SPECIAL.json:
      return w.bytes(1, JSON.stringify(value)).finish();
    case SPECIAL.propsOrArray: {
      const schemaType = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';
      if (Array.isArray(value)) for (const s of value) w.bytes(2, encodeMessage(schemaType, s));
      else w.bytes(1, encodeMessage(schemaType, value));
      return w.finish();
    }
    case SPECIAL.propsOrBool: {
      const schemaType = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';
      if (typeof value === 'boolean') return w.varint(1, value).finish();
      return w.varint(1, true).bytes(2, encodeMessage(schemaType, value)).finish();
    }
    case SPECIAL.propsOrStringArray: {
      const schemaType = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';
      if (Array.isArray(value)) for (const s of value) w.bytes(2, String(s));
      else w.bytes(1, encodeMessage(schemaType, value));
      return w.finish();
    }
    default:
  }
  if (PROTO_ITEM_WRAPPERS.has(type)) {
    for (const item of Array.isArray(value) ? value : []) w.bytes(1, String(item));
    return w.finish();
  }
  const fields = PROTO_SCHEMA[type];
  if (!fields || !isObject(value)) return w.finish();
  for (const [num, name, ftype, flags] of fields) {
    if (flags & 2) {
      // An embedded Go struct whose fields the JSON form holds inline.
      w.bytes(num, encodeMessage(ftype, value));
      continue;
    }
    const v = value[name];
    if (v === undefined || v === null) continue;
    if (ftype.startsWith('map<')) {
      const [, keyType = 'string', valueType = 'string'] = /map<(\w+),([\w.]+)>/.exec(ftype) ?? [];
      if (!isObject(v)) continue;
      for (const key of goSorted(Object.keys(v))) {
        const entry = new MessageWriter();
        if (keyType === 'string') entry.bytes(1, key);
        else entry.varint(1, BigInt(key));
        const item = v[key];
        if (item !== null && item !== undefined) writeValue(entry, 2, valueType, item);
        w.message(num, entry);
      }
      continue;
    }
    if (flags & 1) {
      for (const item of Array.isArray(v) ? v : []) if (item !== null && item !== undefined) writeValue(w, num, ftype, item);
      continue;
    }
    writeValue(w, num, ftype, v);
  }
  return w.finish();
}

/** The runtime.Unknown envelope of a typed message, with the magic prefix. */
function envelope(apiVersion: string, kind: string, raw: Buffer): Buffer {
  const typeMeta = new MessageWriter().bytes(1, apiVersion).bytes(2, kind);
  return Buffer.concat([MAGIC, new MessageWriter().message(1, typeMeta).bytes(2, raw).bytes(3, '').bytes(4, '').finish()]);
}

/** Whether an object of this apiVersion and kind has a protobuf form. */
export function hasProtobuf(apiVersion: string, kind: string): boolean {
  return messageTypeOf(apiVersion, kind) !== undefined;
}

/** Encodes a whole object (kind and apiVersion set) as a protobuf response body. */
export function encodeKubernetesProtobuf(obj: Json): Buffer {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  const type = messageTypeOf(apiVersion, kind);
  if (type === undefined) throw new Error(`no protobuf message for ${apiVersion} ${kind}`);
  return envelope(apiVersion, kind, encodeMessage(type, obj));
}

/**
 * One frame of a protobuf watch stream: a metav1.WatchEvent{type, object: RawExtension{the object's envelope}},
 * its length before it.
 */
export function encodeWatchEvent(type: string, object: Json): Buffer {
  const event = new MessageWriter().bytes(1, type).message(2, new MessageWriter().bytes(1, encodeKubernetesProtobuf(object)));
  return lengthPrefixed(event.finish());
}

/** The type of watch events in protobuf (for tests and the decoder). */
export const WATCH_EVENT_TYPE = `${META}.WatchEvent`;
