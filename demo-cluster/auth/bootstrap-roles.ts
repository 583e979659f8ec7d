// The rules of kube-apiserver 1.37.2's bootstrap ClusterRoles system:aggregate-to-edit and
// system:aggregate-to-view, which the controller manager aggregates into "edit" and "view"
// (bootstrap-roles.test.ts checks them against the roles recorded in tests/fixtures/k8s-1.37.2/rbac).
import type { ResourceRule } from '../../wire/rbac.js';

export const AGGREGATE_TO_EDIT: ResourceRule[] = [
  { apiGroups: [''], resources: ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: [''], resources: ['serviceaccounts'], verbs: ['impersonate'] },
  { apiGroups: [''], resources: ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: [''], resources: ['pods/eviction'], verbs: ['create'] },
  { apiGroups: [''], resources: ['configmaps', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: [''], resources: ['serviceaccounts/token'], verbs: ['create'] },
  { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['apps'], resources: ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['batch'], resources: ['cronjobs', 'jobs'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['extensions'], resources: ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['policy'], resources: ['poddisruptionbudgets'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['networking.k8s.io'], resources: ['ingresses', 'networkpolicies'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] },
  { apiGroups: ['resource.k8s.io'], resources: ['resourceclaims', 'resourceclaimtemplates'], verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'] },
];

export const AGGREGATE_TO_VIEW: ResourceRule[] = [
  { apiGroups: [''], resources: ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: [''], resources: ['bindings', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: [''], resources: ['namespaces'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['apps'], resources: ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['autoscaling'], resources: ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['batch'], resources: ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['extensions'], resources: ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['policy'], resources: ['poddisruptionbudgets', 'poddisruptionbudgets/status'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['networking.k8s.io'], resources: ['ingresses', 'ingresses/status', 'networkpolicies'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['resource.k8s.io'], resources: ['resourceclaims', 'resourceclaims/status', 'resourceclaimtemplates'], verbs: ['get', 'list', 'watch'] },
];

/**
 * metrics-server's system:aggregated-metrics-reader, labelled to aggregate into view, edit and admin: the demo
 * serves metrics.k8s.io as a cluster with metrics-server does.
 */
export const AGGREGATED_METRICS_READER: ResourceRule[] = [{ apiGroups: ['metrics.k8s.io'], resources: ['pods', 'nodes'], verbs: ['get', 'list', 'watch'] }];

/**
 * "view" and "edit" as the aggregation controller builds them: the rules of the roles their selectors match, by
 * role name, each rule once ("view" is itself labelled aggregate-to-edit).
 */
export const VIEW: ResourceRule[] = [...AGGREGATE_TO_VIEW, ...AGGREGATED_METRICS_READER];
export const EDIT: ResourceRule[] = [...AGGREGATE_TO_EDIT, ...AGGREGATED_METRICS_READER, ...AGGREGATE_TO_VIEW];

/** system:basic-user, bound to system:authenticated: the self-reviews (SelfSubjectReview since 1.28). */
export const BASIC_USER: ResourceRule[] = [
  { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
  { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
];

/** The seeded ClusterRoleBinding of the viewer identity, named in review reasons (as the modern real tier names it). */
export const VIEWER_BINDING = { name: 'kubeglass-viewer-view', role: 'view', rules: VIEW };

/** The developer's RoleBinding in its namespace (edit, which holds view). */
export const DEVELOPER_BINDING = { name: 'kubeglass-developer-edit', role: 'edit', rules: EDIT };
