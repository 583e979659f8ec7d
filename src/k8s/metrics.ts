// metrics.k8s.io (metrics-server): quantities, the usage of a pod's containers against their requests and limits.
import type { KubeObject } from './kube-object.js';

export const METRICS_GROUP_VERSION = 'metrics.k8s.io/v1beta1';

/** The discovery key of PodMetrics / NodeMetrics, as ResourceIndex.byGvr spells it. */
export const POD_METRICS_GVR_KEY = 'metrics.k8s.io/v1beta1/pods';
export const NODE_METRICS_GVR_KEY = 'metrics.k8s.io/v1beta1/nodes';

const SUFFIXES: Readonly<Record<string, number>> = {
  n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

/** A resource.Quantity as a number (cores for cpu, bytes for memory); null when it is no quantity. */
export function parseQuantity(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:[eE]([+-]?\d+)|(n|u|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei))?$/.exec(value.trim());
  if (!m?.[1]) return null;
  const scale = m[2] !== undefined ? 10 ** Number(m[2]) : (SUFFIXES[m[3] ?? ''] ?? 1);
  return Number(m[1]) * scale;
}

/** CPU as kubectl top prints it: whole millicores. */
export function formatCpu(cores: number): string {
  return `${Math.round(cores * 1000)}m`;
}

/** Memory as kubectl top prints it: whole Mi (Gi with one decimal from 10 Gi). */
export function formatMemory(bytes: number): string {
  const mi = bytes / 2 ** 20;
  return mi >= 10 * 1024 ? `${(mi / 1024).toFixed(1)}Gi` : `${Math.round(mi)}Mi`;
}

export interface ResourceUsage {
  usage: number | null;
  request: number | null;
  limit: number | null;
}

export interface ContainerUsage {
  name: string;
  cpu: ResourceUsage;
  memory: ResourceUsage;
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.map(record) : []);

/** One row per container of the pod spec, with its usage from the PodMetrics (null where metrics have none). */
export function containerUsage(pod: KubeObject, metrics: unknown): ContainerUsage[] {
  const usageByName = new Map(list(record(metrics).containers).map((c) => [String(c.name ?? ''), record(c.usage)]));
  return list(record(pod.spec).containers).map((c) => {
    const name = String(c.name ?? '');
    const resources = record(c.resources);
    const usage = usageByName.get(name);
    const of = (resource: 'cpu' | 'memory'): ResourceUsage => ({
      usage: usage ? parseQuantity(usage[resource]) : null,
      request: parseQuantity(record(resources.requests)[resource]),
      limit: parseQuantity(record(resources.limits)[resource]),
    });
    return { name, cpu: of('cpu'), memory: of('memory') };
  });
}

/** Usage as a share of the limit, else of the request; null when neither is set. */
export function usageShare(u: ResourceUsage): { share: number; of: 'limit' | 'request' } | null {
  if (u.usage === null) return null;
  if (u.limit !== null && u.limit > 0) return { share: u.usage / u.limit, of: 'limit' };
  if (u.request !== null && u.request > 0) return { share: u.usage / u.request, of: 'request' };
  return null;
}

/** Sum of the containers' usage in a PodMetrics or the usage of a NodeMetrics: what kubectl top shows per row. */
export function totalUsage(metrics: unknown): { cpu: number | null; memory: number | null } {
  const m = record(metrics);
  const parts = 'usage' in m ? [record(m.usage)] : list(m.containers).map((c) => record(c.usage));
  const sum = (resource: string): number | null => {
    const values = parts.map((p) => parseQuantity(p[resource]));
    return values.length > 0 && values.every((v) => v !== null) ? values.reduce<number>((a, v) => a + (v ?? 0), 0) : null;
  };
  return { cpu: sum('cpu'), memory: sum('memory') };
}
