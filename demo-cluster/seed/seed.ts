// Initial cluster contents: system and demo namespaces, pods in every visible state, configmaps,
// and optional bulk pods for benchmarks.
import { createHash, randomUUID } from 'node:crypto';
import { storageKey } from '../resources/registry.js';
import type { Store } from '../store/store.js';
import { makeConfigMap, makeNamespace, makePod } from './seed-objects.js';
import type { PodSeed, PodState } from './seed-objects.js';
import { rfc3339 } from '../resources/duration.js';
import type { KubeObject } from '../resources/types.js';
import { registryTypes } from '../resources/index.js';
import { allocateClusterIp } from '../resources/core-extra.js';
import { makeCronJob, makeDaemonSet, makeDeployment, makeJob, makeService, makeStatefulSet } from './seed-workloads.js';
import { seedClusterObjects, seedPodEvents } from './seed-cluster.js';
import { seedSystemObjects } from './seed-system.js';
import { templateHash } from '../controllers/controllers.js';
import { seedPowerPlants } from './seed-power-plants.js';
import { seedHelmReleases } from './seed-helm-releases.js';
import { seedRevisionHistory } from './seed-revisions.js';

const NS = storageKey({ group: '', resource: 'namespaces' });
const PODS = storageKey({ group: '', resource: 'pods' });
const CMS = storageKey({ group: '', resource: 'configmaps' });

export { NODE_NAMES as NODES } from './seed-cluster.js';
import { NODE_NAMES as NODES } from './seed-cluster.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface SeedOptions {
  pods?: number;
  namespaces?: number;
}

let ipCounter = 0;
/** A pod IP from 10.244.0.0/16. */
export function nextPodIp(): string {
  ipCounter++;
  return `10.244.${(ipCounter >> 8) & 255}.${(ipCounter & 255) || 1}`;
}

function hash(n: number): string {
  return (0x5f3a1c9 + n * 7919).toString(16).slice(0, 9).padEnd(9, '7');
}

type WorkloadKind = 'Deployment' | 'StatefulSet' | 'Job' | 'CronJob';

interface Workload {
  kind: WorkloadKind;
  app: string;
  image: string;
  replicas: PodState[];
  restarts?: number;
  port?: number;
  /** A StatefulSet's image before its last update (its revision 1). */
  previousImage?: string;
}

const SYSTEM_PODS: Array<{ name: string; app: string; image: string; node: string }> = [
  { name: 'etcd-demo-node-1', app: 'etcd', image: 'k8s.gcr.io/etcd:3.4.13-0', node: 'demo-node-1' },
  { name: 'kube-apiserver-demo-node-1', app: 'kube-apiserver', image: 'registry.k8s.io/kube-apiserver:v1.37.2', node: 'demo-node-1' },
];

const DEMO_WORKLOADS: Record<string, Workload[]> = {
  'kube-system': [{ kind: 'Deployment', app: 'coredns', image: 'k8s.gcr.io/coredns:1.7.0', replicas: ['Running', 'Running'], port: 53 }],
  default: [{ kind: 'Deployment', app: 'hello', image: 'nginx:1.19', replicas: ['Running'], port: 80 }],
  demo: [
    { kind: 'Deployment', app: 'web', image: 'nginx:1.19', replicas: ['Running', 'Running', 'Running'], port: 80 },
    { kind: 'Deployment', app: 'api', image: 'ghcr.io/kubeglass/demo-api:0.4.1', replicas: ['Running', 'NotReady'], port: 8080 },
    { kind: 'Deployment', app: 'worker', image: 'busybox:1.32', replicas: ['CrashLoopBackOff'], restarts: 7 },
    { kind: 'Job', app: 'migrate', image: 'busybox:1.32', replicas: ['Completed'] },
    { kind: 'Deployment', app: 'cache', image: 'redis:6.0', replicas: ['Pending'], port: 6379 },
  ],
  shop: [
    { kind: 'Deployment', app: 'frontend', image: 'ghcr.io/kubeglass/shop-frontend:1.2.0', replicas: ['Running', 'Running'], port: 3000 },
    { kind: 'Deployment', app: 'cart', image: 'ghcr.io/kubeglass/shop-cart:1.2.0', replicas: ['Running', 'ContainerCreating'], port: 8080 },
    { kind: 'Deployment', app: 'payments', image: 'ghcr.io/kubeglass/shop-payments:1.1.9', replicas: ['ImagePullBackOff'], port: 8443 },
    { kind: 'CronJob', app: 'reports', image: 'busybox:1.32', replicas: ['Error'] },
    { kind: 'StatefulSet', app: 'db', image: 'postgres:13', previousImage: 'postgres:12', replicas: ['Running'], restarts: 1, port: 5432 },
  ],
};

const CONFIGMAPS: Array<{ namespace: string; name: string; data: Record<string, string> }> = [
  { namespace: 'kube-system', name: 'coredns', data: { Corefile: '.:53 {\n    errors\n    health\n    kubernetes cluster.local in-addr.arpa ip6.arpa\n    forward . /etc/resolv.conf\n    cache 30\n}\n' } },
  { namespace: 'kube-system', name: 'kube-proxy', data: { 'config.conf': 'mode: iptables\n', kubeconfig: 'apiVersion: v1\nkind: Config\n' } },
  { namespace: 'kube-public', name: 'cluster-info', data: { kubeconfig: 'apiVersion: v1\nkind: Config\nclusters: []\n' } },
  { namespace: 'demo', name: 'web-config', data: { 'nginx.conf': 'server { listen 80; location / { root /usr/share/nginx/html; } }\n', LOG_LEVEL: 'info' } },
  { namespace: 'demo', name: 'feature-flags', data: { newCheckout: 'true', darkMode: 'false', betaSearch: 'true' } },
  { namespace: 'shop', name: 'shop-settings', data: { currency: 'EUR', taxRate: '0.19' } },
];

/** Fills the store with the default demo contents plus optional bulk pods. Fast: writes go straight to storage. */
export function seedCluster(store: Store, options: SeedOptions = {}, now: number = Date.now()): void {
  const clusterBirth = now - 3 * DAY - 4 * HOUR;
  const namespaces: Array<[string, number, Record<string, string>?]> = [
    ['default', clusterBirth],
    ['kube-node-lease', clusterBirth],
    ['kube-public', clusterBirth],
    ['kube-system', clusterBirth],
    ['demo', now - 2 * DAY, { team: 'platform' }],
    ['shop', now - 5 * HOUR, { team: 'commerce' }],
  ];
  const bulkNamespaces: string[] = [];
  const bulkCount = options.pods ?? 0;
  const bulkNsCount = options.namespaces ?? (bulkCount > 0 ? 10 : 0);
  for (let i = 0; i < bulkNsCount; i++) {
    const name = `bench-${String(i + 1).padStart(2, '0')}`;
    bulkNamespaces.push(name);
    namespaces.push([name, now - HOUR, { purpose: 'bench' }]);
  }
  // Each namespace's kube-root-ca.crt comes from controllers/namespace-furniture.ts (it needs the serving CA).
  for (const [name, at, labels] of namespaces) store.seed(NS, makeNamespace(name, at, labels));
  for (const cm of CONFIGMAPS) store.seed(CMS, makeConfigMap(cm.name, cm.namespace, cm.data, now - 20 * HOUR));

  seedClusterObjects(store, namespaces.map(([name]) => name), clusterBirth, now);
  seedSystemObjects(store, clusterBirth);
  seedPowerPlants(store, now);
  seedHelmReleases(store, now);
  for (const p of SYSTEM_PODS) {
    const pod = makePod({ ...p, namespace: 'kube-system', state: 'Running', createdAt: clusterBirth + 60_000, ip: nextPodIp() });
    // Static pods, as kubeadm runs them: the kubelet's mirrors of manifest files, which the API cannot delete.
    const hash = createHash('md5').update(p.name).digest('hex');
    pod.metadata.annotations = { 'kubernetes.io/config.hash': hash, 'kubernetes.io/config.mirror': hash, 'kubernetes.io/config.source': 'file' };
    store.seed(PODS, pod);
  }
  const proxy = makeDaemonSet({ namespace: 'kube-system', app: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.37.2', replicas: NODES.length, ready: NODES.length, createdAt: clusterBirth + 30_000 });
  // The cluster was upgraded from 1.36 a day after it was made.
  const proxyRevision = seedRevisionHistory(store, proxy, 'DaemonSet', 'registry.k8s.io/kube-proxy:v1.36.4', clusterBirth + 30_000, clusterBirth + DAY);
  store.seed(storageKey(registryTypes.daemonsets), proxy);
  NODES.forEach((node, i) => {
    const pod = makePod({
      name: `kube-proxy-${suffix(i + 101)}`,
      namespace: 'kube-system',
      app: 'kube-proxy',
      image: 'registry.k8s.io/kube-proxy:v1.37.2',
      state: 'Running',
      createdAt: clusterBirth + 60_000,
      node,
      ip: `10.0.0.${11 + i}`,
      labels: { 'k8s-app': 'kube-proxy', 'controller-revision-hash': proxyRevision },
      owner: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'kube-proxy', uid: proxy.metadata.uid ?? '' },
    });
    store.seed(PODS, pod);
  });
  let n = 0;
  for (const [namespace, workloads] of Object.entries(DEMO_WORKLOADS)) {
    for (const w of workloads) {
      const h = hash(n++);
      const createdAt = namespace === 'kube-system' ? clusterBirth + 60_000 : now - (30 + n * 17) * 60_000;
      const shape = { namespace, app: w.app, image: w.image, replicas: w.replicas.length, ready: w.replicas.filter((r) => r === 'Running').length, createdAt, ...(w.port ? { port: w.port } : {}) };
      const podNames: string[] = [];
      let owner: PodSeed['owner'];
      let labels: Record<string, string> = {};
      if (w.kind === 'Deployment') {
        // The ReplicaSet's pod-template-hash is the one the deployment controller computes, so
        // scaling a seeded Deployment reuses its ReplicaSet instead of rolling out a new one.
        const hashed = templateHash((makeDeployment(shape, h).deployment.spec as Record<string, unknown>).template);
        const { deployment, replicaset } = makeDeployment(shape, hashed);
        store.seed(storageKey(registryTypes.deployments), deployment);
        store.seed(storageKey(registryTypes.replicasets), replicaset);
        owner = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: replicaset.metadata.name ?? '', uid: replicaset.metadata.uid ?? '' };
        labels = { 'pod-template-hash': hashed };
        w.replicas.forEach((_, i) => podNames.push(`${w.app}-${hashed}-${suffix(n * 31 + i)}`));
      } else if (w.kind === 'StatefulSet') {
        const sts = makeStatefulSet(shape);
        const revision = seedRevisionHistory(store, sts, 'StatefulSet', w.previousImage ?? `${w.image}-rc`, createdAt, createdAt + 20 * 60_000);
        store.seed(storageKey(registryTypes.statefulsets), sts);
        owner = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: w.app, uid: sts.metadata.uid ?? '' };
        labels = { 'statefulset.kubernetes.io/pod-name': `${w.app}-0`, 'controller-revision-hash': revision };
        w.replicas.forEach((_, i) => podNames.push(`${w.app}-${i}`));
      } else {
        const cron = w.kind === 'CronJob' ? makeCronJob(shape, '0 3 * * *', now - 3 * HOUR) : undefined;
        if (cron) store.seed(storageKey(registryTypes.cronjobs), cron);
        const jobName = cron ? `${w.app}-${Math.floor((now - 3 * HOUR) / 60_000)}` : w.app;
        const job = makeJob({ ...shape, createdAt: cron ? now - 3 * HOUR : createdAt }, jobName, w.replicas[0] === 'Completed', cron);
        store.seed(storageKey(registryTypes.jobs), job);
        owner = { apiVersion: 'batch/v1', kind: 'Job', name: jobName, uid: job.metadata.uid ?? '' };
        labels = { 'controller-uid': job.metadata.uid ?? '', 'job-name': jobName };
        w.replicas.forEach((_, i) => podNames.push(`${jobName}-${suffix(n * 31 + i)}`));
      }
      w.replicas.forEach((state, i) => {
        const seed: PodSeed = {
          name: podNames[i] ?? `${w.app}-${i}`,
          namespace,
          app: w.app,
          image: w.image,
          state,
          createdAt: w.kind === 'CronJob' ? now - 3 * HOUR + 2000 : createdAt + 2000 + i * 3000,
          node: NODES[(n + i) % NODES.length] ?? 'demo-node-1',
          ip: nextPodIp(),
          restarts: w.restarts ?? 0,
          ...(w.port ? { port: w.port } : {}),
          labels,
          ...(owner ? { owner } : {}),
        };
        const pod = makePod(seed);
        store.seed(PODS, pod);
        seedPodEvents(store, pod, state, now);
      });
      if (w.port) {
        const svc = makeService(w.app, namespace, allocateClusterIp(), w.port === 3000 ? 80 : w.port, createdAt, {
          targetPort: w.port,
          ...(w.app === 'frontend' ? { type: 'LoadBalancer', nodePort: 31080 } : {}),
          ...(w.app === 'coredns' ? { selector: { 'k8s-app': 'kube-dns' } } : {}),
        });
        store.seed(storageKey(registryTypes.services), w.app === 'coredns' ? { ...svc, metadata: { ...svc.metadata, name: 'kube-dns' } } : svc);
      }
    }
  }
  if (bulkCount > 0) seedBulkPods(store, bulkCount, bulkNamespaces.length > 0 ? bulkNamespaces : ['default'], now);
}

const BULK_STATES: PodState[] = ['Running', 'Running', 'Running', 'Running', 'Running', 'Running', 'NotReady', 'Pending', 'CrashLoopBackOff', 'Completed'];

/** N pods spread round-robin over namespaces; built from one template for speed. */
function seedBulkPods(store: Store, count: number, namespaces: string[], now: number): void {
  const templates = new Map<PodState, KubeObject>();
  for (const state of BULK_STATES) {
    templates.set(state, makePod({ name: 't', namespace: 't', app: 'load', image: 'nginx:1.19', state, createdAt: now - 45 * 60_000, node: 'demo-node-1', ip: '10.245.0.1' }));
  }
  for (let i = 0; i < count; i++) {
    const state = BULK_STATES[i % BULK_STATES.length] ?? 'Running';
    const template = templates.get(state);
    if (!template) continue;
    const namespace = namespaces[i % namespaces.length] ?? 'default';
    const ip = `10.245.${(i >> 8) & 255}.${i & 255}`;
    const status = template.status as Record<string, unknown>;
    const pod: KubeObject = {
      ...template,
      metadata: {
        ...template.metadata,
        name: `load-${String(i).padStart(5, '0')}`,
        namespace,
        uid: randomUUID(),
        creationTimestamp: rfc3339(now - ((i * 7) % 86_400) * 1000),
        labels: { app: 'load', shard: String(i % 16) },
      },
      spec: { ...(template.spec as Record<string, unknown>), ...(state === 'Pending' ? {} : { nodeName: NODES[i % NODES.length] }) },
      status: status.podIP ? { ...status, podIP: ip, podIPs: [{ ip }] } : status,
    };
    store.seed(PODS, pod);
  }
}

function suffix(n: number): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  let s = '';
  let x = n * 2654435761;
  for (let i = 0; i < 5; i++) {
    s += alphabet.charAt(Math.abs(x) % alphabet.length);
    x = Math.floor(x / alphabet.length) + 17;
  }
  return s;
}
