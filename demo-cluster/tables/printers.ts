// Row printers for the types beyond pods/namespaces/configmaps: ports of the 1.20 print* functions
// in pkg/printers/internalversion/printers.go (server side always prints the wide columns).
import type { KubeObject } from '../resources/types.js';
import { humanDuration } from '../../wire/human-duration.js';
import { ageSince } from '../resources/duration.js';
import { arr, containerCells, formatLabelSelector, formatLabels, labelSelectorString, num, obj, str } from './format.js';

type Cells = (o: KubeObject, now: number) => unknown[];

const name = (o: KubeObject): string => o.metadata.name ?? '';
const age = (o: KubeObject, now: number): string => ageSince(o.metadata.creationTimestamp, now);
const spec = (o: KubeObject): Record<string, unknown> => obj(o.spec);
const status = (o: KubeObject): Record<string, unknown> => obj(o.status);
const templateSpec = (o: KubeObject): unknown => obj(obj(spec(o).template).spec);

function loadBalancerIngress(lb: unknown): string {
  const set = new Set<string>();
  for (const i of arr(obj(lb).ingress).map(obj)) {
    if (str(i.ip)) set.add(str(i.ip));
    else if (str(i.hostname)) set.add(str(i.hostname));
  }
  return [...set].sort().join(',');
}

function serviceExternalIP(o: KubeObject): string {
  const s = spec(o);
  const external = arr(s.externalIPs).map(String);
  switch (s.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length > 0 ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerIngress(obj(status(o).loadBalancer));
      if (external.length > 0) return [...(lb ? lb.split(',') : []), ...external].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return str(s.externalName);
    default:
      return '<unknown>';
  }
}

export const serviceCells: Cells = (o, now) => {
  const s = spec(o);
  const clusterIPs = arr(s.clusterIPs).map(String);
  const ports = arr(s.ports)
    .map(obj)
    .map((p) => (num(p.nodePort) > 0 ? `${num(p.port)}:${num(p.nodePort)}/${str(p.protocol)}` : `${num(p.port)}/${str(p.protocol)}`))
    .join(',');
  return [name(o), str(s.type), clusterIPs[0] ?? (str(s.clusterIP) || '<none>'), serviceExternalIP(o), ports || '<none>', age(o, now), formatLabels(s.selector)];
};

export const secretCells: Cells = (o, now) => [name(o), str(o.type), Object.keys(obj(o.data)).length, age(o, now)];

export const serviceAccountCells: Cells = (o, now) => [name(o), age(o, now)];

export const nodeCells: Cells = (o, now) => {
  const conditions = arr(status(o).conditions).map(obj);
  const ready = conditions.find((c) => c.type === 'Ready');
  const st: string[] = [];
  if (ready) st.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (st.length === 0) st.push('Unknown');
  if (spec(o).unschedulable === true) st.push('SchedulingDisabled');
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(o.metadata.labels ?? {})) {
    if (k.startsWith('node-role.kubernetes.io/') && k.length > 'node-role.kubernetes.io/'.length) roles.add(k.slice('node-role.kubernetes.io/'.length));
    else if (k === 'kubernetes.io/role' && v !== '') roles.add(v);
  }
  const info = obj(status(o).nodeInfo);
  const address = (type: string): string => str(arr(status(o).addresses).map(obj).find((a) => a.type === type)?.address) || '<none>';
  return [
    name(o),
    st.join(','),
    [...roles].sort().join(',') || '<none>',
    age(o, now),
    str(info.kubeletVersion),
    address('InternalIP'),
    address('ExternalIP'),
    str(info.osImage) || '<unknown>',
    str(info.kernelVersion) || '<unknown>',
    str(info.containerRuntimeVersion) || '<unknown>',
  ];
};

export const eventCells: Cells = (o, now) => {
  const first = o.firstTimestamp ? ageSince(o.firstTimestamp, now) : ageSince(o.eventTime, now);
  let last = o.lastTimestamp ? ageSince(o.lastTimestamp, now) : first;
  let count = num(o.count);
  const series = obj(o.series);
  if (o.series !== undefined && o.series !== null) {
    last = ageSince(series.lastObservedTime, now);
    count = num(series.count) + 1;
  } else if (count === 0) count = 1;
  const involved = obj(o.involvedObject);
  const kind = str(involved.kind).toLowerCase();
  const target = str(involved.name) ? `${kind}/${str(involved.name)}` : kind;
  const source = obj(o.source);
  const component = str(source.component) || str(o.reportingComponent);
  const host = str(source.host) || str(o.reportingInstance);
  return [last, str(o.type), str(o.reason), target, str(involved.fieldPath), host ? `${component}, ${host}` : component, str(o.message).trim(), first, count, name(o)];
};

export const deploymentCells: Cells = (o, now) => {
  const [names, images] = containerCells(templateSpec(o));
  const st = status(o);
  return [name(o), `${num(st.readyReplicas)}/${num(spec(o).replicas)}`, num(st.updatedReplicas), num(st.availableReplicas), age(o, now), names, images, labelSelectorString(spec(o).selector)];
};

export const replicaSetCells: Cells = (o, now) => {
  const [names, images] = containerCells(templateSpec(o));
  const st = status(o);
  return [name(o), num(spec(o).replicas), num(st.replicas), num(st.readyReplicas), age(o, now), names, images, formatLabelSelector(spec(o).selector)];
};

export const statefulSetCells: Cells = (o, now) => {
  const [names, images] = containerCells(templateSpec(o));
  return [name(o), `${num(status(o).readyReplicas)}/${num(spec(o).replicas)}`, age(o, now), names, images];
};

export const daemonSetCells: Cells = (o, now) => {
  const [names, images] = containerCells(templateSpec(o));
  const st = status(o);
  return [
    name(o),
    num(st.desiredNumberScheduled),
    num(st.currentNumberScheduled),
    num(st.numberReady),
    num(st.updatedNumberScheduled),
    num(st.numberAvailable),
    formatLabels(obj(templateSpec(o)).nodeSelector),
    age(o, now),
    names,
    images,
    formatLabelSelector(spec(o).selector),
  ];
};

export const jobCells: Cells = (o, now) => {
  const s = spec(o);
  const st = status(o);
  let completions: string;
  if (typeof s.completions === 'number') completions = `${num(st.succeeded)}/${s.completions}`;
  else completions = num(s.parallelism) > 1 ? `${num(st.succeeded)}/1 of ${num(s.parallelism)}` : `${num(st.succeeded)}/1`;
  let duration = '';
  const start = Date.parse(str(st.startTime));
  if (!Number.isNaN(start)) {
    const end = Date.parse(str(st.completionTime));
    duration = humanDuration((Number.isNaN(end) ? now : end) - start);
  }
  const [names, images] = containerCells(templateSpec(o));
  return [name(o), jobStatus(o), completions, duration, age(o, now), names, images, formatLabelSelector(s.selector)];
};

/** printJob's Status: the first True condition of these, in this order, Terminating before Suspended. */
function jobStatus(o: KubeObject): string {
  const conditions = arr(status(o).conditions).map(obj);
  // hasJobCondition: the first condition of the type decides.
  const has = (type: string): boolean => conditions.find((c) => c.type === type)?.status === 'True';
  if (has('Complete')) return 'Complete';
  if (has('Failed')) return 'Failed';
  if (o.metadata.deletionTimestamp) return 'Terminating';
  if (has('Suspended')) return 'Suspended';
  if (has('FailureTarget')) return 'FailureTarget';
  if (has('SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

export const cronJobCells: Cells = (o, now) => {
  const s = spec(o);
  const st = status(o);
  const jobSpec = obj(obj(s.jobTemplate).spec);
  const [names, images] = containerCells(obj(obj(jobSpec.template).spec));
  const suspend = typeof s.suspend === 'boolean' ? (s.suspend ? 'True' : 'False') : '<unset>';
  const last = st.lastScheduleTime ? ageSince(st.lastScheduleTime, now) : '<none>';
  const timeZone = typeof s.timeZone === 'string' ? s.timeZone : '<none>';
  return [name(o), str(s.schedule), timeZone, suspend, arr(st.active).length, last, age(o, now), names, images, formatLabelSelector(jobSpec.selector)];
};

export const ingressCells: Cells = (o, now) => {
  const s = spec(o);
  const rules = arr(s.rules).map(obj);
  const hosts: string[] = [];
  let more = false;
  for (const r of rules) {
    if (hosts.length === 3) more = true;
    if (!more && str(r.host)) hosts.push(str(r.host));
  }
  let hostText = hosts.length === 0 ? '*' : hosts.join(',');
  if (more) hostText = `${hostText} + ${rules.length - 3} more...`;
  return [name(o), str(s.ingressClassName) || '<none>', hostText, loadBalancerIngress(obj(status(o).loadBalancer)), arr(s.tls).length > 0 ? '80, 443' : '80', age(o, now)];
};

/** rbac.SubjectsStrings: users, groups, "ns/name" service accounts. */
function subjects(o: KubeObject): [string, string, string] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of arr(o.subjects).map(obj)) {
    if (s.kind === 'User') users.push(str(s.name));
    else if (s.kind === 'Group') groups.push(str(s.name));
    else if (s.kind === 'ServiceAccount') sas.push(`${str(s.namespace)}/${str(s.name)}`);
  }
  return [users.join(', '), groups.join(', '), sas.join(', ')];
}

export const roleBindingCells: Cells = (o, now) => {
  const ref = obj(o.roleRef);
  return [name(o), `${str(ref.kind)}/${str(ref.name)}`, age(o, now), ...subjects(o)];
};
