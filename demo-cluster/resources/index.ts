// The resource types the demo cluster serves; groups appear in /apis in the order a 1.20 server lists them.
import { Registry } from './registry.js';
import { selfsubjectaccessreviews, selfsubjectrulesreviews } from '../auth/access-review.js';
import { selfsubjectreviews } from '../auth/self-subject-review.js';
import { customresourcedefinitions } from './crd-type.js';
import { eventsV1 } from './events-v1.js';
import { configmaps, namespaces, pods } from './core.js';
import { nodeMetricsType, podMetricsType } from './metrics.js';
import { events, nodes, secrets, serviceaccounts, services } from './core-extra.js';
import { clusterrolebindings, clusterroles, ingresses, rolebindings, roles } from './networking-rbac.js';
import { cronjobs, daemonsets, deployments, jobs, replicasets, statefulsets } from './workloads.js';
import { podtemplates, replicationcontrollers } from './replication.js';
import { controllerrevisions } from './controller-revisions.js';
import { resourcequotas } from './resource-quota.js';
import { flowschemas, leases, priorityclasses, prioritylevelconfigurations } from './cluster-config.js';
import { storageversionmigrations } from './storage-migration.js';
import { apiservices } from './api-services.js';
import { horizontalpodautoscalers, horizontalpodautoscalersV1 } from './autoscaling.js';
import { certificatesigningrequests, csinodes, endpointslices, poddisruptionbudgets, runtimeclasses } from './default-groups.js';
import { tokenreviews } from '../auth/token-review.js';
import {
  mutatingadmissionpolicies,
  mutatingadmissionpolicybindings,
  mutatingwebhookconfigurations,
  validatingadmissionpolicies,
  validatingadmissionpolicybindings,
  validatingwebhookconfigurations,
} from './admission-registration.js';

/** Named access to built-in types for code that writes objects (seed, activity, controllers). */
export const registryTypes = {
  configmaps,
  namespaces,
  pods,
  podtemplates,
  replicationcontrollers,
  resourcequotas,
  events,
  nodes,
  secrets,
  serviceaccounts,
  services,
  controllerrevisions,
  deployments,
  replicasets,
  statefulsets,
  daemonsets,
  jobs,
  cronjobs,
  ingresses,
  roles,
  clusterroles,
  rolebindings,
  clusterrolebindings,
  leases,
  priorityclasses,
  flowschemas,
  prioritylevelconfigurations,
};

/** A registry with every built-in type of the demo cluster (custom resources join it at runtime). */
export function defaultRegistry(): Registry {
  const registry = new Registry();
  return registry
    .add(configmaps)
    .add(events)
    .add(namespaces)
    .add(nodes)
    .add(pods)
    .add(podtemplates)
    .add(replicationcontrollers)
    .add(resourcequotas)
    .add(secrets)
    .add(serviceaccounts)
    .add(services)
    .add(apiservices)
    .add(controllerrevisions)
    .add(deployments)
    .add(replicasets)
    .add(statefulsets)
    .add(daemonsets)
    .add(eventsV1)
    .add(selfsubjectreviews)
    .add(tokenreviews)
    .add(selfsubjectaccessreviews)
    .add(selfsubjectrulesreviews)
    .add(horizontalpodautoscalers)
    .add(horizontalpodautoscalersV1)
    .add(jobs)
    .add(cronjobs)
    .add(certificatesigningrequests)
    .add(ingresses)
    .add(poddisruptionbudgets)
    .add(roles)
    .add(clusterroles)
    .add(rolebindings)
    .add(clusterrolebindings)
    .add(csinodes)
    .add(validatingwebhookconfigurations)
    .add(mutatingwebhookconfigurations)
    .add(validatingadmissionpolicies)
    .add(validatingadmissionpolicybindings)
    .add(mutatingadmissionpolicies)
    .add(mutatingadmissionpolicybindings)
    .add(customresourcedefinitions)
    .add(priorityclasses)
    .add(leases)
    .add(runtimeclasses)
    .add(endpointslices)
    .add(flowschemas)
    .add(prioritylevelconfigurations)
    .add(storageversionmigrations)
    .add(nodeMetricsType)
    .add(podMetricsType);
}
