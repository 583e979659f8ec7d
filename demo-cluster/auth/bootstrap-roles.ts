// The rules of kube-apiserver 1.20.2's bootstrap ClusterRoles system:aggregate-to-edit and
// system:aggregate-to-view, which the built-in "edit" and "view" aggregate (bootstrap-roles.test.ts checks
// them against the recorded roles in tests/fixtures/k8s-1.20.2/rbac).
import type { ResourceRule } from '../../wire/rbac.js';

export const AGGREGATE_TO_EDIT: ResourceRule[] = [
  { apiGroups: [''], resources: ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: [''], resources: ['serviceaccounts'], verbs: ['impersonate'] },
  { apiGroups: [''], resources: ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: [''], resources: ['configmaps', 'endpoints', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['apps'], resources: ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['batch'], resources: ['cronjobs', 'jobs'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['extensions'], resources: ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['policy'], resources: ['poddisruptionbudgets'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['networking.k8s.io'], resources: ['ingresses', 'networkpolicies'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
];

export const AGGREGATE_TO_VIEW: ResourceRule[] = [
  { apiGroups: [''], resources: ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: [''], resources: ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: [''], resources: ['namespaces'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['apps'], resources: ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['batch'], resources: ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['extensions'], resources: ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['policy'], resources: ['poddisruptionbudgets', 'poddisruptionbudgets/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['networking.k8s.io'], resources: ['ingresses', 'ingresses/status', 'networkpolicies'], verbs: ['get', 'list', 'watch'] },
];

/**
 * system:basic-user, bound to system:authenticated: the self-reviews. The second rule is 1.28's, for SelfSubjectReview
 * (which 1.20.2 neither serves nor grants).
 */
export const BASIC_USER: ResourceRule[] = [
  { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
  { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
];

/** The seeded ClusterRoleBinding of the viewer identity (to the demo's own "view"), named in review reasons. */
export const VIEWER_BINDING = { name: 'demo-viewer', role: 'view' };

/** The developer's RoleBindings in its namespace, in that order (no request is granted by both). */
export const DEVELOPER_BINDINGS = [
  { name: 'developer-edit', role: 'system:aggregate-to-edit', rules: AGGREGATE_TO_EDIT },
  { name: 'developer-view', role: 'system:aggregate-to-view', rules: AGGREGATE_TO_VIEW },
];

/** The developer identity's rules in its namespace. */
export const DEVELOPER_RULES: ResourceRule[] = DEVELOPER_BINDINGS.flatMap((b) => b.rules);
