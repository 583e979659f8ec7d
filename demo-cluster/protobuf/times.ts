// Times as kube-apiserver stores them: a built-in object goes to etcd in protobuf, so a metav1.Time comes back
// in UTC and whole seconds, a MicroTime in UTC with six fraction digits, whatever offset the client wrote.
import { PROTO_SCHEMA, SPECIAL, formatTime, messageTypeOf, parseRfc3339 } from './types.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The canonical form of a time value, or the value itself when it is no time (type checks refuse those). */
function canonical(type: string, value: unknown): unknown {
  const t = typeof value === 'string' ? parseRfc3339(value) : undefined;
  return t ? formatTime(t.seconds, t.nanos, type === SPECIAL.microTime) : value;
}

const isTime = (type: string): boolean => type === SPECIAL.time || type === SPECIAL.microTime;

const innerType = (ftype: string): string => (ftype.startsWith('map<') ? ftype.slice(ftype.indexOf(',') + 1, -1) : ftype);

/** The messages that hold a time anywhere beneath them (most: ObjectMeta has creationTimestamp), to a fixed point. */
const HOLDS_TIME = ((): Set<string> => {
  const holds = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [type, fields] of Object.entries(PROTO_SCHEMA)) {
      if (holds.has(type)) continue;
      if (fields.some(([, , ftype]) => isTime(innerType(ftype)) || holds.has(innerType(ftype)))) {
        holds.add(type);
        grew = true;
      }
    }
  }
  return holds;
})();

function walk(type: string, json: Json): void {
  for (const [, name, ftype, flags] of PROTO_SCHEMA[type] ?? []) {
    if (flags & 2) {
      if (HOLDS_TIME.has(ftype)) walk(ftype, json);
      continue;
    }
    const v = json[name];
    if (v === undefined || v === null) continue;
    const map = ftype.startsWith('map<');
    const inner = innerType(ftype);
    if (!isTime(inner) && !HOLDS_TIME.has(inner)) continue;
    const fix = (item: unknown): unknown => {
      if (isTime(inner)) return canonical(inner, item);
      if (isObject(item)) walk(inner, item);
      return item;
    };
    if (map && isObject(v)) for (const k of Object.keys(v)) v[k] = fix(v[k]);
    else if (flags & 1 && Array.isArray(v)) v.forEach((item, i) => (v[i] = fix(item)));
    else json[name] = fix(v);
  }
}

/** Rewrites the times of a built-in object (in place) as the apiserver would return them. */
export function canonicalTimes(apiVersion: string, kind: string, obj: unknown): void {
  const type = messageTypeOf(apiVersion, kind);
  if (type !== undefined && isObject(obj)) walk(type, obj);
}
