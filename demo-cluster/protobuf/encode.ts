// Encodes built-in objects (their JSON form) as Kubernetes protobuf (application/vnd.kubernetes.protobuf):
// "k8s\0" + runtime.Unknown{typeMeta, raw}, raw the typed message, as kube-apiserver answers Go clients.
// Fields are written in field-number order; fields absent from the JSON are left out (zero in Go).
import { MessageWriter, lengthPrefixed } from './wire.js';
import { MAGIC, PROTO_ITEM_WRAPPERS, PROTO_SCHEMA, SPECIAL, messageTypeOf, parseGoDuration, parseRfc3339 } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Go's sort.Strings order of map keys (byte order of UTF-8; UTF-16 order is the same for ASCII). */
function goSorted(keys: string[]): string[] {
  // eslint-disable-next-line no-control-regex -- the ASCII range
  if (keys.every((k) => /^[\x00-\x7f]*$/.test(k))) return keys.sort();
  return keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

const SCALAR_TYPES = new Set(['string', 'bytes', 'bool', 'int32', 'int64', 'uint32', 'uint64', 'double', 'float']);
const PROPS = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';

/**
 * Where the fields of a message go: the size pass adds up their lengths, the write pass writes them. Both
 * walk a value in the same order, so the write pass finds each embedded message's length where the size
 * pass left it.
 */
interface Sink {
  varint(num: number, value: number | bigint): void;
  double(num: number, value: number): void;
  float(num: number, value: number): void;
  bytes(num: number, value: string | Buffer): void;
  message(num: number, type: string, value: unknown): void;
  /** The fields of `json` to write, in order: chosen in the size pass, taken again in the write pass. */
  select(info: MessageInfo, json: Json): FieldInfo[];
}

function scalar(sink: Sink, num: number, type: string, value: unknown): void {
  switch (type) {
    case 'string':
      sink.bytes(num, typeof value === 'string' ? value : String(value));
      return;
    case 'bytes':
      sink.bytes(num, Buffer.from(typeof value === 'string' ? value : '', 'base64'));
      return;
    case 'bool':
      sink.varint(num, value === true ? 1 : 0);
      return;
    case 'double':
      sink.double(num, Number(value));
      return;
    case 'float':
      sink.float(num, Number(value));
      return;
    default:
      // int32, int64, uint32, uint64: JSON numbers are whole here.
      sink.varint(num, Math.trunc(Number(value)));
  }
}

function value(sink: Sink, num: number, type: string, scalarType: boolean, v: unknown): void {
  if (scalarType) scalar(sink, num, type, v);
  else sink.message(num, type, v);
}

/** A schema field, looked at once: [number, JSON name, type, repeated, inline, scalar, map key and value types]. */
interface FieldInfo {
  num: number;
  name: string;
  type: string;
  repeated: boolean;
  inline: boolean;
  scalar: boolean;
  map?: [string, string, boolean];
}
/** A message's fields by JSON name; `inline` when some are embedded structs (walked in schema order). */
interface MessageInfo {
  all: FieldInfo[];
  byName: Map<string, FieldInfo>;
  inline: boolean;
  /** Its JSON form is not an object of its fields (times, quantities, raw JSON, item wrappers). */
  special: boolean;
}
const compiled = new Map<string, MessageInfo | undefined>();
function messageInfo(type: string): MessageInfo | undefined {
  if (compiled.has(type)) return compiled.get(type);
  const special = SPECIALS.has(type) || PROTO_ITEM_WRAPPERS.has(type);
  const all = PROTO_SCHEMA[type]?.map(([num, name, ftype, flags]): FieldInfo => {
    const m = /^map<(\w+),([\w.]+)>$/.exec(ftype);
    const info: FieldInfo = { num, name, type: ftype, repeated: (flags & 1) !== 0, inline: (flags & 2) !== 0, scalar: SCALAR_TYPES.has(ftype) };
    if (m) info.map = [m[1] ?? 'string', m[2] ?? 'string', SCALAR_TYPES.has(m[2] ?? 'string')];
    return info;
  });
  const info = all ? { all, byName: new Map(all.map((f) => [f.name, f])), inline: all.some((f) => f.inline), special } : undefined;
  compiled.set(type, info);
  return info;
}

/** The JSON text of raw JSON fields (managedFields, RawExtensions): made in the size pass, written in the next. */
let jsonText = new WeakMap<object, Buffer>();
function rawJson(json: unknown): string | Buffer {
  if (typeof json !== 'object' || json === null) return JSON.stringify(json);
  let text = jsonText.get(json);
  if (!text) {
    text = Buffer.from(JSON.stringify(json));
    jsonText.set(json, text);
  }
  return text;
}

const SPECIALS = new Set<string>(Object.values(SPECIAL));

/** The fields of one message of `type` (fully qualified) whose JSON form is `json`, in field-number order. */
function fields(sink: Sink, type: string, json: unknown): void {
  const info = messageInfo(type);
  if (info?.special) specialFields(sink, type, json);
  if (!info || info.special || !isObject(json)) return;
  const present = sink.select(info, json);
  for (const f of present) {
    if (f.inline) {
      // An embedded Go struct whose fields the JSON form holds inline.
      sink.message(f.num, f.type, json);
      continue;
    }
    const v = json[f.name];
    if (v === undefined || v === null) continue;
    if (f.map) {
      if (isObject(v)) mapEntries(sink, f.num, f.map, v);
    } else if (f.repeated) {
      if (Array.isArray(v)) for (const item of v) if (item !== null && item !== undefined) value(sink, f.num, f.type, f.scalar, item);
    } else value(sink, f.num, f.type, f.scalar, v);
  }
}

/** Messages whose JSON form is not an object of their fields. */
function specialFields(sink: Sink, type: string, json: unknown): void {
  switch (type) {
    case SPECIAL.time:
    case SPECIAL.microTime: {
      const t = typeof json === 'string' ? parseRfc3339(json) : undefined;
      if (!t) return;
      // metav1.Time keeps whole seconds in protobuf as in JSON; MicroTime its microseconds.
      sink.varint(1, t.seconds);
      sink.varint(2, type === SPECIAL.microTime ? Math.floor(t.nanos / 1000) * 1000 : 0);
      return;
    }
    case SPECIAL.duration:
      sink.varint(1, typeof json === 'string' ? (parseGoDuration(json) ?? 0n) : 0);
      return;
    case SPECIAL.intOrString:
      sink.varint(1, typeof json === 'string' ? 1 : 0);
      sink.varint(2, typeof json === 'string' ? 0 : Math.trunc(Number(json)));
      sink.bytes(3, typeof json === 'string' ? json : '');
      return;
    case SPECIAL.quantity:
      sink.bytes(1, String(json));
      return;
    case SPECIAL.rawExtension:
    case SPECIAL.fieldsV1:
    case SPECIAL.json:
      sink.bytes(1, rawJson(json));
      return;
    case SPECIAL.propsOrArray:
      if (Array.isArray(json)) for (const schema of json) sink.message(2, PROPS, schema);
      else sink.message(1, PROPS, json);
      return;
    case SPECIAL.propsOrBool:
      sink.varint(1, typeof json === 'boolean' ? (json ? 1 : 0) : 1);
      if (typeof json !== 'boolean') sink.message(2, PROPS, json);
      return;
    case SPECIAL.propsOrStringArray:
      if (Array.isArray(json)) for (const s of json) sink.bytes(2, String(s));
      else sink.message(1, PROPS, json);
      return;
    default:
      // A wrapper of a named slice (Verbs): the items.
      for (const item of Array.isArray(json) ? json : []) sink.bytes(1, String(item));
  }
}

/** Map entries: messages {key = 1, value = 2}, in key order as Go writes them. */
const MAP_ENTRY = '\0map';
type Entry = { kv: [string, string, boolean]; key: string; item: unknown };
function mapEntries(sink: Sink, num: number, kv: [string, string, boolean], map: Json): void {
  for (const key of goSorted(Object.keys(map))) sink.message(num, MAP_ENTRY, { kv, key, item: map[key] });
}

function entryFields(sink: Sink, entry: Entry): void {
  if (entry.kv[0] === 'string') sink.bytes(1, entry.key);
  else sink.varint(1, BigInt(entry.key));
  if (entry.item !== null && entry.item !== undefined) value(sink, 2, entry.kv[1], entry.kv[2], entry.item);
}

function walk(sink: Sink, type: string, json: unknown): void {
  if (type === MAP_ENTRY) entryFields(sink, json as Entry);
  else fields(sink, type, json);
}

const varintSize = (v: number | bigint): number => {
  if (typeof v === 'number' && v >= 0 && v < 128) return 1;
  if (typeof v === 'number' && v >= 0 && v <= Number.MAX_SAFE_INTEGER) {
    let n = 1;
    while (v >= 128) {
      v = Math.floor(v / 128);
      n++;
    }
    return n;
  }
  let b = BigInt.asUintN(64, BigInt(v));
  let n = 1;
  while (b >= 128n) {
    b >>= 7n;
    n++;
  }
  return n;
};
const tagSize = (num: number): number => varintSize(num * 8);

/** The fields an object has: its keys looked up (it holds few of its type's fields), in field-number order. */
function presentFields(info: MessageInfo, json: Json): FieldInfo[] {
  if (info.inline) return info.all.filter((f) => f.inline || json[f.name] !== undefined);
  const present: FieldInfo[] = [];
  for (const key of Object.keys(json)) {
    const f = info.byName.get(key);
    if (f) present.push(f);
  }
  return present.length > 1 ? present.sort((a, b) => a.num - b.num) : present;
}

/**
 * The size pass: the length of a message; the lengths of its embedded messages and the fields of each
 * object, in walk order.
 */
class Measure implements Sink {
  total = 0;
  readonly sizes: number[] = [];
  readonly plans: FieldInfo[][] = [];
  select(info: MessageInfo, json: Json): FieldInfo[] {
    const present = presentFields(info, json);
    this.plans.push(present);
    return present;
  }
  varint(num: number, v: number | bigint): void {
    this.total += tagSize(num) + varintSize(v);
  }
  double(num: number): void {
    this.total += tagSize(num) + 8;
  }
  float(num: number): void {
    this.total += tagSize(num) + 4;
  }
  bytes(num: number, v: string | Buffer): void {
    const len = typeof v === 'string' ? Buffer.byteLength(v) : v.length;
    this.total += tagSize(num) + varintSize(len) + len;
  }
  message(num: number, type: string, json: unknown): void {
    const at = this.sizes.length;
    this.sizes.push(0);
    const outer = this.total;
    this.total = 0;
    walk(this, type, json);
    const len = this.total;
    this.sizes[at] = len;
    this.total = outer + tagSize(num) + varintSize(len) + len;
  }
}

/** The write pass, into a buffer of the measured size. */
class Out implements Sink {
  pos = 0;
  next = 0;
  nextPlan = 0;
  constructor(
    readonly buf: Buffer,
    readonly sizes: number[],
    readonly plans: FieldInfo[][],
  ) {}
  select(): FieldInfo[] {
    return this.plans[this.nextPlan++] ?? [];
  }
  private put(v: number | bigint): void {
    if (typeof v === 'number' && v >= 0 && v <= Number.MAX_SAFE_INTEGER) {
      while (v >= 128) {
        this.buf[this.pos++] = (v % 128) | 0x80;
        v = Math.floor(v / 128);
      }
      this.buf[this.pos++] = v;
      return;
    }
    let b = BigInt.asUintN(64, BigInt(v));
    while (b >= 128n) {
      this.buf[this.pos++] = Number(b & 0x7fn) | 0x80;
      b >>= 7n;
    }
    this.buf[this.pos++] = Number(b);
  }
  varint(num: number, v: number | bigint): void {
    this.put(num * 8);
    this.put(v);
  }
  double(num: number, v: number): void {
    this.put(num * 8 + 1);
    this.pos = this.buf.writeDoubleLE(v, this.pos);
  }
  float(num: number, v: number): void {
    this.put(num * 8 + 5);
    this.pos = this.buf.writeFloatLE(v, this.pos);
  }
  bytes(num: number, v: string | Buffer): void {
    this.put(num * 8 + 2);
    if (typeof v === 'string') {
      this.put(Buffer.byteLength(v));
      this.pos += this.buf.write(v, this.pos, 'utf8');
    } else {
      this.put(v.length);
      this.pos += v.copy(this.buf, this.pos);
    }
  }
  message(num: number, type: string, json: unknown): void {
    this.put(num * 8 + 2);
    this.put(this.sizes[this.next++] ?? 0);
    walk(this, type, json);
  }
}

/** Encodes the JSON form of one message of `type` (fully qualified). */
export function encodeMessage(type: string, json: unknown): Buffer {
  // Objects may change between encodings: raw JSON is serialized afresh for each.
  jsonText = new WeakMap();
  const m = new Measure();
  walk(m, type, json);
  const out = new Out(Buffer.allocUnsafe(m.total), m.sizes, m.plans);
  walk(out, type, json);
  return out.buf;
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

/** A metav1.WatchEvent{type, object: RawExtension{the object's envelope}}: one WebSocket message of a protobuf watch. */
export function encodeWatchEventMessage(type: string, object: Json): Buffer {
  return new MessageWriter().bytes(1, type).message(2, new MessageWriter().bytes(1, encodeKubernetesProtobuf(object))).finish();
}

/** One frame of a protobuf watch stream over HTTP: the WatchEvent, its length before it. */
export function encodeWatchEvent(type: string, object: Json): Buffer {
  return lengthPrefixed(encodeWatchEventMessage(type, object));
}
