import { describe, expect, it } from 'vitest';
import { nodeMetrics, podMetrics, quantityValue } from './metrics.js';
import type { KubeObject } from './types.js';

const pod = (name: string, phase: string, requests?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop', labels: { app: 'web' } },
  spec: { nodeName: 'node-1', containers: [{ name: 'app', ...(requests ? { resources: { requests } } : {}) }, { name: 'sidecar' }] },
  status: { phase },
});

const cpu = (q: unknown) => (quantityValue(q) ?? NaN) * 1000;
const mem = (q: unknown) => (quantityValue(q) ?? NaN) / 1024 ** 2;

describe('quantityValue', () => {
  it('reads the suffixes metrics and requests use', () => {
    expect(quantityValue('250m')).toBe(0.25);
    expect(quantityValue('1500000n')).toBeCloseTo(0.0015);
    expect(quantityValue('64Mi')).toBe(64 * 1024 ** 2);
    expect(quantityValue('2')).toBe(2);
    expect(quantityValue('1e3')).toBe(1000);
    expect(quantityValue('lots')).toBeUndefined();
    expect(quantityValue(undefined)).toBeUndefined();
  });
});

describe('podMetrics', () => {
  it('answers running pods only, per container, near a share of the requests', () => {
    const now = Date.parse('2026-01-01T00:00:07Z');
    const [m, ...rest] = podMetrics([pod('a', 'Running', { cpu: '500m', memory: '256Mi' }), pod('b', 'Pending')], now);
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ kind: 'PodMetrics', apiVersion: 'metrics.k8s.io/v1beta1', metadata: { name: 'a', namespace: 'shop', labels: { app: 'web' } }, timestamp: '2026-01-01T00:00:00Z', window: '15s' });
    const containers = (m as unknown as { containers: Array<{ name: string; usage: { cpu: string; memory: string } }> }).containers;
    expect(containers.map((c) => c.name)).toEqual(['app', 'sidecar']);
    const [app, sidecar] = containers;
    expect(app?.usage.cpu).toMatch(/^\d+n$/);
    expect(app?.usage.memory).toMatch(/^\d+Ki$/);
    expect(cpu(app?.usage.cpu)).toBeGreaterThan(500 * 0.3);
    expect(cpu(app?.usage.cpu)).toBeLessThan(500 * 0.9);
    expect(mem(app?.usage.memory)).toBeGreaterThan(256 * 0.3);
    // Without requests: a 100m / 64Mi base.
    expect(cpu(sidecar?.usage.cpu)).toBeLessThan(100);
    expect(mem(sidecar?.usage.memory)).toBeLessThan(64);
  });

  it('changes from one scrape window to another', () => {
    const usage = (now: number) => JSON.stringify(podMetrics([pod('a', 'Running')], now)[0]?.containers);
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(usage(t)).toBe(usage(t + 5000));
    expect(usage(t)).not.toBe(usage(t + 60_000));
  });
});

describe('nodeMetrics', () => {
  it('adds the running pods on the node to its own share', () => {
    const node: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } };
    const other: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-2' } };
    const now = Date.now();
    const [busy, idle] = nodeMetrics([node, other], [pod('a', 'Running', { cpu: '2' })], now) as unknown as Array<{ usage: { cpu: string } }>;
    expect(cpu(busy?.usage.cpu)).toBeGreaterThan(cpu(idle?.usage.cpu) + 500);
  });
});
