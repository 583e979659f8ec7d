// The remaining types of a default 1.37 cluster's groups: certificates.k8s.io/v1 CertificateSigningRequests,
// discovery.k8s.io/v1 EndpointSlices, node.k8s.io/v1 RuntimeClasses, policy/v1 PodDisruptionBudgets and
// storage.k8s.io/v1 CSINodes, with the defaults of their SetDefaults_* and their printers.
import type { ResourceType } from './registry.js';
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';
import { recordedType, statusStrategy } from './define.js';
import { csiNodeCells, csrCells, endpointSliceCells, podDisruptionBudgetCells, runtimeClassCells } from '../tables/printers-groups.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

export const certificatesigningrequests: ResourceType = recordedType('certificates.k8s.io/v1', 'certificatesigningrequests', {
  hasGeneration: false,
  zeroValue: { spec: { request: null, signerName: '' }, status: {} },
  nameRule: 'subdomain',
  cells: csrCells,
  ...statusStrategy({}),
});

export const endpointslices: ResourceType = recordedType('discovery.k8s.io/v1', 'endpointslices', {
  hasGeneration: true,
  zeroValue: { addressType: '', endpoints: null },
  nameRule: 'subdomain',
  cells: endpointSliceCells,
  // discovery.k8s.io/v1 and policy/v1 went GA in 1.21 (1.20.2 served v1beta1).
  beyondRecorded: '1.21',
  // SetDefaults_EndpointPort.
  defaults(o) {
    if (!Array.isArray(o.ports)) return;
    o.ports = o.ports.map((p) => {
      const port = obj(p);
      return { ...port, name: port.name ?? '', protocol: port.protocol ?? 'TCP' };
    });
  },
});

export const runtimeclasses: ResourceType = recordedType('node.k8s.io/v1', 'runtimeclasses', {
  hasGeneration: false,
  zeroValue: { handler: '' },
  nameRule: 'subdomain',
  cells: runtimeClassCells,
});

export const poddisruptionbudgets: ResourceType = recordedType('policy/v1', 'poddisruptionbudgets', {
  hasGeneration: true,
  zeroValue: { spec: {}, status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 } },
  nameRule: 'subdomain',
  cells: podDisruptionBudgetCells,
  beyondRecorded: '1.21',
  ...statusStrategy({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 }),
});

export const csinodes: ResourceType = recordedType('storage.k8s.io/v1', 'csinodes', {
  hasGeneration: false,
  zeroValue: { spec: { drivers: null } },
  nameRule: 'subdomain',
  cells: csiNodeCells,
});
