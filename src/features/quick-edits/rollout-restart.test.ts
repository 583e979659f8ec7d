import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { buildMergePatch, type JsonObject } from '../../k8s/patch';
import { expectStopChange } from '../../testing/stop-change';
import { isDeployment, isPaused, isRestartable, pauseChange, restartChange, restartedAt, rfc3339, RESTARTED_AT } from './rollout-restart';

const PATH = '/apis/apps/v1/namespaces/demo/deployments/web';
const NOW = new Date('2026-11-24T21:40:05.123Z');

function workload(kind: string, spec: Record<string, unknown> = {}, apiVersion = 'apps/v1'): KubeObject {
  return {
    kind,
    apiVersion,
    metadata: { name: 'web', namespace: 'demo', resourceVersion: '7' },
    spec: { replicas: 2, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.19' }] } }, ...spec },
  };
}

describe('restartChange', () => {
  it('sets only the restartedAt annotation of the pod template, as kubectl rollout restart does', () => {
    const live = workload('Deployment');
    const change = restartChange(live, PATH, NOW);
    expect(change).toMatchObject({ apiPath: PATH, original: live, title: 'Restart Deployment web', patchKind: 'strategic' });
    expect(buildMergePatch(live as JsonObject, change.modified as JsonObject)).toEqual({
      spec: { template: { metadata: { annotations: { [RESTARTED_AT]: '2026-11-24T21:40:05Z' } } } },
    });
    expect(restartedAt(live)).toBeUndefined();
    expect(restartedAt(change.modified)).toBe('2026-11-24T21:40:05Z');
  });

  it('replaces an earlier restart and keeps the other template annotations', () => {
    const live = workload('StatefulSet', { template: { metadata: { annotations: { team: 'a', [RESTARTED_AT]: '2020-01-01T00:00:00Z' } } } });
    const change = restartChange(live, PATH, NOW);
    expect(buildMergePatch(live as JsonObject, change.modified as JsonObject)).toEqual({ spec: { template: { metadata: { annotations: { [RESTARTED_AT]: '2026-11-24T21:40:05Z' } } } } });
    expect(live.spec).toMatchObject({ template: { metadata: { annotations: { [RESTARTED_AT]: '2020-01-01T00:00:00Z' } } } });
  });

  it('prints RFC 3339 without fractions', () => {
    expect(rfc3339(new Date('2026-01-02T03:04:05.999Z'))).toBe('2026-01-02T03:04:05Z');
  });
});

describe('isRestartable', () => {
  it('matches the apps workloads kubectl rollout restart accepts', () => {
    expect(['Deployment', 'StatefulSet', 'DaemonSet'].map((k) => isRestartable(workload(k)))).toEqual([true, true, true]);
    expect(isRestartable(workload('ReplicaSet'))).toBe(false);
    expect(isRestartable(workload('Deployment', {}, 'example.com/v1'))).toBe(false);
    expect(isDeployment(workload('StatefulSet'))).toBe(false);
  });
});

describe('pauseChange', () => {
  it('pauses with spec.paused true', () => {
    const live = workload('Deployment');
    expectStopChange(live, pauseChange(live, PATH, true), { apiPath: PATH, title: 'Pause rollout of Deployment web', patch: { spec: { paused: true } }, isStopped: isPaused, stop: true });
  });

  it('resumes by removing spec.paused, as kubectl rollout resume does', () => {
    const live = workload('Deployment', { paused: true });
    expectStopChange(live, pauseChange(live, PATH, false), { apiPath: PATH, title: 'Resume rollout of Deployment web', patch: { spec: { paused: null } }, isStopped: isPaused, stop: false });
  });
});
