// Initial cluster contents: system and demo namespaces, pods in every visible state, configmaps,
// and optional bulk pods for benchmarks.
import { randomUUID } from 'node:crypto';
import { storageKey } from './registry.js';
import type { Store } from './store.js';
import { makeConfigMap, makeNamespace, makePod } from './seed-objects.js';
import type { PodSeed, PodState } from './seed-objects.js';
import { rfc3339 } from './duration.js';
import type { KubeObject } from './types.js';

const NS = storageKey({ group: '', resource: 'namespaces' });
const PODS = storageKey({ group: '', resource: 'pods' });
const CMS = storageKey({ group: '', resource: 'configmaps' });

export const NODES = ['demo-node-1', 'demo-node-2', 'demo-node-3'];

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

interface Workload {
  app: string;
  image: string;
  replicas: PodState[];
  restarts?: number;
}

const SYSTEM_PODS: Array<{ name: string; app: string; image: string; node: string }> = [
  { name: 'coredns-74ff55c5b-7xq2m', app: 'coredns', image: 'k8s.gcr.io/coredns:1.7.0', node: 'demo-node-1' },
  { name: 'coredns-74ff55c5b-kp9wd', app: 'coredns', image: 'k8s.gcr.io/coredns:1.7.0', node: 'demo-node-2' },
  { name: 'etcd-demo-node-1', app: 'etcd', image: 'k8s.gcr.io/etcd:3.4.13-0', node: 'demo-node-1' },
  { name: 'kube-apiserver-demo-node-1', app: 'kube-apiserver', image: 'k8s.gcr.io/kube-apiserver:v1.20.2', node: 'demo-node-1' },
  { name: 'kube-proxy-2xkdf', app: 'kube-proxy', image: 'k8s.gcr.io/kube-proxy:v1.20.2', node: 'demo-node-1' },
  { name: 'kube-proxy-9wl4c', app: 'kube-proxy', image: 'k8s.gcr.io/kube-proxy:v1.20.2', node: 'demo-node-2' },
  { name: 'kube-proxy-tq7zn', app: 'kube-proxy', image: 'k8s.gcr.io/kube-proxy:v1.20.2', node: 'demo-node-3' },
];

const DEMO_WORKLOADS: Record<string, Workload[]> = {
  default: [{ app: 'hello', image: 'nginx:1.19', replicas: ['Running'] }],
  demo: [
    { app: 'web', image: 'nginx:1.19', replicas: ['Running', 'Running', 'Running'] },
    { app: 'api', image: 'ghcr.io/kubeglass/demo-api:0.4.1', replicas: ['Running', 'NotReady'] },
    { app: 'worker', image: 'busybox:1.32', replicas: ['CrashLoopBackOff'], restarts: 7 },
    { app: 'migrate', image: 'busybox:1.32', replicas: ['Completed'] },
    { app: 'cache', image: 'redis:6.0', replicas: ['Pending'] },
  ],
  shop: [
    { app: 'frontend', image: 'ghcr.io/kubeglass/shop-frontend:1.2.0', replicas: ['Running', 'Running'] },
    { app: 'cart', image: 'ghcr.io/kubeglass/shop-cart:1.2.0', replicas: ['Running', 'ContainerCreating'] },
    { app: 'payments', image: 'ghcr.io/kubeglass/shop-payments:1.1.9', replicas: ['ImagePullBackOff'] },
    { app: 'reports', image: 'busybox:1.32', replicas: ['Error'] },
    { app: 'db', image: 'postgres:13', replicas: ['Running'], restarts: 1 },
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

const ROOT_CA = '-----BEGIN CERTIFICATE-----\nMIIC5zCCAc+gAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDEwprdWJl\ncm5ldGVzMB4XDTIxMDEyMDAwMDAwMFoXDTMxMDExODAwMDAwMFowFTETMBEGA1UE\n-----END CERTIFICATE-----\n';

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
  for (const [name, at, labels] of namespaces) {
    store.seed(NS, makeNamespace(name, at, labels));
    store.seed(CMS, makeConfigMap('kube-root-ca.crt', name, { 'ca.crt': ROOT_CA }, at + 5000, 'kube-controller-manager'));
  }
  for (const cm of CONFIGMAPS) store.seed(CMS, makeConfigMap(cm.name, cm.namespace, cm.data, now - 20 * HOUR));

  for (const p of SYSTEM_PODS) {
    store.seed(PODS, makePod({ ...p, namespace: 'kube-system', state: 'Running', createdAt: clusterBirth + 60_000, ip: nextPodIp() }));
  }
  let n = 0;
  for (const [namespace, workloads] of Object.entries(DEMO_WORKLOADS)) {
    for (const w of workloads) {
      const h = hash(n++);
      w.replicas.forEach((state, i) => {
        const seed: PodSeed = {
          name: `${w.app}-${h}-${suffix(n * 31 + i)}`,
          namespace,
          app: w.app,
          image: w.image,
          state,
          createdAt: now - (30 + n * 17 + i * 3) * 60_000,
          node: NODES[(n + i) % NODES.length] ?? 'demo-node-1',
          ip: nextPodIp(),
          restarts: w.restarts ?? 0,
          labels: { 'pod-template-hash': h },
        };
        store.seed(PODS, makePod(seed));
      });
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
