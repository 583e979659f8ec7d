import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { containerPorts, readyPod, resolveTargetPort, servicePorts, serviceSelector } from './forward-targets';

const pod = (name: string, ready: boolean, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  metadata: { name, ...extra },
  spec: { containers: [{ name: 'web', ports: [{ containerPort: 8080, name: 'http' }] }, { name: 'side', ports: [{ containerPort: 9100, protocol: 'TCP' }] }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
});

describe('forward targets', () => {
  it("lists a pod's declared ports by container", () => {
    expect(containerPorts(pod('a', true))).toEqual([
      { container: 'web', port: 8080, name: 'http', protocol: 'TCP' },
      { container: 'side', port: 9100, protocol: 'TCP' },
    ]);
  });

  it("defaults a Service port's targetPort to its port and builds the selector", () => {
    const service: KubeObject = { metadata: { name: 's' }, spec: { selector: { app: 'web', tier: 'front' }, ports: [{ port: 80, targetPort: 'http', name: 'web' }, { port: 9100 }] } };
    expect(servicePorts(service)).toEqual([
      { port: 80, targetPort: 'http', name: 'web', protocol: 'TCP' },
      { port: 9100, targetPort: 9100, protocol: 'TCP' },
    ]);
    expect(serviceSelector(service)).toBe('app=web,tier=front');
    expect(serviceSelector({ metadata: {}, spec: {} })).toBeNull();
  });

  it('picks a Running, Ready pod that is not being deleted, and resolves a named targetPort against it', () => {
    const chosen = readyPod([pod('unready', false), pod('leaving', true, { deletionTimestamp: '2026-01-01T00:00:00Z' }), pod('ready', true)]);
    expect(chosen?.metadata.name).toBe('ready');
    expect(readyPod([pod('unready', false)])).toBeNull();
    expect(resolveTargetPort(pod('a', true), 'http')).toBe(8080);
    expect(resolveTargetPort(pod('a', true), 9100)).toBe(9100);
    expect(resolveTargetPort(pod('a', true), 'metrics')).toBeNull();
  });
});
