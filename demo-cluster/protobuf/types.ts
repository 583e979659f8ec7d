// Which protobuf message a Kubernetes kind is, and the JSON forms of apimachinery's special messages.
import { PROTO_ITEM_WRAPPERS, PROTO_SCHEMA } from './schema.js';

export { PROTO_ITEM_WRAPPERS, PROTO_SCHEMA };

/** The "k8s\0" prefix of application/vnd.kubernetes.protobuf bodies. */
export const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

export const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';
const EXT = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1';

/** Messages whose JSON form is not an object of their fields. */
export const SPECIAL = {
  time: `${META}.Time`,
  microTime: `${META}.MicroTime`,
  duration: `${META}.Duration`,
  fieldsV1: `${META}.FieldsV1`,
  intOrString: 'k8s.io.apimachinery.pkg.util.intstr.IntOrString',
  quantity: 'k8s.io.apimachinery.pkg.api.resource.Quantity',
  rawExtension: 'k8s.io.apimachinery.pkg.runtime.RawExtension',
  json: `${EXT}.JSON`,
  propsOrArray: `${EXT}.JSONSchemaPropsOrArray`,
  propsOrBool: `${EXT}.JSONSchemaPropsOrBool`,
  propsOrStringArray: `${EXT}.JSONSchemaPropsOrStringArray`,
} as const;

/** Groups whose Go types live outside k8s.io/api, or under another package name. */
const PACKAGE_OF_GROUP: Record<string, string> = {
  '': 'k8s.io.api.core',
  'meta.k8s.io': 'k8s.io.apimachinery.pkg.apis.meta',
  'apiextensions.k8s.io': 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions',
  'apiregistration.k8s.io': 'k8s.io.kube_aggregator.pkg.apis.apiregistration',
  'internal.apiserver.k8s.io': 'k8s.io.api.apiserverinternal',
  'rbac.authorization.k8s.io': 'k8s.io.api.rbac',
  'flowcontrol.apiserver.k8s.io': 'k8s.io.api.flowcontrol',
};
/** k8s.io/api groups named without the .k8s.io suffix. */
const BARE_GROUPS = new Set(['apps', 'autoscaling', 'batch', 'policy', 'extensions']);

/** Protobuf package of an apiVersion ("v1" -> k8s.io.api.core.v1); undefined for groups no built-in type is in. */
export function packageOf(apiVersion: string): string | undefined {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const known = PACKAGE_OF_GROUP[group];
  if (known !== undefined) return `${known}.${version}`;
  if (BARE_GROUPS.has(group)) return `k8s.io.api.${group}.${version}`;
  const m = /^([a-z0-9]+)\.k8s\.io$/.exec(group);
  return m ? `k8s.io.api.${m[1] ?? ''}.${version}` : undefined;
}

/**
 * Kinds metav1.AddToGroupVersion registers in every group version (client-go's typed Delete sends a v1
 * DeleteOptions; errors are a Status in any group), and the discovery documents (apiVersion v1).
 */
const META_KINDS = new Set([
  'ListOptions', 'GetOptions', 'DeleteOptions', 'CreateOptions', 'UpdateOptions', 'PatchOptions', 'Status', 'WatchEvent',
  'APIVersions', 'APIGroupList', 'APIGroup', 'APIResourceList',
]);

/** The message of a kind in a group version; undefined when it has none (custom resources, Table). */
export function messageTypeOf(apiVersion: string, kind: string): string | undefined {
  const pkg = packageOf(apiVersion);
  const own = pkg === undefined ? undefined : `${pkg}.${kind}`;
  if (own !== undefined && PROTO_SCHEMA[own]) return own;
  if (META_KINDS.has(kind)) return `${META}.${kind}`;
  return undefined;
}

const DURATION_UNITS: [string, bigint][] = [
  ['h', 3_600_000_000_000n],
  ['m', 60_000_000_000n],
  ['s', 1_000_000_000n],
  ['ms', 1_000_000n],
  ['us', 1000n],
  ['µs', 1000n],
  ['ns', 1n],
];

/** Nanoseconds of a Go duration string ("1h2m3.5s"); undefined when it is none. */
export function parseGoDuration(text: string): bigint | undefined {
  const m = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:h|ms|us|µs|ns|m|s))+$/.exec(text);
  if (!m && text !== '0') return undefined;
  let total = 0n;
  for (const part of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(h|ms|us|µs|ns|m|s)/g)) {
    const unit = DURATION_UNITS.find(([u]) => u === part[2])?.[1] ?? 1n;
    const [whole = '0', frac = ''] = (part[1] ?? '0').split('.');
    total += BigInt(whole || '0') * unit + (frac === '' ? 0n : (BigInt(frac) * unit) / 10n ** BigInt(frac.length));
  }
  return m?.[1] === '-' ? -total : total;
}

/** Go's time.Duration.String() of nanoseconds ("1h0m0s", "1.5s", "300ms", "0s"). */
export function formatGoDuration(ns: bigint): string {
  if (ns === 0n) return '0s';
  const sign = ns < 0n ? '-' : '';
  const abs = ns < 0n ? -ns : ns;
  const frac = (value: bigint, unit: bigint): string => {
    const whole = value / unit;
    const rest = value % unit;
    if (rest === 0n) return String(whole);
    const digits = String(unit).length - 1;
    return `${whole}.${String(rest).padStart(digits, '0').replace(/0+$/, '')}`;
  };
  if (abs < 1000n) return `${sign}${abs}ns`;
  if (abs < 1_000_000n) return `${sign}${frac(abs, 1000n)}µs`;
  if (abs < 1_000_000_000n) return `${sign}${frac(abs, 1_000_000n)}ms`;
  const h = abs / 3_600_000_000_000n;
  const m = (abs / 60_000_000_000n) % 60n;
  const s = frac(abs % 60_000_000_000n, 1_000_000_000n);
  if (h > 0n) return `${sign}${h}h${m}m${s}s`;
  if (m > 0n) return `${sign}${m}m${s}s`;
  return `${sign}${s}s`;
}

/** Times parsed lately: objects repeat theirs (creation, managed fields, conditions). */
const parsedTimes = new Map<string, { seconds: number; nanos: number } | undefined>();

/** Seconds and nanoseconds of an RFC 3339 time ("2026-01-02T03:04:05.123456Z", offsets too). */
export function parseRfc3339(text: string): { seconds: number; nanos: number } | undefined {
  if (parsedTimes.has(text)) return parsedTimes.get(text);
  if (parsedTimes.size >= 10_000) parsedTimes.clear();
  const parsed = parseTime(text);
  parsedTimes.set(text, parsed);
  return parsed;
}

function parseTime(text: string): { seconds: number; nanos: number } | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1] ?? ''}${m[3] ?? 'Z'}`);
  if (Number.isNaN(ms)) return undefined;
  return { seconds: Math.floor(ms / 1000), nanos: Number((m[2] ?? '').padEnd(9, '0') || '0') };
}

/** A time as Go's metav1.Time (whole seconds) or MicroTime (six fraction digits) marshals it to JSON. */
export function formatTime(seconds: number, nanos: number, micro: boolean): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  return micro ? `${base}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z` : `${base}Z`;
}
