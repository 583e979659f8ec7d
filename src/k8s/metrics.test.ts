import { describe, expect, it } from 'vitest';
import type { KubeObject } from './kube-object';
import { containerUsage, formatCpu, formatMemory, parseQuantity, totalUsage, usageShare } from './metrics';
import { allocatableOf, metricsCells, metricsListPath, rowMetrics } from './metrics-columns';

describe('parseQuantity', () => {
  it('reads decimal and binary suffixes, exponents and plain numbers', () => {
    expect(parseQuantity('250m')).toBe(0.25);
    expect(parseQuantity('123456789n')).toBeCloseTo(0.123456789);
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('64Mi')).toBe(64 * 2 ** 20);
    expect(parseQuantity('12345Ki')).toBe(12345 * 1024);
    expect(parseQuantity('1G')).toBe(1e9);
    expect(parseQuantity('1e3')).toBe(1000);
    expect(parseQuantity(2)).toBe(2);
  });

  it('refuses what is no quantity', () => {
    for (const bad of ['', 'abc', '1 Mi', '1mi', '--1', null, undefined, {}, Infinity]) expect(parseQuantity(bad)).toBeNull();
  });
});

describe('formatting as kubectl top does', () => {
  it('prints millicores and Mi', () => {
    expect(formatCpu(0.0456)).toBe('46m');
    expect(formatMemory(25 * 2 ** 20 + 1)).toBe('25Mi');
    expect(formatMemory(12 * 2 ** 30)).toBe('12.0Gi');
  });
});

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop' },
  spec: { containers: [{ name: 'app', resources: { requests: { cpu: '200m', memory: '128Mi' }, limits: { memory: '256Mi' } } }, { name: 'sidecar' }] },
} as KubeObject;

describe('containerUsage', () => {
  it('pairs each container of the spec with its usage, requests and limits', () => {
    const metrics = { containers: [{ name: 'app', usage: { cpu: '100000000n', memory: '65536Ki' } }] };
    const [app, sidecar] = containerUsage(pod, metrics);
    expect(app).toEqual({ name: 'app', cpu: { usage: 0.1, request: 0.2, limit: null }, memory: { usage: 64 * 2 ** 20, request: 128 * 2 ** 20, limit: 256 * 2 ** 20 } });
    expect(sidecar).toEqual({ name: 'sidecar', cpu: { usage: null, request: null, limit: null }, memory: { usage: null, request: null, limit: null } });
    expect(usageShare(app?.cpu ?? { usage: null, request: null, limit: null })).toEqual({ share: 0.5, of: 'request' });
    expect(usageShare(app?.memory ?? { usage: null, request: null, limit: null })).toEqual({ share: 0.25, of: 'limit' });
    expect(usageShare({ usage: 1, request: null, limit: null })).toBeNull();
  });

  it('copes with metrics of any shape', () => {
    expect(containerUsage(pod, 'nonsense').map((c) => c.cpu.usage)).toEqual([null, null]);
  });
});

describe('metrics columns', () => {
  it('lists the metrics beside pods (namespaced or not) and nodes only', () => {
    expect(metricsListPath('pods', '', 'shop')).toBe('/apis/metrics.k8s.io/v1beta1/namespaces/shop/pods');
    expect(metricsListPath('pods', '', null)).toBe('/apis/metrics.k8s.io/v1beta1/pods');
    expect(metricsListPath('nodes', '', null)).toBe('/apis/metrics.k8s.io/v1beta1/nodes');
    expect(metricsListPath('deployments', 'apps', 'shop')).toBeNull();
  });

  it('sums containers per pod, reads node usage, and leaves rows without metrics empty', () => {
    const pods = metricsCells({ items: [{ metadata: { name: 'a', namespace: 'shop' }, containers: [{ usage: { cpu: '10m', memory: '10Mi' } }, { usage: { cpu: '5m', memory: '6Mi' } }] }, { bogus: true }] });
    expect(rowMetrics(pods, 'shop', 'a')).toEqual(['15m', '16Mi']);
    expect(rowMetrics(pods, 'shop', 'b')).toEqual(['', '']);
    const nodes = metricsCells({ items: [{ metadata: { name: 'n1' }, usage: { cpu: '1500m', memory: '2Gi' } }] });
    expect(rowMetrics(nodes, null, 'n1')).toEqual(['1500m', '2048Mi']);
    expect(totalUsage({ containers: [{ usage: { cpu: 'x' } }] })).toEqual({ cpu: null, memory: null });
  });

  it('gives node usage as a share of the allocatable, as kubectl top nodes does, where the node says it', () => {
    const allocatable = allocatableOf({ items: [{ metadata: { name: 'n1' }, status: { allocatable: { cpu: '4', memory: '8Gi' } } }, { metadata: { name: 'n2' }, status: {} }] });
    const nodes = metricsCells({ items: [{ metadata: { name: 'n1' }, usage: { cpu: '1500m', memory: '2Gi' } }, { metadata: { name: 'n2' }, usage: { cpu: '1', memory: '1Gi' } }] }, allocatable);
    expect(rowMetrics(nodes, null, 'n1')).toEqual(['1500m (38%)', '2048Mi (25%)']);
    expect(rowMetrics(nodes, null, 'n2')).toEqual(['1000m', '1024Mi']);
  });
});
