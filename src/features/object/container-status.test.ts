import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { containerViews, probeView } from './container-status';

const pod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'worker-1', namespace: 'demo' },
  spec: {
    initContainers: [{ name: 'migrate', image: 'busybox:1.32' }],
    containers: [
      {
        name: 'worker',
        image: 'busybox:1.32',
        resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '128Mi' } },
        livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, initialDelaySeconds: 5 },
        readinessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 3, failureThreshold: 1 },
      },
    ],
    ephemeralContainers: [{ name: 'debugger', image: 'busybox:1.36' }],
  },
  status: {
    initContainerStatuses: [{ name: 'migrate', ready: true, restartCount: 0, image: 'docker.io/library/busybox:1.32', imageID: 'docker.io/library/busybox@sha256:abc', state: { terminated: { exitCode: 0, reason: 'Completed' } }, lastState: {} }],
    containerStatuses: [
      {
        name: 'worker',
        ready: false,
        restartCount: 7,
        image: 'docker.io/library/busybox:1.32',
        imageID: 'docker.io/library/busybox@sha256:abc',
        state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=worker' } },
        lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:05Z' } },
      },
    ],
  },
};

describe('containerViews', () => {
  it('joins spec and status by name for init, regular and ephemeral containers', () => {
    const [init, worker, debug] = containerViews(pod);
    expect(init).toMatchObject({ name: 'migrate', kind: 'init', state: { phase: 'terminated', reason: 'Completed', exitCode: 0 }, lastState: undefined, imageID: 'docker.io/library/busybox@sha256:abc' });
    expect(worker).toMatchObject({
      name: 'worker',
      kind: 'regular',
      ready: false,
      restartCount: 7,
      state: { phase: 'waiting', reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=worker' },
      lastState: { phase: 'terminated', reason: 'Error', exitCode: 1, finishedAt: '2026-01-01T00:00:05Z' },
      requests: { cpu: '100m', memory: '64Mi' },
      limits: { memory: '128Mi' },
    });
    expect(worker?.probes).toEqual([
      { kind: 'liveness', action: 'HTTP GET :8080/healthz', timing: 'delay 5s, every 10s, timeout 1s, 3 failures' },
      { kind: 'readiness', action: 'TCP :http', timing: 'delay 0s, every 3s, timeout 1s, 1 failures' },
    ]);
    // No status yet (an ephemeral container just added): its spec image, state not reported.
    expect(debug).toMatchObject({ name: 'debugger', kind: 'ephemeral', image: 'busybox:1.36', state: { phase: 'unknown' }, restartCount: 0 });
  });

  it('exec and gRPC probes in words', () => {
    expect(probeView('startup', { exec: { command: ['cat', '/tmp/ready'] } })?.action).toBe('exec cat /tmp/ready');
    expect(probeView('liveness', { grpc: { port: 9000 } })?.action).toBe('gRPC :9000');
    expect(probeView('liveness', undefined)).toBeNull();
  });

  it('a pod without spec or status has no containers, and never throws', () => {
    expect(containerViews({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } })).toEqual([]);
    expect(containerViews({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' }, spec: { containers: 'nope' }, status: { containerStatuses: [null] } } as unknown as KubeObject)).toEqual([]);
  });
});
