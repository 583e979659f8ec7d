// apiregistration.k8s.io/v1 APIServices (status subresource) and the local ones kube-apiserver registers for the
// built-in group-versions it serves, each Available because it is served in-process.
import type { ResourceType } from './registry.js';
import type { KubeObject } from './types.js';
import { recordedType, statusStrategy } from './define.js';
import { apiServiceCells } from '../tables/printers-groups.js';

export const apiservices: ResourceType = recordedType('apiregistration.k8s.io/v1', 'apiservices', {
  hasGeneration: false,
  zeroValue: { spec: { groupPriorityMinimum: 0, versionPriority: 0 }, status: {} },
  nameRule: 'subdomain',
  cells: apiServiceCells,
  ...statusStrategy({}),
});

/**
 * Group, version, groupPriorityMinimum and versionPriority of the local APIServices, as 1.37.2's aggregator
 * registers them (DefaultGenericAPIServicePriorities and kube-apiserver's own) for the group-versions served
 * here; apiregistration.k8s.io itself has none.
 */
const LOCAL_PRIORITIES: [string, string, number, number][] = [
  ['', 'v1', 18000, 1],
  ['admissionregistration.k8s.io', 'v1', 16700, 15],
  ['apiextensions.k8s.io', 'v1', 16700, 15],
  ['apps', 'v1', 17800, 15],
  ['authentication.k8s.io', 'v1', 17700, 15],
  ['authorization.k8s.io', 'v1', 17600, 15],
  ['autoscaling', 'v1', 17500, 15],
  ['autoscaling', 'v2', 17500, 30],
  ['batch', 'v1', 17400, 15],
  ['certificates.k8s.io', 'v1', 17300, 15],
  ['coordination.k8s.io', 'v1', 16500, 15],
  ['discovery.k8s.io', 'v1', 16200, 15],
  ['events.k8s.io', 'v1', 17750, 15],
  ['flowcontrol.apiserver.k8s.io', 'v1', 16100, 21],
  ['networking.k8s.io', 'v1', 17200, 15],
  ['node.k8s.io', 'v1', 16300, 15],
  ['policy', 'v1', 17100, 15],
  ['rbac.authorization.k8s.io', 'v1', 17000, 15],
  ['scheduling.k8s.io', 'v1', 16600, 15],
  ['storage.k8s.io', 'v1', 16800, 15],
  ['storagemigration.k8s.io', 'v1', 15800, 15],
];

/** The local APIServices (name VERSION.GROUP, labelled automanaged onstart) as created at `at`. */
export function localApiServices(at: string): KubeObject[] {
  return LOCAL_PRIORITIES.map(([group, version, groupPriorityMinimum, versionPriority]) => ({
    kind: 'APIService',
    apiVersion: 'apiregistration.k8s.io/v1',
    metadata: { name: `${version}.${group}`, creationTimestamp: at, labels: { 'kube-aggregator.kubernetes.io/automanaged': 'onstart' } },
    spec: { ...(group !== '' ? { group } : {}), version, groupPriorityMinimum, versionPriority },
    status: { conditions: [{ type: 'Available', status: 'True', lastTransitionTime: at, reason: 'Local', message: 'Local APIServices are always available' }] },
  }));
}
