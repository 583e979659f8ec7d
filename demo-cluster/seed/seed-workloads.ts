// Builders for seeded controllers and cluster furniture: workloads owning the seeded pods, nodes,
// services, secrets, service accounts, events, an ingress and RBAC objects.
import { randomUUID } from 'node:crypto';
import { rfc3339 } from '../resources/duration.js';
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../resources/types.js';

function managed(manager: string, time: string, apiVersion: string, fieldsV1: JsonObject): ManagedFieldsEntry {
  return { manager, operation: 'Update', apiVersion, time, fieldsType: 'FieldsV1', fieldsV1 };
}

function meta(name: string, namespace: string | undefined, createdAt: number, extra: JsonObject = {}): KubeObject['metadata'] {
  return { name, ...(namespace ? { namespace } : {}), uid: randomUUID(), creationTimestamp: rfc3339(createdAt), ...extra };
}

function podTemplate(app: string, image: string, extraLabels: Record<string, string> = {}, port?: number): JsonObject {
  return {
    metadata: { labels: { app, ...extraLabels } },
    spec: {
      containers: [
        {
          name: app,
          image,
          ...(port ? { ports: [{ containerPort: port, protocol: 'TCP' }] } : {}),
          resources: {},
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          imagePullPolicy: 'IfNotPresent',
        },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      securityContext: {},
      schedulerName: 'default-scheduler',
    },
  };
}

export interface WorkloadShape {
  namespace: string;
  app: string;
  image: string;
  replicas: number;
  ready: number;
  createdAt: number;
  port?: number;
}

/** A Deployment and its current ReplicaSet (pod-template-hash = hash). */
export function makeDeployment(w: WorkloadShape, hash: string): { deployment: KubeObject; replicaset: KubeObject } {
  const created = rfc3339(w.createdAt);
  const depMeta = meta(w.app, w.namespace, w.createdAt, {
    generation: 1,
    labels: { app: w.app },
    annotations: { 'deployment.kubernetes.io/revision': '1' },
    managedFields: [
      managed('kubectl-create', created, 'apps/v1', { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:replicas': {}, 'f:selector': {}, 'f:template': {} } }),
      managed('kube-controller-manager', created, 'apps/v1', { 'f:status': { 'f:availableReplicas': {}, 'f:conditions': {}, 'f:readyReplicas': {}, 'f:replicas': {}, 'f:updatedReplicas': {} } }),
    ],
  });
  const available = w.ready === w.replicas;
  const deployment: KubeObject = {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: depMeta,
    spec: {
      replicas: w.replicas,
      selector: { matchLabels: { app: w.app } },
      template: podTemplate(w.app, w.image, {}, w.port),
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    },
    status: {
      observedGeneration: 1,
      replicas: w.replicas,
      updatedReplicas: w.replicas,
      readyReplicas: w.ready,
      availableReplicas: w.ready,
      ...(w.ready < w.replicas ? { unavailableReplicas: w.replicas - w.ready } : {}),
      conditions: [
        {
          type: 'Available',
          status: available ? 'True' : 'False',
          lastUpdateTime: created,
          lastTransitionTime: created,
          reason: available ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable',
          message: available ? 'Deployment has minimum availability.' : 'Deployment does not have minimum availability.',
        },
        {
          type: 'Progressing',
          status: 'True',
          lastUpdateTime: created,
          lastTransitionTime: created,
          reason: 'NewReplicaSetAvailable',
          message: `ReplicaSet "${w.app}-${hash}" has successfully progressed.`,
        },
      ],
    },
  };
  const replicaset: KubeObject = {
    kind: 'ReplicaSet',
    apiVersion: 'apps/v1',
    metadata: meta(`${w.app}-${hash}`, w.namespace, w.createdAt + 1000, {
      generation: 1,
      labels: { app: w.app, 'pod-template-hash': hash },
      annotations: { 'deployment.kubernetes.io/desired-replicas': String(w.replicas), 'deployment.kubernetes.io/max-replicas': String(w.replicas + 1), 'deployment.kubernetes.io/revision': '1' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: w.app, uid: depMeta.uid, controller: true, blockOwnerDeletion: true }],
      managedFields: [managed('kube-controller-manager', created, 'apps/v1', { 'f:metadata': { 'f:ownerReferences': {} }, 'f:spec': { 'f:replicas': {} }, 'f:status': { 'f:replicas': {} } })],
    }),
    spec: {
      replicas: w.replicas,
      selector: { matchLabels: { app: w.app, 'pod-template-hash': hash } },
      template: podTemplate(w.app, w.image, { 'pod-template-hash': hash }, w.port),
    },
    status: { replicas: w.replicas, fullyLabeledReplicas: w.replicas, readyReplicas: w.ready, availableReplicas: w.ready, observedGeneration: 1 },
  };
  return { deployment, replicaset };
}

/** A StatefulSet whose pods are NAME-0..N-1. */
export function makeStatefulSet(w: WorkloadShape): KubeObject {
  return {
    kind: 'StatefulSet',
    apiVersion: 'apps/v1',
    metadata: meta(w.app, w.namespace, w.createdAt, { generation: 1, labels: { app: w.app } }),
    spec: {
      replicas: w.replicas,
      selector: { matchLabels: { app: w.app } },
      template: podTemplate(w.app, w.image, {}, w.port),
      serviceName: w.app,
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    },
    status: { observedGeneration: 1, replicas: w.replicas, readyReplicas: w.ready, availableReplicas: w.ready, currentReplicas: w.replicas, updatedReplicas: w.replicas, collisionCount: 0 },
  };
}

/** A DaemonSet scheduled on `nodes` nodes. */
export function makeDaemonSet(w: WorkloadShape): KubeObject {
  return {
    kind: 'DaemonSet',
    apiVersion: 'apps/v1',
    metadata: meta(w.app, w.namespace, w.createdAt, { generation: 1, labels: { 'k8s-app': w.app } }),
    spec: {
      selector: { matchLabels: { 'k8s-app': w.app } },
      template: { metadata: { labels: { 'k8s-app': w.app } }, spec: { ...(podTemplate(w.app, w.image).spec as JsonObject), nodeSelector: { 'kubernetes.io/os': 'linux' } } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      revisionHistoryLimit: 10,
    },
    status: {
      currentNumberScheduled: w.replicas,
      numberMisscheduled: 0,
      desiredNumberScheduled: w.replicas,
      numberReady: w.ready,
      observedGeneration: 1,
      updatedNumberScheduled: w.replicas,
      numberAvailable: w.ready,
    },
  };
}

/** A Job that ran once (succeeded or failed). */
export function makeJob(w: WorkloadShape, name: string, succeeded: boolean, owner?: KubeObject): KubeObject {
  const uid = randomUUID();
  const started = rfc3339(w.createdAt + 1000);
  return {
    kind: 'Job',
    apiVersion: 'batch/v1',
    metadata: {
      ...meta(name, w.namespace, w.createdAt, { labels: { 'controller-uid': uid, 'job-name': name } }),
      uid,
      ...(owner
        ? { ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }] }
        : {}),
    },
    spec: {
      parallelism: 1,
      completions: 1,
      backoffLimit: succeeded ? 6 : 0,
      selector: { matchLabels: { 'controller-uid': uid } },
      template: { ...podTemplate(w.app, w.image, { 'controller-uid': uid, 'job-name': name }), spec: { ...(podTemplate(w.app, w.image).spec as JsonObject), restartPolicy: 'Never' } },
    },
    status: succeeded
      ? { conditions: [{ type: 'Complete', status: 'True', lastProbeTime: rfc3339(w.createdAt + 9000), lastTransitionTime: rfc3339(w.createdAt + 9000) }], startTime: started, completionTime: rfc3339(w.createdAt + 9000), succeeded: 1 }
      : {
          conditions: [{ type: 'Failed', status: 'True', lastProbeTime: rfc3339(w.createdAt + 9000), lastTransitionTime: rfc3339(w.createdAt + 9000), reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }],
          startTime: started,
          failed: 1,
        },
  };
}

/** A CronJob (batch/v1). */
export function makeCronJob(w: WorkloadShape, schedule: string, lastSchedule?: number): KubeObject {
  return {
    kind: 'CronJob',
    apiVersion: 'batch/v1',
    metadata: meta(w.app, w.namespace, w.createdAt, { generation: 1 }),
    spec: {
      schedule,
      concurrencyPolicy: 'Forbid',
      suspend: false,
      jobTemplate: { metadata: {}, spec: { template: { ...podTemplate(w.app, w.image), spec: { ...(podTemplate(w.app, w.image).spec as JsonObject), restartPolicy: 'Never' } } } },
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
    },
    status: lastSchedule !== undefined ? { lastScheduleTime: rfc3339(lastSchedule) } : {},
  };
}

/** A Node reporting Ready with a kubelet of the cluster's version. */
export function makeNode(name: string, ip: string, createdAt: number, controlPlane: boolean): KubeObject {
  const t = rfc3339(createdAt + 30_000);
  const cond = (type: string, status: string, reason: string, message: string): JsonObject => ({ type, status, lastHeartbeatTime: rfc3339(Date.now() - 20_000), lastTransitionTime: t, reason, message });
  return {
    kind: 'Node',
    apiVersion: 'v1',
    metadata: meta(name, undefined, createdAt, {
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        ...(controlPlane ? { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' } : {}),
      },
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    }),
    spec: { podCIDR: `10.244.${ip.split('.')[3] ?? '0'}.0/24`, podCIDRs: [`10.244.${ip.split('.')[3] ?? '0'}.0/24`], ...(controlPlane ? { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] } : {}) },
    status: {
      capacity: { cpu: '4', 'ephemeral-storage': '102350Mi', memory: '16393364Ki', pods: '110' },
      allocatable: { cpu: '4', 'ephemeral-storage': '96589578081', memory: '16290964Ki', pods: '110' },
      conditions: [
        cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
      ],
      addresses: [
        { type: 'InternalIP', address: ip },
        { type: 'Hostname', address: name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: randomUUID().replace(/-/g, ''),
        systemUUID: randomUUID(),
        bootID: randomUUID(),
        kernelVersion: '5.10.0-21-amd64',
        osImage: 'Debian GNU/Linux 11 (bullseye)',
        containerRuntimeVersion: 'containerd://1.4.3',
        kubeletVersion: 'v1.37.2',
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
    },
  };
}

/** A Service selecting app=NAME. */
export function makeService(name: string, namespace: string, clusterIP: string, port: number, createdAt: number, opts: { targetPort?: number; type?: string; nodePort?: number; selector?: Record<string, string> | null } = {}): KubeObject {
  const type = opts.type ?? 'ClusterIP';
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: meta(name, namespace, createdAt, opts.selector === null ? { labels: { component: 'apiserver', provider: 'kubernetes' } } : { labels: { app: name } }),
    spec: {
      ports: [{ ...(opts.selector === null ? { name: 'https' } : {}), protocol: 'TCP', port, targetPort: opts.targetPort ?? port, ...(opts.nodePort ? { nodePort: opts.nodePort } : {}) }],
      ...(opts.selector === null ? {} : { selector: opts.selector ?? { app: name } }),
      clusterIP,
      clusterIPs: [clusterIP],
      type,
      sessionAffinity: 'None',
      ...(type === 'LoadBalancer' || type === 'NodePort' ? { externalTrafficPolicy: 'Cluster' } : {}),
    },
    status: { loadBalancer: type === 'LoadBalancer' ? { ingress: [{ ip: '192.0.2.40' }] } : {} },
  };
}

/** A Secret with base64 data. */
export function makeSecret(name: string, namespace: string, type: string, data: Record<string, string>, createdAt: number, annotations?: Record<string, string>): KubeObject {
  const encoded: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) encoded[k] = Buffer.from(v).toString('base64');
  return { kind: 'Secret', apiVersion: 'v1', metadata: meta(name, namespace, createdAt, annotations ? { annotations } : {}), data: encoded, type };
}

/** A ServiceAccount (no token Secret, as since 1.24). */
export function makeServiceAccount(name: string, namespace: string, createdAt: number): KubeObject {
  return { kind: 'ServiceAccount', apiVersion: 'v1', metadata: meta(name, namespace, createdAt) };
}

/** A core/v1 Event about an object. */
export function makeEvent(
  target: KubeObject,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
  at: number,
  opts: { count?: number; first?: number; component?: string; host?: string; fieldPath?: string } = {},
): KubeObject {
  const ns = target.metadata.namespace ?? 'default';
  const name = `${target.metadata.name ?? 'x'}.${(at * 1_000_000 + reason.length).toString(16).slice(-16)}`;
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: meta(name, ns, at),
    involvedObject: {
      kind: target.kind,
      namespace: ns,
      name: target.metadata.name,
      uid: target.metadata.uid,
      apiVersion: target.apiVersion,
      ...(opts.fieldPath ? { fieldPath: opts.fieldPath } : {}),
    },
    reason,
    message,
    source: { component: opts.component ?? 'kubelet', ...(opts.host ? { host: opts.host } : {}) },
    firstTimestamp: rfc3339(opts.first ?? at),
    lastTimestamp: rfc3339(at),
    count: opts.count ?? 1,
    type,
    eventTime: null,
    reportingComponent: '',
    reportingInstance: '',
  };
}

/** An Ingress routing a host to a service. */
export function makeIngress(name: string, namespace: string, host: string, service: string, port: number, createdAt: number): KubeObject {
  return {
    kind: 'Ingress',
    apiVersion: 'networking.k8s.io/v1',
    metadata: meta(name, namespace, createdAt, { generation: 1 }),
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: [host], secretName: `${name}-tls` }],
      rules: [{ host, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: service, port: { number: port } } } }] } }],
    },
    status: { loadBalancer: { ingress: [{ ip: '192.0.2.40' }] } },
  };
}

/** RBAC: a ClusterRole with rules. */
export function makeClusterRole(name: string, rules: JsonObject[], createdAt: number, labels?: Record<string, string>): KubeObject {
  return { kind: 'ClusterRole', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: meta(name, undefined, createdAt, labels ? { labels } : {}), rules };
}

/** RBAC: a Role with rules. */
export function makeRole(name: string, namespace: string, rules: JsonObject[], createdAt: number): KubeObject {
  return { kind: 'Role', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: meta(name, namespace, createdAt), rules };
}

/** RBAC: a (Cluster)RoleBinding. */
export function makeBinding(kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, namespace: string | undefined, roleRef: { kind: string; name: string }, subjects: JsonObject[], createdAt: number): KubeObject {
  return {
    kind,
    apiVersion: 'rbac.authorization.k8s.io/v1',
    metadata: meta(name, namespace, createdAt),
    subjects,
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...roleRef },
  };
}
