// metrics.k8s.io/v1beta1 as metrics-server serves it (PodMetrics, NodeMetrics; get and list, no watch), computed on
// read from the stored pods and nodes: usage moves slowly around a share of each container's requests.
import { createHash } from 'node:crypto';
import { rfc3339 } from './duration.js';
import { ownTable } from './own-fields.js';
import type { ResourceType } from './registry.js';
import type { KubeObject } from './types.js';
import { isPlainObject } from './types.js';

const GROUP = 'metrics.k8s.io';
const VERSION = 'v1beta1';
/** metrics-server scrapes every 15 s; usage is an average over that window. */
const WINDOW_SECONDS = 15;
const DEFAULT_CPU_NANOCORES = 100e6;
const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
/** What a node runs besides pods (kubelet, runtime, system daemons). */
const NODE_SYSTEM = { cpu: 180e6, memory: 900 * 1024 * 1024 };

const SUFFIXES = ownTable<number>({ n: 1e-9, u: 1e-6, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 });

/** A resource.Quantity as a number (cores for cpu, bytes for memory); undefined when unreadable. */
export function quantityValue(q: unknown): number | undefined {
  if (typeof q === 'number') return q;
  if (typeof q !== 'string') return undefined;
  const m = /^([+-]?\d+(?:\.\d+)?)(?:e([+-]?\d+))?([a-zA-Z]*)$/.exec(q.trim());
  if (!m) return undefined;
  const scale = m[3] ? SUFFIXES[m[3]] : 1;
  if (scale === undefined) return undefined;
  return Number(m[1]) * 10 ** Number(m[2] ?? 0) * scale;
}

/** A stable number in [0, 1) per name, so each container has its own phase. */
function seed(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** Between 35% and 85% of the base, changing over minutes (and a little every window). */
function wave(base: number, key: string, nowMs: number): number {
  const s = seed(key);
  // Constant within a scrape window, as metrics-server's answers are.
  const window = Math.floor(nowMs / 1000 / WINDOW_SECONDS);
  const slow = Math.sin((window * WINDOW_SECONDS) / (90 + 60 * s) + s * 2 * Math.PI);
  const jitter = seed(`${key}/${window}`) - 0.5;
  return base * (0.6 + 0.2 * slow + 0.1 * jitter);
}

function containerUsage(pod: KubeObject, container: Record<string, unknown>, nowMs: number): { cpu: number; memory: number } {
  const resources = isPlainObject(container.resources) ? container.resources : {};
  const requests = isPlainObject(resources.requests) ? resources.requests : {};
  const limits = isPlainObject(resources.limits) ? resources.limits : {};
  const cpuBase = (quantityValue(requests.cpu) ?? quantityValue(limits.cpu) ?? DEFAULT_CPU_NANOCORES / 1e9) * 1e9;
  const memoryBase = quantityValue(requests.memory) ?? quantityValue(limits.memory) ?? DEFAULT_MEMORY_BYTES;
  const key = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}/${String(container.name)}`;
  return { cpu: wave(cpuBase, `${key}/cpu`, nowMs), memory: wave(memoryBase, `${key}/memory`, nowMs) };
}

const cpuText = (nanocores: number): string => `${Math.max(0, Math.round(nanocores))}n`;
const memoryText = (bytes: number): string => `${Math.max(0, Math.round(bytes / 1024))}Ki`;

function running(pod: KubeObject): boolean {
  return isPlainObject(pod.status) && pod.status.phase === 'Running' && !pod.metadata.deletionTimestamp;
}

function containersOf(pod: KubeObject): Array<Record<string, unknown>> {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  return (Array.isArray(spec.containers) ? spec.containers : []).filter(isPlainObject);
}

function sample(nowMs: number): { timestamp: string; window: string } {
  const scraped = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS * 1000;
  return { timestamp: rfc3339(scraped), window: `${WINDOW_SECONDS}s` };
}

/** PodMetrics of every running pod (metrics-server has none for pending or finished ones). */
export function podMetrics(pods: KubeObject[], nowMs = Date.now()): KubeObject[] {
  return pods.filter(running).map((pod) => ({
    kind: 'PodMetrics',
    apiVersion: `${GROUP}/${VERSION}`,
    metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, creationTimestamp: rfc3339(nowMs), ...(pod.metadata.labels ? { labels: pod.metadata.labels } : {}) },
    ...sample(nowMs),
    containers: containersOf(pod).map((c) => {
      const usage = containerUsage(pod, c, nowMs);
      return { name: String(c.name), usage: { cpu: cpuText(usage.cpu), memory: memoryText(usage.memory) } };
    }),
  }));
}

/** NodeMetrics: the node's system share plus its running pods. */
export function nodeMetrics(nodes: KubeObject[], pods: KubeObject[], nowMs = Date.now()): KubeObject[] {
  return nodes.map((node) => {
    const name = node.metadata.name ?? '';
    let cpu = wave(NODE_SYSTEM.cpu, `${name}/cpu`, nowMs);
    let memory = wave(NODE_SYSTEM.memory, `${name}/memory`, nowMs);
    for (const pod of pods.filter(running)) {
      if (!isPlainObject(pod.spec) || pod.spec.nodeName !== name) continue;
      for (const c of containersOf(pod)) {
        const usage = containerUsage(pod, c, nowMs);
        cpu += usage.cpu;
        memory += usage.memory;
      }
    }
    return {
      kind: 'NodeMetrics',
      apiVersion: `${GROUP}/${VERSION}`,
      metadata: { name, creationTimestamp: rfc3339(nowMs), ...(node.metadata.labels ? { labels: node.metadata.labels } : {}) },
      ...sample(nowMs),
      usage: { cpu: cpuText(cpu), memory: memoryText(memory) },
    };
  });
}

const common = {
  group: GROUP,
  version: VERSION,
  verbs: ['get', 'list'],
  subresources: [],
  hasGeneration: false,
  zeroValue: {},
  nameRule: 'subdomain',
  // An aggregated API (metrics-server), not part of kube-apiserver: conformance has nothing to compare.
  aggregatedApi: true,
  beyondRecorded: 'metrics-server 0.7',
} satisfies Partial<ResourceType>;

export const podMetricsType: ResourceType = {
  ...common,
  resource: 'pods',
  kind: 'PodMetrics',
  namespaced: true,
  computed: (objects) => podMetrics(objects('/pods')),
};

export const nodeMetricsType: ResourceType = {
  ...common,
  resource: 'nodes',
  kind: 'NodeMetrics',
  namespaced: false,
  computed: (objects) => nodeMetrics(objects('/nodes'), objects('/pods')),
};
