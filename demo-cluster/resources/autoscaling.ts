// autoscaling/v2 and autoscaling/v1 HorizontalPodAutoscalers (status subresources), with their
// SetDefaults_HorizontalPodAutoscaler, and the conversion between them for the fields v1 has: a v2 Resource cpu
// Utilization metric is v1's targetCPUUtilizationPercentage (currentCPUUtilizationPercentage in the status). The
// other v2 metrics, conditions and behavior are kept on the v2 object across v1 writes, not shown in v1's
// annotations as the real conversion does.
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

/** The cpu Utilization metric of a list, at `side`. */
const isCpuUtilization = (m: JsonObject, side: 'target' | 'current'): boolean =>
  m.type === 'Resource' && obj(m.resource).name === 'cpu' && (side === 'current' ? typeof obj(obj(m.resource).current).averageUtilization === 'number' : obj(obj(m.resource).target).type === 'Utilization');

/** A list of v2 metrics with its cpu Utilization one replaced by `value` (dropped when undefined), first when new. */
function withCpu(metrics: unknown, side: 'target' | 'current', value: unknown): JsonObject[] {
  const others = list(metrics).filter((m) => !isCpuUtilization(m, side));
  if (typeof value !== 'number') return others;
  const cpu = { type: 'Resource', resource: { name: 'cpu', [side]: { ...(side === 'target' ? { type: 'Utilization' } : {}), averageUtilization: value } } };
  const at = list(metrics).findIndex((m) => isCpuUtilization(m, side));
  return at < 0 ? [cpu, ...others] : [...others.slice(0, at), cpu, ...others.slice(at)];
}

/** An autoscaling/v1 HorizontalPodAutoscaler as autoscaling/v2, keeping what v1 cannot hold from the current v2 object. */
export function hpaToV2(v1: KubeObject, current: KubeObject | undefined): KubeObject {
  const spec = obj(v1.spec);
  const status = obj(v1.status);
  const was = obj(current?.spec);
  const wasStatus = obj(current?.status);
  // A v1 object without a target means the default cpu target (the conversion's default).
  const target = typeof spec.targetCPUUtilizationPercentage === 'number' ? spec.targetCPUUtilizationPercentage : DEFAULT_CPU_UTILIZATION;
  const { observedGeneration: _o, lastScaleTime: _l, currentReplicas: _c, desiredReplicas: _d, currentCPUUtilizationPercentage: _u, ...keptStatus } = wasStatus;
  const currentMetrics = withCpu(wasStatus.currentMetrics, 'current', status.currentCPUUtilizationPercentage);
  return {
    kind: 'HorizontalPodAutoscaler',
    apiVersion: 'autoscaling/v2',
    metadata: v1.metadata,
    spec: {
      ...was,
      scaleTargetRef: spec.scaleTargetRef ?? { kind: '', name: '' },
      ...(spec.minReplicas !== undefined ? { minReplicas: spec.minReplicas } : {}),
      maxReplicas: spec.maxReplicas ?? 0,
      metrics: withCpu(was.metrics, 'target', target),
    },
    status: {
      ...keptStatus,
      ...(status.observedGeneration !== undefined ? { observedGeneration: status.observedGeneration } : {}),
      ...(status.lastScaleTime !== undefined ? { lastScaleTime: status.lastScaleTime } : {}),
      ...(status.currentReplicas !== undefined && status.currentReplicas !== 0 ? { currentReplicas: status.currentReplicas } : {}),
      desiredReplicas: status.desiredReplicas ?? 0,
      ...(currentMetrics.length > 0 ? { currentMetrics } : {}),
    },
  };
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

/** The collection of the v1 form, which the HPA mirror keeps in step with the v2 one. */
export const HPA_V1_STORAGE = 'autoscaling/horizontalpodautoscalers@v1';

export const horizontalpodautoscalersV1: ResourceType = recordedType('autoscaling/v1', 'horizontalpodautoscalers', {
  hasGeneration: true,
  zeroValue: { spec: { scaleTargetRef: { kind: '', name: '' }, maxReplicas: 0 }, status: { currentReplicas: 0, desiredReplicas: 0 } },
  nameRule: 'subdomain',
  cells: hpaV1Cells,
  storage: HPA_V1_STORAGE,
  defaults(o) {
    const spec = obj(o.spec);
    if (spec.minReplicas === undefined || spec.minReplicas === null) spec.minReplicas = 1;
    o.spec = spec;
  },
  ...statusStrategy({ currentReplicas: 0, desiredReplicas: 0 }),
});
