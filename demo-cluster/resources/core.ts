// Core v1 resource types: namespaces, configmaps, pods.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import { ALL_VERBS } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { namespacePrinter } from '../tables/namespaces.js';
import { configMapPrinter } from '../tables/configmaps.js';
import { podPrinter } from '../tables/pods.js';
import { dns1123LabelErrors } from '../validation/names.js';
import { validatePodUpdate } from './pod-update.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The kubernetes.io/metadata.name label every named namespace carries (since 1.21). */
function labelWithName(o: KubeObject): void {
  if (!o.metadata.name) return;
  o.metadata.labels = { ...o.metadata.labels, 'kubernetes.io/metadata.name': o.metadata.name };
}

export const namespaces: ResourceType = {
  group: '',
  version: 'v1',
  resource: 'namespaces',
  kind: 'Namespace',
  namespaced: false,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  singularName: 'namespace',
  shortNames: ['ns'],
  storageVersionHash: 'Q3oi5N2YM8M=',
  subresources: [
    { name: 'finalize', kind: 'Namespace', verbs: ['update'] },
    { name: 'status', kind: 'Namespace', verbs: ['get', 'patch', 'update'] },
  ],
  hasGeneration: false,
  zeroValue: { spec: {}, status: {} },
  nameRule: 'label',
  printer: namespacePrinter,
  fieldLabels: {
    'status.phase': (o) => str(obj(o.status).phase),
  },
  // SetDefaults_Namespace. The phase is not defaulted here but set by prepareForCreate: status is a reset field of
  // namespaces, so the writer's managedFields never own it.
  defaults: labelWithName,
  prepareForCreate(o) {
    labelWithName(o);
    const spec = obj(o.spec);
    const finalizers = Array.isArray(spec.finalizers) ? spec.finalizers : [];
    o.spec = { ...spec, finalizers: finalizers.includes('kubernetes') ? finalizers : [...finalizers, 'kubernetes'] };
    o.status = { phase: 'Active' };
  },
  prepareForUpdate(o, old) {
    o.status = old.status;
    o.spec = old.spec;
  },
  // namespaceStatusStrategy keeps the spec, namespaceFinalizeStrategy the status; neither resets metadata.
  subresourceUpdates: {
    status(o, old) {
      o.spec = old.spec;
    },
    finalize(o, old) {
      o.status = old.status;
    },
  },
};

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;

export const configmaps: ResourceType = {
  group: '',
  version: 'v1',
  resource: 'configmaps',
  kind: 'ConfigMap',
  namespaced: true,
  verbs: ALL_VERBS,
  singularName: 'configmap',
  shortNames: ['cm'],
  storageVersionHash: 'qFsyl6wFWjQ=',
  subresources: [],
  hasGeneration: false,
  zeroValue: {},
  nameRule: 'subdomain',
  printer: configMapPrinter,
  validate(cm) {
    const errors: FieldError[] = [];
    for (const field of ['data', 'binaryData'] as const) {
      for (const key of Object.keys(obj(cm[field]))) {
        if (!CONFIG_KEY.test(key) || key.length > 253) {
          errors.push({
            type: 'FieldValueInvalid',
            field: `${field}[${key}]`,
            value: key,
            detail:
              "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
          });
        }
      }
    }
    return errors;
  },
};

function defaultContainer(c: JsonObject): JsonObject {
  const image = str(c.image);
  const tagged = /:[^/]+$/.test(image) && !image.endsWith(':latest');
  return {
    ...c,
    resources: c.resources ?? {},
    terminationMessagePath: c.terminationMessagePath ?? '/dev/termination-log',
    terminationMessagePolicy: c.terminationMessagePolicy ?? 'File',
    imagePullPolicy: c.imagePullPolicy ?? (tagged || image.includes('@') ? 'IfNotPresent' : 'Always'),
    ...(Array.isArray(c.ports) ? { ports: c.ports.map((p) => ({ protocol: 'TCP', ...obj(p) })) } : {}),
  };
}

/** SetDefaults_Pod / PodSpec: the fields a real apiserver fills in. */
function defaultPod(pod: KubeObject): void {
  const spec = defaultPodSpec(pod.spec);
  // SetDefaults_Pod (not PodSpec): templates in workloads do not get it.
  pod.spec = { ...spec, enableServiceLinks: spec.enableServiceLinks ?? true };
}

/** NoExecute taints the DefaultTolerationSeconds admission plugin tolerates for 300 s. */
const DEFAULT_TOLERATED_TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

/**
 * What 1.20's default mutating admission adds to a new pod after managedFields were recorded (so
 * they are not tracked there): Priority (no default PriorityClass: priority 0 and the
 * PreemptLowerPriority policy) and DefaultTolerationSeconds (300 s for not-ready/unreachable).
 */
function admitPod(pod: KubeObject): void {
  const spec = obj(pod.spec);
  const tolerations = Array.isArray(spec.tolerations) ? spec.tolerations.map(obj) : [];
  for (const key of DEFAULT_TOLERATED_TAINTS) {
    const covered = tolerations.some((t) => (t.operator === 'Exists' && t.key === undefined) || (t.key === key && (t.effect === undefined || t.effect === '' || t.effect === 'NoExecute')));
    if (!covered) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 });
  }
  pod.spec = {
    ...spec,
    tolerations,
    priority: typeof spec.priority === 'number' ? spec.priority : 0,
    preemptionPolicy: spec.preemptionPolicy ?? 'PreemptLowerPriority',
  };
}

/** SetDefaults for a PodSpec (also used inside workload templates). */
export function defaultPodSpec(raw: unknown): JsonObject {
  const spec = obj(raw);
  return {
    ...spec,
    ...(Array.isArray(spec.containers) ? { containers: spec.containers.map((c) => defaultContainer(obj(c))) } : {}),
    ...(Array.isArray(spec.initContainers) ? { initContainers: spec.initContainers.map((c) => defaultContainer(obj(c))) } : {}),
    restartPolicy: spec.restartPolicy ?? 'Always',
    terminationGracePeriodSeconds: spec.terminationGracePeriodSeconds ?? 30,
    dnsPolicy: spec.dnsPolicy ?? 'ClusterFirst',
    securityContext: spec.securityContext ?? {},
    schedulerName: spec.schedulerName ?? 'default-scheduler',
  };
}

/** Container validation of a PodSpec at a field path (name and image required, names unique). */
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const PORT_RANGE = 'must be between 1 and 65535, inclusive';
/** Printable ASCII (space to tilde) without '='. */
const RELAXED_ENV_VAR_NAME = /^[ -<>-~]+$/;

/** validateContainerPorts: containerPort required and in range, hostPort in range, protocol supported. */
function validateContainerPorts(raw: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (Array.isArray(raw) ? raw : []).forEach((p, i) => {
    const port = obj(p);
    const containerPort = typeof port.containerPort === 'number' ? port.containerPort : 0;
    if (containerPort === 0) errors.push({ type: 'FieldValueRequired', field: `${path}[${i}].containerPort`, hasValue: false });
    else if (containerPort < 1 || containerPort > 65535) errors.push({ type: 'FieldValueInvalid', field: `${path}[${i}].containerPort`, value: containerPort, detail: PORT_RANGE });
    const hostPort = typeof port.hostPort === 'number' ? port.hostPort : 0;
    if (hostPort !== 0 && (hostPort < 1 || hostPort > 65535)) errors.push({ type: 'FieldValueInvalid', field: `${path}[${i}].hostPort`, value: hostPort, detail: PORT_RANGE });
    const protocol = str(port.protocol);
    if (protocol === '') errors.push({ type: 'FieldValueRequired', field: `${path}[${i}].protocol`, hasValue: false });
    else if (!['SCTP', 'TCP', 'UDP'].includes(protocol)) {
      errors.push({ type: 'FieldValueNotSupported', field: `${path}[${i}].protocol`, value: protocol, detail: 'supported values: "SCTP", "TCP", "UDP"' });
    }
  });
  return errors;
}

/** ValidateEnv with IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation, GA since 1.34): printable ASCII but '='. */
function validateEnv(raw: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (Array.isArray(raw) ? raw : []).forEach((e, i) => {
    const name = str(obj(e).name);
    const field = `${path}[${i}].name`;
    if (name === '') errors.push({ type: 'FieldValueRequired', field, hasValue: false });
    else if (!RELAXED_ENV_VAR_NAME.test(name)) errors.push({ type: 'FieldValueInvalid', field, value: name, detail: "a valid environment variable name must consist only of printable ASCII characters other than '='" });
  });
  return errors;
}

export function validatePodSpec(raw: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const spec = obj(raw);
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  if (containers.length === 0) errors.push({ type: 'FieldValueRequired', field: `${path}.containers`, hasValue: false });
  const seen = new Set<string>();
  containers.forEach((c, i) => {
    const container = obj(c);
    const name = str(container.name);
    if (name === '') errors.push({ type: 'FieldValueRequired', field: `${path}.containers[${i}].name`, hasValue: false });
    else {
      for (const detail of dns1123LabelErrors(name)) errors.push({ type: 'FieldValueInvalid', field: `${path}.containers[${i}].name`, value: name, detail });
      if (seen.has(name)) errors.push({ type: 'FieldValueDuplicate', field: `${path}.containers[${i}].name`, value: name });
      seen.add(name);
    }
    if (str(container.image).trim() === '') errors.push({ type: 'FieldValueRequired', field: `${path}.containers[${i}].image`, hasValue: false });
    errors.push(...validateContainerPorts(container.ports, `${path}.containers[${i}].ports`));
    errors.push(...validateEnv(container.env, `${path}.containers[${i}].env`));
    const pullPolicy = container.imagePullPolicy;
    if (pullPolicy !== undefined && pullPolicy !== '' && !PULL_POLICIES.includes(str(pullPolicy))) {
      errors.push({ type: 'FieldValueNotSupported', field: `${path}.containers[${i}].imagePullPolicy`, value: pullPolicy, detail: 'supported values: "Always", "IfNotPresent", "Never"' });
    }
  });
  const restartPolicy = spec.restartPolicy;
  if (restartPolicy !== undefined && !['Always', 'OnFailure', 'Never'].includes(str(restartPolicy))) {
    errors.push({ type: 'FieldValueNotSupported', field: `${path}.restartPolicy`, value: restartPolicy, detail: 'supported values: "Always", "OnFailure", "Never"' });
  }
  return errors;
}

function validatePod(pod: KubeObject, old: KubeObject | undefined): FieldError[] {
  return [...validatePodSpec(pod.spec, 'spec'), ...(old ? validatePodUpdate(pod, old) : [])];
}

export const pods: ResourceType = {
  group: '',
  version: 'v1',
  resource: 'pods',
  kind: 'Pod',
  namespaced: true,
  verbs: ALL_VERBS,
  singularName: 'pod',
  shortNames: ['po'],
  categories: ['all'],
  storageVersionHash: 'xPOwRZ+Yhw8=',
  subresources: [
    { name: 'attach', kind: 'PodAttachOptions', verbs: ['create', 'get'] },
    { name: 'eviction', kind: 'Eviction', verbs: ['create'], group: 'policy', version: 'v1' },
    { name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] },
    { name: 'log', kind: 'Pod', verbs: ['get'] },
    { name: 'portforward', kind: 'PodPortForwardOptions', verbs: ['create', 'get'] },
    { name: 'status', kind: 'Pod', verbs: ['get', 'patch', 'update'] },
  ],
  // Pods have a generation in 1.37 (PodObservedGenerationTracking, GA in 1.35): 1 on create, bumped by spec changes.
  hasGeneration: true,
  zeroValue: { spec: { containers: null }, status: {} },
  nameRule: 'subdomain',
  printer: podPrinter,
  fieldLabels: {
    'spec.nodeName': (p) => str(obj(p.spec).nodeName),
    'spec.restartPolicy': (p) => str(obj(p.spec).restartPolicy),
    'spec.schedulerName': (p) => str(obj(p.spec).schedulerName),
    'spec.serviceAccountName': (p) => str(obj(p.spec).serviceAccountName),
    'status.phase': (p) => str(obj(p.status).phase),
    'status.podIP': (p) => str(obj(p.status).podIP),
    'status.nominatedNodeName': (p) => str(obj(p.status).nominatedNodeName),
  },
  defaults: defaultPod,
  prepareForCreate(pod) {
    pod.status = { phase: 'Pending', qosClass: 'BestEffort' };
    admitPod(pod);
  },
  prepareForUpdate(pod, old) {
    pod.status = old.status;
  },
  validate: validatePod,
  deleteReturnsObject: true,
};
