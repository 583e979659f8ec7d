// Row printers of apiregistration, autoscaling, certificates, discovery, node, policy and storage types: ports of
// 1.37's printers.go (printHorizontalPodAutoscaler, printCertificateSigningRequest, printEndpointSlice,
// printRuntimeClass, printPodDisruptionBudget, printCSINode) and kube-aggregator's printAPIService.
import type { KubeObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { humanDuration } from '../../wire/human-duration.js';
import { arr, num, obj, str } from './format.js';

type Cells = (o: KubeObject, now: number) => unknown[];

const name = (o: KubeObject): string => o.metadata.name ?? '';
const age = (o: KubeObject, now: number): string => ageSince(o.metadata.creationTimestamp, now);
/** intstr.String: an int or a string as given. */
const intOrString = (v: unknown): string => (typeof v === 'number' ? String(v) : str(v));

/** listWithMoreString. */
function listWithMore(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

export const apiServiceCells: Cells = (o, now) => {
  const service = obj(o.spec).service;
  const svc = obj(service);
  const where = service === undefined || service === null ? 'Local' : `${str(svc.namespace)}/${str(svc.name)}`;
  const available = arr(obj(o.status).conditions).map(obj).find((c) => c.type === 'Available');
  let status = 'Unknown';
  if (available) status = available.status === 'True' || str(available.reason) === '' ? str(available.status) : `${str(available.status)} (${str(available.reason)})`;
  return [name(o), where, status, age(o, now)];
};

/** One metric of formatHPAMetrics: `current/target`, current `<unknown>` until the status reports it. */
function hpaMetric(spec: Record<string, unknown>, status: Record<string, unknown> | undefined): string {
  const type = str(spec.type);
  const key = type === '' ? '' : type.charAt(0).toLowerCase() + type.slice(1);
  const source = obj(spec[key]);
  const target = obj(source.target);
  const current = obj(obj(status?.[key]).current);
  const has = status?.[key] !== undefined && status[key] !== null;
  const q = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
  switch (type) {
    case 'External':
    case 'Object':
      if (target.averageValue !== undefined) return `${has && current.averageValue !== undefined ? q(current.averageValue) : '<unknown>'}/${q(target.averageValue)} (avg)`;
      return `${has ? q(current.value) : '<unknown>'}/${q(target.value)}`;
    case 'Pods':
      return `${has ? q(current.averageValue) : '<unknown>'}/${q(target.averageValue)}`;
    case 'Resource':
    case 'ContainerResource': {
      if (target.averageValue !== undefined) return `${str(source.name)}: ${has ? q(current.averageValue) : '<unknown>'}/${q(target.averageValue)}`;
      const now = has && typeof current.averageUtilization === 'number' ? `${current.averageUtilization}%` : '<unknown>';
      const want = typeof target.averageUtilization === 'number' ? `${target.averageUtilization}%` : '<auto>';
      return `${str(source.name)}: ${now}/${want}`;
    }
    default:
      return '<unknown type>';
  }
}

/** formatHPAMetrics over autoscaling/v2 metrics: the first two, then "+ N more...". */
export function hpaTargets(o: KubeObject): string {
  const specs = arr(obj(o.spec).metrics).map(obj);
  if (specs.length === 0) return '<none>';
  const statuses = arr(obj(o.status).currentMetrics).map(obj);
  const list = specs.map((s, i) => hpaMetric(s, statuses[i]));
  if (list.length > 2) return `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...`;
  return list.join(', ');
}

export const hpaCells: Cells = (o, now) => {
  const spec = obj(o.spec);
  const ref = obj(spec.scaleTargetRef);
  const minPods = typeof spec.minReplicas === 'number' ? String(spec.minReplicas) : '<unset>';
  return [name(o), `${str(ref.kind)}/${str(ref.name)}`, hpaTargets(o), minPods, num(spec.maxReplicas), num(obj(o.status).currentReplicas), age(o, now)];
};

/** extractCSRStatus. */
function csrStatus(o: KubeObject): string {
  const types = new Set(arr(obj(o.status).conditions).map((c) => obj(c).type));
  let status = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) status += ',Failed';
  if (str(obj(o.status).certificate) !== '') status += ',Issued';
  return status;
}

export const csrCells: Cells = (o, now) => {
  const spec = obj(o.spec);
  const signer = str(spec.signerName) === '' ? '<none>' : str(spec.signerName);
  const requested = typeof spec.expirationSeconds === 'number' ? humanDuration(spec.expirationSeconds * 1000) : '<none>';
  return [name(o), age(o, now), signer, str(spec.username), requested, csrStatus(o)];
};

/** formatDiscoveryPorts and formatDiscoveryEndpoints: the first three, then "+ N more...". */
function firstThree(values: string[]): string {
  return listWithMore(values.slice(0, 3), values.length > 3, values.length, 3);
}

export const endpointSliceCells: Cells = (o, now) => {
  const ports = arr(o.ports).map(obj).map((p) => (typeof p.port === 'number' ? String(p.port) : typeof p.name === 'string' ? p.name : '*'));
  const addresses = arr(o.endpoints).flatMap((e) => arr(obj(e).addresses).map(str));
  return [name(o), str(o.addressType), firstThree(ports), firstThree(addresses), age(o, now)];
};

export const runtimeClassCells: Cells = (o, now) => [name(o), str(o.handler), age(o, now)];

export const podDisruptionBudgetCells: Cells = (o, now) => {
  const spec = obj(o.spec);
  const or = (v: unknown): string => (v === undefined || v === null ? 'N/A' : intOrString(v));
  return [name(o), or(spec.minAvailable), or(spec.maxUnavailable), num(obj(o.status).disruptionsAllowed), age(o, now)];
};

export const csiNodeCells: Cells = (o, now) => [name(o), arr(obj(o.spec).drivers).length, age(o, now)];
