// Seeded cluster furniture: nodes, the kubernetes Service, service accounts and token secrets,
// app secrets, an ingress, RBAC roles and bindings, and events that explain pod states.
import { storageKey } from '../resources/registry.js';
import { registryTypes } from '../resources/index.js';
import type { PodState } from './seed-objects.js';
import {
  makeBinding,
  makeClusterRole,
  makeEvent,
  makeIngress,
  makeNode,
  makeRole,
  makeSecret,
  makeService,
  makeServiceAccount,
} from './seed-workloads.js';
import type { Store } from '../store/store.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { DEMO_DEVELOPER_NAMESPACE } from '../../wire/demo-cluster.js';
import { AGGREGATE_TO_EDIT, AGGREGATE_TO_VIEW, DEVELOPER_BINDING, EDIT, VIEW, VIEWER_BINDING } from '../auth/bootstrap-roles.js';
import type { ResourceRule } from '../../wire/rbac.js';

const key = (t: keyof typeof registryTypes): string => storageKey(registryTypes[t]);

/** Node names of the demo cluster. */
export const NODE_NAMES = ['demo-node-1', 'demo-node-2', 'demo-node-3'];

const READ = ['get', 'list', 'watch'];
const ALL = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** Everything that is not a workload. */
export function seedClusterObjects(store: Store, namespaces: string[], clusterBirth: number, now: number): void {
  NODE_NAMES.forEach((name, i) => store.seed(key('nodes'), makeNode(name, `10.0.0.${11 + i}`, clusterBirth, i === 0)));
  store.seed(key('services'), makeService('kubernetes', 'default', '10.96.0.1', 443, clusterBirth, { targetPort: 6443, selector: null }));

  // The serviceaccounts controller's "default" in each namespace, with no token Secret since 1.24.
  for (const ns of namespaces) store.seed(key('serviceaccounts'), makeServiceAccount('default', ns, clusterBirth + 5000));
  store.seed(key('secrets'), makeSecret('api-credentials', 'demo', 'Opaque', { username: 'demo', password: 'correct-horse-battery-staple' }, now - 20 * 3_600_000));
  store.seed(key('secrets'), makeSecret('shop-tls', 'shop', 'kubernetes.io/tls', { 'tls.crt': 'demo-cert', 'tls.key': 'demo-key' }, now - 4 * 3_600_000));
  store.seed(key('ingresses'), makeIngress('shop', 'shop', 'shop.demo.example', 'frontend', 80, now - 4 * 3_600_000));

  const born = clusterBirth + 1000;
  const bootstrap = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
  store.seed(key('clusterroles'), makeClusterRole('cluster-admin', [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }, { nonResourceURLs: ['*'], verbs: ['*'] }], born, bootstrap));
  store.seed(key('clusterroles'), makeClusterRole('admin', [{ apiGroups: ['', 'apps', 'batch'], resources: ['*'], verbs: ALL }], born, bootstrap));
  // view and edit as the controller manager aggregates them (auth.ts decides from the same rules), and the
  // parts they aggregate.
  const aggregated = (name: string, rules: ResourceRule[], selects: string, label: string): KubeObject => ({
    ...makeClusterRole(name, rules as unknown as JsonObject[], born, { ...bootstrap, [`rbac.authorization.k8s.io/${label}`]: 'true' }),
    aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [`rbac.authorization.k8s.io/${selects}`]: 'true' } }] },
  });
  store.seed(key('clusterroles'), aggregated('edit', EDIT, 'aggregate-to-edit', 'aggregate-to-admin'));
  store.seed(key('clusterroles'), aggregated('view', VIEW, 'aggregate-to-view', 'aggregate-to-edit'));
  for (const [name, rules] of [['system:aggregate-to-edit', AGGREGATE_TO_EDIT], ['system:aggregate-to-view', AGGREGATE_TO_VIEW]] as const) {
    store.seed(key('clusterroles'), makeClusterRole(name, rules as unknown as JsonObject[], born, { ...bootstrap, [`rbac.authorization.k8s.io/${name.slice('system:'.length)}`]: 'true' }));
  }
  store.seed(key('clusterrolebindings'), makeBinding('ClusterRoleBinding', 'cluster-admin', undefined, { kind: 'ClusterRole', name: 'cluster-admin' }, [{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:masters' }], born));
  const user = (name: string): JsonObject[] => [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name }];
  store.seed(key('clusterrolebindings'), makeBinding('ClusterRoleBinding', VIEWER_BINDING.name, undefined, { kind: 'ClusterRole', name: VIEWER_BINDING.role }, user('viewer'), born));
  store.seed(key('rolebindings'), makeBinding('RoleBinding', DEVELOPER_BINDING.name, DEMO_DEVELOPER_NAMESPACE, { kind: 'ClusterRole', name: DEVELOPER_BINDING.role }, user('developer'), born));
  store.seed(key('roles'), makeRole('config-reader', 'demo', [{ apiGroups: [''], resources: ['configmaps'], verbs: READ }], now - 30 * 3_600_000));
  store.seed(
    key('rolebindings'),
    makeBinding('RoleBinding', 'config-reader', 'demo', { kind: 'Role', name: 'config-reader' }, [{ kind: 'ServiceAccount', name: 'default', namespace: 'demo' }], now - 30 * 3_600_000),
  );
}

/** Events a scheduler and kubelet would have recorded for a pod in the given state. */
export function seedPodEvents(store: Store, pod: KubeObject, state: PodState, now: number): void {
  const at = Date.parse(String(pod.metadata.creationTimestamp ?? '')) || now;
  const spec = pod.spec as Record<string, unknown>;
  const node = typeof spec.nodeName === 'string' ? spec.nodeName : undefined;
  const container = pod.metadata.labels?.app ?? 'app';
  const image = String((Array.isArray(spec.containers) ? (spec.containers[0] as Record<string, unknown>) : {}).image ?? '');
  const fieldPath = `spec.containers{${container}}`;
  const ev = (type: 'Normal' | 'Warning', reason: string, message: string, t: number, extra: Parameters<typeof makeEvent>[5] = {}): void => {
    store.seed(key('events'), makeEvent(pod, type, reason, message, t, { host: node, ...extra }));
  };
  if (state === 'Pending') {
    ev('Warning', 'FailedScheduling', '0/3 nodes are available: 3 Insufficient cpu.', now - 60_000, { component: 'default-scheduler', count: 12, first: at });
    return;
  }
  ev('Normal', 'Scheduled', `Successfully assigned ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} to ${node ?? ''}`, at, { component: 'default-scheduler' });
  if (state === 'ImagePullBackOff') {
    ev('Normal', 'Pulling', `Pulling image "${image}"`, now - 90_000, { fieldPath, count: 6, first: at + 1000 });
    ev('Warning', 'Failed', `Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${image}": not found`, now - 85_000, { fieldPath, count: 6, first: at + 2000 });
    ev('Normal', 'BackOff', `Back-off pulling image "${image}"`, now - 20_000, { fieldPath, count: 40, first: at + 3000 });
    return;
  }
  ev('Normal', 'Pulled', `Container image "${image}" already present on machine`, at + 1000, { fieldPath });
  if (state === 'ContainerCreating') return;
  ev('Normal', 'Created', `Created container ${container}`, at + 1500, { fieldPath });
  ev('Normal', 'Started', `Started container ${container}`, at + 2000, { fieldPath });
  if (state === 'CrashLoopBackOff') ev('Warning', 'BackOff', 'Back-off restarting failed container', now - 30_000, { fieldPath, count: 31, first: at + 60_000 });
  if (state === 'NotReady') ev('Warning', 'Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', now - 10_000, { fieldPath, count: 57, first: at + 30_000 });
}
