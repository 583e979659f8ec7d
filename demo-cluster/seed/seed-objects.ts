// Builders for realistic seed objects (what a kubelet and controllers would have written).
import { randomUUID } from 'node:crypto';
import { rfc3339 } from '../resources/duration.js';
import type { KubeObject, ManagedFieldsEntry } from '../resources/types.js';

export type PodState = 'Running' | 'NotReady' | 'Pending' | 'ContainerCreating' | 'CrashLoopBackOff' | 'Completed' | 'Error' | 'ImagePullBackOff';

export interface PodSeed {
  name: string;
  namespace: string;
  app: string;
  image: string;
  state: PodState;
  createdAt: number;
  node?: string;
  ip?: string;
  restarts?: number;
  /** The container's one declared TCP port, as its workload's template has it. */
  port?: number;
  labels?: Record<string, string>;
  /** The controller owning the pod (ReplicaSet, StatefulSet, Job, DaemonSet). */
  owner?: { apiVersion: string; kind: string; name: string; uid: string };
}

const KCM_FIELDS = {
  'f:metadata': { 'f:generateName': {}, 'f:labels': { '.': {}, 'f:app': {} } },
  'f:spec': { 'f:containers': {}, 'f:dnsPolicy': {}, 'f:restartPolicy': {}, 'f:schedulerName': {}, 'f:securityContext': {}, 'f:terminationGracePeriodSeconds': {} },
};
const KUBELET_FIELDS = {
  'f:status': { 'f:conditions': {}, 'f:containerStatuses': {}, 'f:hostIP': {}, 'f:phase': {}, 'f:podIP': {}, 'f:podIPs': {}, 'f:startTime': {} },
};

function managed(manager: string, time: string, fieldsV1: Record<string, unknown>): ManagedFieldsEntry {
  return { manager, operation: 'Update', apiVersion: 'v1', time, fieldsType: 'FieldsV1', fieldsV1 };
}

/** The container status and pod phase/conditions for a visible pod state. */
export function podStatusFor(seed: Pick<PodSeed, 'state' | 'image' | 'node' | 'ip' | 'restarts' | 'createdAt'>, containerName: string): Record<string, unknown> {
  const started = rfc3339(seed.createdAt + 2000);
  const restarts = seed.restarts ?? 0;
  const containerID = `containerd://${randomUUID().replace(/-/g, '')}`;
  const base = { name: containerName, image: seed.image, imageID: `docker.io/library/${seed.image}@sha256:${'0'.repeat(8)}`, restartCount: restarts };
  const cond = (type: string, status: boolean): Record<string, unknown> => ({
    type,
    status: status ? 'True' : 'False',
    lastProbeTime: null,
    lastTransitionTime: started,
  });
  if (seed.state === 'Pending') {
    return { phase: 'Pending', conditions: [{ ...cond('PodScheduled', false), reason: 'Unschedulable', message: '0/3 nodes are available: 3 Insufficient cpu.' }], qosClass: 'BestEffort' };
  }
  let phase = 'Running';
  let ready = false;
  let state: Record<string, unknown>;
  let lastState: Record<string, unknown> = {};
  switch (seed.state) {
    case 'Running':
      ready = true;
      state = { running: { startedAt: started } };
      break;
    case 'NotReady':
      state = { running: { startedAt: started } };
      break;
    case 'ContainerCreating':
      phase = 'Pending';
      state = { waiting: { reason: 'ContainerCreating' } };
      break;
    case 'ImagePullBackOff':
      phase = 'Pending';
      state = { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${seed.image}"` } };
      break;
    case 'CrashLoopBackOff':
      state = { waiting: { reason: 'CrashLoopBackOff', message: `back-off 5m0s restarting failed container=${containerName}` } };
      lastState = { terminated: { exitCode: 1, reason: 'Error', startedAt: started, finishedAt: started, containerID } };
      break;
    case 'Completed':
      phase = 'Succeeded';
      state = { terminated: { exitCode: 0, reason: 'Completed', startedAt: started, finishedAt: started, containerID } };
      break;
    case 'Error':
      phase = 'Failed';
      state = { terminated: { exitCode: 2, reason: 'Error', startedAt: started, finishedAt: started, containerID } };
      break;
  }
  const containerStatus: Record<string, unknown> = { ...base, state, lastState, ready, started: seed.state === 'Running' || seed.state === 'NotReady' };
  if (seed.state !== 'ContainerCreating' && seed.state !== 'ImagePullBackOff') containerStatus.containerID = containerID;
  const done = seed.state === 'Completed' || seed.state === 'Error';
  const status: Record<string, unknown> = {
    phase,
    conditions: [
      cond('Initialized', true),
      { ...cond('Ready', ready), ...(ready || done ? {} : { reason: 'ContainersNotReady', message: `containers with unready status: [${containerName}]` }) },
      { ...cond('ContainersReady', ready), ...(ready || done ? {} : { reason: 'ContainersNotReady', message: `containers with unready status: [${containerName}]` }) },
      cond('PodScheduled', true),
    ],
    hostIP: '10.0.0.' + String(((seed.node ?? '').length % 3) + 11),
  };
  if (seed.ip && phase !== 'Pending') {
    status.podIP = seed.ip;
    status.podIPs = [{ ip: seed.ip }];
  }
  status.startTime = rfc3339(seed.createdAt + 1000);
  status.containerStatuses = [containerStatus];
  status.qosClass = 'BestEffort';
  return status;
}

/** A complete Pod as a cluster would store it. */
export function makePod(seed: PodSeed): KubeObject {
  const created = rfc3339(seed.createdAt);
  const containerName = seed.app;
  const spec: Record<string, unknown> = {
    volumes: [{ name: 'default-token-demo', secret: { secretName: 'default-token-demo', defaultMode: 420 } }],
    containers: [
      {
        name: containerName,
        image: seed.image,
        ...(seed.port ? { ports: [{ containerPort: seed.port, protocol: 'TCP' }] } : {}),
        resources: {},
        volumeMounts: [{ name: 'default-token-demo', readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }],
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        imagePullPolicy: 'IfNotPresent',
      },
    ],
    restartPolicy: seed.state === 'Completed' || seed.state === 'Error' ? 'Never' : 'Always',
    terminationGracePeriodSeconds: 30,
    dnsPolicy: 'ClusterFirst',
    serviceAccountName: 'default',
    serviceAccount: 'default',
    ...(seed.node && seed.state !== 'Pending' ? { nodeName: seed.node } : {}),
    securityContext: {},
    schedulerName: 'default-scheduler',
    tolerations: [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ],
    priority: 0,
    enableServiceLinks: true,
    preemptionPolicy: 'PreemptLowerPriority',
  };
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: {
      name: seed.name,
      namespace: seed.namespace,
      uid: randomUUID(),
      creationTimestamp: created,
      labels: { app: seed.app, ...(seed.labels ?? {}) },
      ...(seed.owner ? { ownerReferences: [{ ...seed.owner, controller: true, blockOwnerDeletion: true }] } : {}),
      managedFields: [managed('kube-controller-manager', created, KCM_FIELDS), managed('kubelet', rfc3339(seed.createdAt + 3000), KUBELET_FIELDS)],
    },
    spec,
    status: podStatusFor(seed, containerName),
  };
}

/** A Namespace in phase Active. */
export function makeNamespace(name: string, createdAt: number, labels?: Record<string, string>): KubeObject {
  const created = rfc3339(createdAt);
  const allLabels = { ...labels, 'kubernetes.io/metadata.name': name };
  const ownedLabels = Object.fromEntries([['.', {}], ...Object.keys(allLabels).sort().map((k) => [`f:${k}`, {}])]);
  return {
    kind: 'Namespace',
    apiVersion: 'v1',
    metadata: {
      name,
      uid: randomUUID(),
      creationTimestamp: created,
      labels: allLabels,
      managedFields: [managed(name.startsWith('kube-') || name === 'default' ? 'kube-apiserver' : 'kubectl-create', created, { 'f:metadata': { 'f:labels': ownedLabels } })],
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  };
}

/** A ConfigMap with the given data. */
export function makeConfigMap(name: string, namespace: string, data: Record<string, string>, createdAt: number, manager = 'kubectl-create'): KubeObject {
  const created = rfc3339(createdAt);
  const fields: Record<string, unknown> = { '.': {} };
  for (const k of Object.keys(data)) fields[`f:${k}`] = {};
  return {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: {
      name,
      namespace,
      uid: randomUUID(),
      creationTimestamp: created,
      managedFields: [managed(manager, created, { 'f:data': fields })],
    },
    data,
  };
}
