// autoscaling/v2 HorizontalPodAutoscalers (status subresource), with SetDefaults_HorizontalPodAutoscaler, and the
// autoscaling/v1 view of the same objects: Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler
// for the fields v1 has. The v1 view is read-only (get, list): writes go through autoscaling/v2.
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { recordedType, statusStrategy } from './define.js';
import { hpaCells } from '../tables/printers-groups.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const list = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.map(obj) : []);

/** autoscaling.DefaultCPUUtilization. */
const DEFAULT_CPU_UTILIZATION = 80;

export const horizontalpodautoscalers: ResourceType = recordedType('autoscaling/v2', 'horizontalpodautoscalers', {
  hasGeneration: true,
  zeroValue: { spec: { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 }, status: { desiredReplicas: 0 } },
  nameRule: 'subdomain',
  cells: hpaCells,
  // autoscaling/v2 went GA in 1.23 (1.20.2 served v2beta2).
  beyondRecorded: '1.23',
  defaults(o) {
    const spec = obj(o.spec);
    if (spec.minReplicas === undefined || spec.minReplicas === null) spec.minReplicas = 1;
    if (list(spec.metrics).length === 0) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
    o.spec = spec;
  },
  ...statusStrategy({ desiredReplicas: 0 }),
});

/** The cpu Utilization metric of a v2 spec or status list, the one metric v1 has a field for. */
function cpuUtilization(metrics: unknown, side: 'target' | 'current'): number | undefined {
  for (const m of list(metrics)) {
    const resource = obj(m.resource);
    const value = obj(resource[side]).averageUtilization;
    if (m.type === 'Resource' && resource.name === 'cpu' && typeof value === 'number') {
      if (side === 'current' || obj(resource.target).type === 'Utilization') return value;
    }
  }
  return undefined;
}

/** An autoscaling/v2 HorizontalPodAutoscaler as autoscaling/v1 shows it. */
export function hpaToV1(v2: KubeObject): KubeObject {
  const spec = obj(v2.spec);
  const status = obj(v2.status);
  const target = cpuUtilization(spec.metrics, 'target');
  const current = cpuUtilization(status.currentMetrics, 'current');
  return {
    kind: 'HorizontalPodAutoscaler',
    apiVersion: 'autoscaling/v1',
    metadata: v2.metadata,
    spec: {
      scaleTargetRef: spec.scaleTargetRef ?? { kind: '', name: '' },
      ...(spec.minReplicas !== undefined ? { minReplicas: spec.minReplicas } : {}),
      maxReplicas: spec.maxReplicas ?? 0,
      ...(target !== undefined ? { targetCPUUtilizationPercentage: target } : {}),
    },
    status: {
      ...(status.observedGeneration !== undefined ? { observedGeneration: status.observedGeneration } : {}),
      ...(status.lastScaleTime !== undefined ? { lastScaleTime: status.lastScaleTime } : {}),
      currentReplicas: status.currentReplicas ?? 0,
      desiredReplicas: status.desiredReplicas ?? 0,
      ...(current !== undefined ? { currentCPUUtilizationPercentage: current } : {}),
    },
  };
}

/** Row of a v1 object: its cpu fields as the v2 metrics the printer reads. */
function hpaV1Cells(o: KubeObject, now: number): unknown[] {
  const spec = obj(o.spec);
  const status = obj(o.status);
  const cpu = (side: 'target' | 'current', value: unknown): JsonObject[] =>
    typeof value === 'number' ? [{ type: 'Resource', resource: { name: 'cpu', [side]: { ...(side === 'target' ? { type: 'Utilization' } : {}), averageUtilization: value } } }] : [];
  return hpaCells({ ...o, spec: { ...spec, metrics: cpu('target', spec.targetCPUUtilizationPercentage) }, status: { ...status, currentMetrics: cpu('current', status.currentCPUUtilizationPercentage) } }, now);
}

export const horizontalpodautoscalersV1: ResourceType = {
  ...recordedType('autoscaling/v1', 'horizontalpodautoscalers', {
    hasGeneration: true,
    zeroValue: { spec: { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 }, status: { currentReplicas: 0, desiredReplicas: 0 } },
    nameRule: 'subdomain',
    cells: hpaV1Cells,
    computed: (objects) => objects('autoscaling/horizontalpodautoscalers').map(hpaToV1),
  }),
  verbs: ['get', 'list'],
  subresources: [],
};
