// Decodes Kubernetes protobuf request bodies (application/vnd.kubernetes.protobuf) into the JSON
// form: kubectl's typed clients (create configmap/namespace/secret/deployment, run, ...) send
// protobuf. Envelope: "k8s\0" + runtime.Unknown{typeMeta, raw}; raw is the typed message.
import { badRequest } from '../http/errors.js';
import { setField } from '../resources/own-fields.js';
import type { JsonObject } from '../resources/types.js';
import { MAGIC, PROTO_ITEM_WRAPPERS, PROTO_SCHEMA, SPECIAL, formatGoDuration, formatTime, messageTypeOf } from './types.js';

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  get done(): boolean {
    return this.pos >= this.buf.length;
  }
  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.buf[this.pos++];
      if (b === undefined) throw badRequest('protobuf: unexpected end of data');
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
    }
  }
  bytes(): Buffer {
    const n = Number(this.varint());
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.bytes();
    else if (wire === 5) this.pos += 4;
    else throw badRequest(`protobuf: unsupported wire type ${wire}`);
  }
}

function scalar(type: string, wire: number, r: Reader): unknown {
  switch (type) {
    case 'string':
      return r.bytes().toString('utf8');
    case 'bytes':
      return r.bytes().toString('base64');
    case 'bool':
      return r.varint() !== 0n;
    case 'int32':
    case 'int64':
      return Number(BigInt.asIntN(64, r.varint()));
    case 'uint32':
    case 'uint64':
      return Number(r.varint());
    case 'double': {
      const v = r.buf.readDoubleLE(r.pos);
      r.pos += 8;
      return v;
    }
    case 'float': {
      const v = r.buf.readFloatLE(r.pos);
      r.pos += 4;
      return v;
    }
    default:
      r.skip(wire);
      return undefined;
  }
}

const IS_SCALAR = /^(string|bytes|bool|int32|int64|uint32|uint64|double|float)$/;

const PROPS = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';

/** Fields of a message by number: [number, wire type, the reader at the value]. */
function eachField(raw: Buffer, fn: (num: number, wire: number, r: Reader) => void): void {
  const r = new Reader(raw);
  while (!r.done) {
    const tag = Number(r.varint());
    fn(tag >> 3, tag & 7, r);
  }
}

/** Messages whose JSON form is not an object of their fields (times, quantities, raw JSON, unions). */
function special(type: string, raw: Buffer): { value: unknown } | undefined {
  switch (type) {
    case SPECIAL.time:
    case SPECIAL.microTime: {
      let seconds = 0;
      let nanos = 0;
      eachField(raw, (num, wire, r) => {
        if (num === 1 && wire === 0) seconds = Number(BigInt.asIntN(64, r.varint()));
        else if (num === 2 && wire === 0) nanos = Number(BigInt.asIntN(32, r.varint()));
        else r.skip(wire);
      });
      if (seconds === 0 && nanos === 0) return { value: null };
      return { value: formatTime(seconds, nanos, type === SPECIAL.microTime) };
    }
    case SPECIAL.intOrString: {
      const v = decodeMessage(type, raw);
      return { value: v.type === 1 ? (v.strVal ?? '') : (v.intVal ?? 0) };
    }
    case SPECIAL.quantity:
      return { value: decodeMessage(type, raw).string ?? '0' };
    case SPECIAL.rawExtension:
    case SPECIAL.fieldsV1:
    case SPECIAL.json: {
      let value: unknown = null;
      eachField(raw, (num, wire, r) => {
        if (num === 1 && wire === 2) {
          const text = r.bytes().toString('utf8');
          try {
            value = text === '' ? null : (JSON.parse(text) as unknown);
          } catch {
            throw badRequest(`protobuf: the raw field of a ${type.split('.').pop() ?? type} is no JSON`);
          }
        } else r.skip(wire);
      });
      return { value };
    }
    case SPECIAL.duration: {
      let ns = 0n;
      eachField(raw, (num, wire, r) => {
        if (num === 1 && wire === 0) ns = BigInt.asIntN(64, r.varint());
        else r.skip(wire);
      });
      return { value: formatGoDuration(ns) };
    }
    case SPECIAL.propsOrArray: {
      let schema: unknown;
      const list: unknown[] = [];
      eachField(raw, (num, wire, r) => {
        if (num === 1 && wire === 2) schema = decodeMessage(PROPS, r.bytes());
        else if (num === 2 && wire === 2) list.push(decodeMessage(PROPS, r.bytes()));
        else r.skip(wire);
      });
      return { value: list.length > 0 ? list : (schema ?? {}) };
    }
    case SPECIAL.propsOrBool: {
      let allows = false;
      let schema: unknown;
      eachField(raw, (num, wire, r) => {
        if (num === 1 && wire === 0) allows = r.varint() !== 0n;
        else if (num === 2 && wire === 2) schema = decodeMessage(PROPS, r.bytes());
        else r.skip(wire);
      });
      return { value: schema ?? allows };
    }
    case SPECIAL.propsOrStringArray: {
      let schema: unknown;
      const list: string[] = [];
      eachField(raw, (num, wire, r) => {
        if (num === 1 && wire === 2) schema = decodeMessage(PROPS, r.bytes());
        else if (num === 2 && wire === 2) list.push(r.bytes().toString('utf8'));
        else r.skip(wire);
      });
      return { value: schema ?? list };
    }
    default:
  }
  if (PROTO_ITEM_WRAPPERS.has(type)) {
    const items: string[] = [];
    eachField(raw, (num, wire, r) => {
      if (num === 1 && wire === 2) items.push(r.bytes().toString('utf8'));
      else r.skip(wire);
    });
    return { value: items };
  }
  return undefined;
}

/** Decodes one message of the given fully-qualified type into its JSON form. */
export function decodeMessage(type: string, buf: Buffer): JsonObject {
  const fields = PROTO_SCHEMA[type];
  const out: JsonObject = {};
  // Zero scalars are omitempty noise unless the Go field is a pointer; a message value's zero (an
  // IntOrString 0, additionalProperties false) is meant.
  const zeroIsNoise = new Set<string>();
  const r = new Reader(buf);
  while (!r.done) {
    const tag = Number(r.varint());
    const num = tag >> 3;
    const wire = tag & 7;
    const field = fields?.find((f) => f[0] === num);
    if (!field) {
      r.skip(wire);
      continue;
    }
    const [, name, ftype, flags] = field;
    if (flags & 2) {
      // An embedded Go struct: its fields are the parent's in JSON.
      Object.assign(out, decodeMessage(ftype, r.bytes()));
      continue;
    }
    if (ftype.startsWith('map<')) {
      const [, keyType = 'string', valueType = 'string'] = /map<(\w+),([\w.]+)>/.exec(ftype) ?? [];
      const entry = new Reader(r.bytes());
      let key = '';
      let value: unknown = valueType === 'string' ? '' : undefined;
      while (!entry.done) {
        const t = Number(entry.varint());
        if (t >> 3 === 1) key = keyType === 'string' ? entry.bytes().toString('utf8') : String(scalar(keyType, t & 7, entry));
        else if (t >> 3 === 2) value = IS_SCALAR.test(valueType) ? scalar(valueType, t & 7, entry) : messageValue(valueType, entry.bytes());
        else entry.skip(t & 7);
      }
      const map = (out[name] ??= {}) as JsonObject;
      setField(map, key, value ?? (valueType === 'bytes' ? '' : null));
      continue;
    }
    let values: unknown[];
    if (IS_SCALAR.test(ftype)) {
      if (wire === 2 && ftype !== 'string' && ftype !== 'bytes') {
        const packed = new Reader(r.bytes());
        values = [];
        while (!packed.done) values.push(scalar(ftype, ftype === 'double' ? 1 : ftype === 'float' ? 5 : 0, packed));
      } else values = [scalar(ftype, wire, r)];
      if ((flags & 4) === 0) zeroIsNoise.add(name);
    } else {
      values = [messageValue(ftype, r.bytes())];
    }
    if (flags & 1) out[name] = [...((out[name] as unknown[] | undefined) ?? []), ...values];
    else out[name] = values[0];
  }
  return prune(out, zeroIsNoise);
}

function messageValue(type: string, raw: Buffer): unknown {
  const s = special(type, raw);
  return s ? s.value : decodeMessage(type, raw);
}

/** Drops the zero values gogo-protobuf always writes but JSON (omitempty) would omit. */
function prune(obj: JsonObject, zeroIsNoise: Set<string>): JsonObject {
  for (const [k, v] of Object.entries(obj)) {
    if (v === null || v === undefined) delete obj[k];
    else if (!zeroIsNoise.has(k)) continue;
    else if (v === '' || v === false || v === 0 || (Array.isArray(v) && v.length === 0)) delete obj[k];
  }
  return obj;
}

/** The type and raw message of a "k8s\0" envelope; 400 when the body is none. */
export function decodeEnvelope(body: Buffer): { apiVersion: string; kind: string; raw: Buffer } {
  if (body.length < 4 || !body.subarray(0, 4).equals(MAGIC)) throw badRequest('provided protobuf data does not start with the Kubernetes magic prefix');
  let apiVersion = '';
  let kind = '';
  let raw: Buffer = Buffer.alloc(0);
  eachField(body.subarray(4), (num, wire, r) => {
    if (num === 1 && wire === 2) {
      eachField(r.bytes(), (n, w, tm) => {
        if (n === 1 && w === 2) apiVersion = tm.bytes().toString('utf8');
        else if (n === 2 && w === 2) kind = tm.bytes().toString('utf8');
        else tm.skip(w);
      });
    } else if (num === 2 && wire === 2) raw = r.bytes();
    else r.skip(wire);
  });
  return { apiVersion, kind, raw };
}

/** Decodes a full request body; throws 400 when it is not a Kubernetes protobuf envelope of a known kind. */
export function decodeKubernetesProtobuf(body: Buffer): JsonObject {
  const { apiVersion, kind, raw } = decodeEnvelope(body);
  const type = messageTypeOf(apiVersion, kind);
  if (type === undefined) throw badRequest(`no kind "${kind}" is registered for version "${apiVersion}" in scheme "pkg/runtime/scheme.go:100"`);
  return { kind, apiVersion, ...decodeMessage(type, raw) };
}

/** Splits a protobuf watch stream into its events (each a metav1.WatchEvent with the object's envelope). */
export function decodeWatchStream(stream: Buffer): { type: string; object: JsonObject }[] {
  const out: { type: string; object: JsonObject }[] = [];
  let pos = 0;
  while (pos + 4 <= stream.length) {
    const length = stream.readUInt32BE(pos);
    const frame = stream.subarray(pos + 4, pos + 4 + length);
    pos += 4 + length;
    let type = '';
    let object: JsonObject = {};
    eachField(frame, (num, wire, r) => {
      if (num === 1 && wire === 2) type = r.bytes().toString('utf8');
      else if (num === 2 && wire === 2) {
        eachField(r.bytes(), (n, w, ext) => {
          if (n === 1 && w === 2) object = decodeKubernetesProtobuf(ext.bytes());
          else ext.skip(w);
        });
      } else r.skip(wire);
    });
    out.push({ type, object });
  }
  return out;
}

/**
 * A JSON value without what Go cannot tell from absent after protobuf (zero scalars, empty lists, maps and
 * structs): two servers' answers compare equal this way when Go clients see the same object.
 */
export function withoutZeroValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutZeroValues);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const m = withoutZeroValues(v);
    const empty = m === null || m === '' || m === 0 || m === false || (Array.isArray(m) && m.length === 0) || (typeof m === 'object' && m !== null && Object.keys(m).length === 0);
    if (!empty) out[k] = m;
  }
  return out;
}
