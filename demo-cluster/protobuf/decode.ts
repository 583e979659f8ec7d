// Decodes Kubernetes protobuf request bodies (application/vnd.kubernetes.protobuf) into the JSON
// form: kubectl's typed clients (create configmap/namespace/secret/deployment, run, ...) send
// protobuf. Envelope: "k8s\0" + runtime.Unknown{typeMeta, raw}; raw is the typed message.
import { badRequest } from '../http/errors.js';
import { setField } from '../resources/own-fields.js';
import type { JsonObject } from '../resources/types.js';
import { PROTO_SCHEMA as RECORDED_SCHEMA } from './schema.js';
import { BEYOND_RECORDED_SCHEMA } from './schema-beyond-recorded.js';

const PROTO_SCHEMA = { ...RECORDED_SCHEMA, ...BEYOND_RECORDED_SCHEMA };

const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** Zero ints kept because the Go field is a pointer (0 is meaningful); other zero ints are omitempty noise. */
const POINTER_INTS = new Set([
  'replicas', 'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'backoffLimit', 'completions', 'parallelism',
  'ttlSecondsAfterFinished', 'revisionHistoryLimit', 'progressDeadlineSeconds', 'startingDeadlineSeconds',
  'successfulJobsHistoryLimit', 'failedJobsHistoryLimit', 'deletionGracePeriodSeconds', 'defaultMode', 'mode',
  'expirationSeconds', 'priority', 'runAsUser', 'runAsGroup', 'fsGroup', 'gracePeriodSeconds', 'tolerationSeconds',
]);
/** Pointer bools whose false is meaningful. */
const POINTER_BOOLS = new Set([
  'automountServiceAccountToken', 'suspend', 'immutable', 'enableServiceLinks', 'allowPrivilegeEscalation', 'privileged',
  'runAsNonRoot', 'readOnlyRootFilesystem', 'optional', 'shareProcessNamespace', 'setHostnameAsFQDN', 'controller',
  'blockOwnerDeletion',
]);

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

/** Well-known apimachinery messages that have a non-object JSON form. */
function special(type: string, raw: Buffer): { value: unknown } | undefined {
  switch (type) {
    case 'k8s.io.apimachinery.pkg.apis.meta.v1.Time':
    case 'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime': {
      const t = decodeMessage('k8s.io.apimachinery.pkg.apis.meta.v1.Timestamp', raw);
      const seconds = typeof t.seconds === 'number' ? t.seconds : 0;
      if (seconds === 0) return { value: null };
      return { value: new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') };
    }
    case 'k8s.io.apimachinery.pkg.util.intstr.IntOrString': {
      const v = decodeMessage(type, raw);
      return { value: v.type === 1 ? (v.strVal ?? '') : (v.intVal ?? 0) };
    }
    case 'k8s.io.apimachinery.pkg.api.resource.Quantity':
      return { value: decodeMessage(type, raw).string ?? '0' };
    case 'k8s.io.apimachinery.pkg.runtime.RawExtension':
    case 'k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1': {
      const r = new Reader(raw);
      while (!r.done) {
        const tag = Number(r.varint());
        if (tag >> 3 === 1 && (tag & 7) === 2) return { value: JSON.parse(r.bytes().toString('utf8')) as unknown };
        r.skip(tag & 7);
      }
      return { value: null };
    }
    case 'k8s.io.apimachinery.pkg.apis.meta.v1.Duration': {
      const d = decodeMessage(type, raw);
      const ns = typeof d.duration === 'number' ? d.duration : 0;
      return { value: `${ns / 1e9}s` };
    }
    default:
      return undefined;
  }
}

/** Decodes one message of the given fully-qualified type into its JSON form. */
export function decodeMessage(type: string, buf: Buffer): JsonObject {
  if (type === 'k8s.io.apimachinery.pkg.apis.meta.v1.Timestamp') {
    const r = new Reader(buf);
    const out: JsonObject = {};
    while (!r.done) {
      const tag = Number(r.varint());
      if (tag >> 3 === 1) out.seconds = Number(BigInt.asIntN(64, r.varint()));
      else r.skip(tag & 7);
    }
    return out;
  }
  const fields = PROTO_SCHEMA[type];
  const out: JsonObject = {};
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
    const [, name, ftype, repeated] = field;
    if (ftype.startsWith('map<')) {
      const [, , valueType = 'string'] = /map<(\w+),([\w.]+)>/.exec(ftype) ?? [];
      const entry = new Reader(r.bytes());
      let key = '';
      let value: unknown = valueType === 'string' ? '' : undefined;
      while (!entry.done) {
        const t = Number(entry.varint());
        if (t >> 3 === 1) key = entry.bytes().toString('utf8');
        else if (t >> 3 === 2) value = IS_SCALAR.test(valueType) ? scalar(valueType, t & 7, entry) : messageValue(valueType, entry.bytes());
        else entry.skip(t & 7);
      }
      const map = (out[name] ??= {}) as JsonObject;
      setField(map, key, value ?? '');
      continue;
    }
    let values: unknown[];
    if (IS_SCALAR.test(ftype)) {
      if (wire === 2 && ftype !== 'string' && ftype !== 'bytes') {
        const packed = new Reader(r.bytes());
        values = [];
        while (!packed.done) values.push(scalar(ftype, ftype === 'double' ? 1 : 0, packed));
      } else values = [scalar(ftype, wire, r)];
    } else {
      values = [messageValue(ftype, r.bytes())];
    }
    if (repeated) out[name] = [...((out[name] as unknown[] | undefined) ?? []), ...values];
    else out[name] = values[0];
  }
  return prune(out);
}

function messageValue(type: string, raw: Buffer): unknown {
  const s = special(type, raw);
  return s ? s.value : decodeMessage(type, raw);
}

/** Drops the zero values gogo-protobuf always writes but JSON (omitempty) would omit. */
function prune(obj: JsonObject): JsonObject {
  for (const [k, v] of Object.entries(obj)) {
    if (v === '' || v === null || v === undefined) delete obj[k];
    else if (v === false && !POINTER_BOOLS.has(k)) delete obj[k];
    else if (v === 0 && !POINTER_INTS.has(k)) delete obj[k];
    else if (Array.isArray(v) && v.length === 0) delete obj[k];
  }
  return obj;
}

/** Protobuf package of an apiVersion: "v1" -> k8s.io.api.core.v1, "apps/v1" -> k8s.io.api.apps.v1. */
function packageOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return `k8s.io.api.core.${apiVersion}`;
  const group = apiVersion.slice(0, slash);
  const version = apiVersion.slice(slash + 1);
  if (group === 'meta.k8s.io') return `k8s.io.apimachinery.pkg.apis.meta.${version}`;
  return `k8s.io.api.${group.split('.')[0] ?? group}.${version}`;
}

const OPTIONS_KINDS = new Set(['ListOptions', 'GetOptions', 'DeleteOptions', 'CreateOptions', 'UpdateOptions', 'PatchOptions']);

/** Decodes a full request body; throws 400 when it is not a Kubernetes protobuf envelope. */
export function decodeKubernetesProtobuf(body: Buffer): JsonObject {
  if (body.length < 4 || !body.subarray(0, 4).equals(MAGIC)) throw badRequest('provided protobuf data does not start with the Kubernetes magic prefix');
  const unknown = new Reader(body.subarray(4));
  let apiVersion = '';
  let kind = '';
  let raw: Buffer = Buffer.alloc(0);
  while (!unknown.done) {
    const tag = Number(unknown.varint());
    if (tag >> 3 === 1) {
      const tm = new Reader(unknown.bytes());
      while (!tm.done) {
        const t = Number(tm.varint());
        if (t >> 3 === 1) apiVersion = tm.bytes().toString('utf8');
        else if (t >> 3 === 2) kind = tm.bytes().toString('utf8');
        else tm.skip(t & 7);
      }
    } else if (tag >> 3 === 2) raw = unknown.bytes();
    else unknown.skip(tag & 7);
  }
  // metav1.AddToGroupVersion registers the options kinds in every group version (client-go's typed
  // Delete sends a v1 DeleteOptions).
  const own = `${packageOf(apiVersion)}.${kind}`;
  const type = !PROTO_SCHEMA[own] && OPTIONS_KINDS.has(kind) ? `k8s.io.apimachinery.pkg.apis.meta.v1.${kind}` : own;
  if (!PROTO_SCHEMA[type]) throw badRequest(`no kind "${kind}" is registered for version "${apiVersion}" in scheme "pkg/runtime/scheme.go:100"`);
  return { kind, apiVersion, ...decodeMessage(type, raw) };
}
