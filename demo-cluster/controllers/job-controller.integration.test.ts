// The Job controller with the simulated kubelet: pods run to completion and the Job reports it as 1.37 does.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster({ activityIntervalMs: 600_000 });
const { api } = cluster;
const JOBS = '/apis/batch/v1/namespaces/shop/jobs';
const job = (name: string, script: string, extra: Json = {}): Json => ({
  metadata: { name },
  spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox', command: ['sh', '-c', script] }] } }, ...extra },
});
const finished = (name: string): Promise<Json> =>
  waitUntil(async () => (await api(`${JOBS}/${name}`)).body, { until: (j) => (j.status?.conditions ?? []).some((c: Json) => c.type === 'Complete' || c.type === 'Failed'), what: `${name} finished` });

describe('job controller', () => {
  it('runs completions pods, parallelism at a time, to Complete', async () => {
    const created = await api(JOBS, { method: 'POST', body: job('ok', 'exit 0', { completions: 2, parallelism: 2 }) });
    expect(created.body.spec.template.metadata.labels).toMatchObject({ 'batch.kubernetes.io/job-name': 'ok', 'job-name': 'ok', 'controller-uid': created.body.metadata.uid });
    const done = await finished('ok');
    expect(done.status).toMatchObject({ succeeded: 2, terminating: 0, uncountedTerminatedPods: {}, ready: 0 });
    expect(done.status.active).toBeUndefined();
    expect(done.status.conditions.map((c: Json) => [c.type, c.status, c.reason])).toEqual([
      ['SuccessCriteriaMet', 'True', 'CompletionsReached'],
      ['Complete', 'True', 'CompletionsReached'],
    ]);
    const pods = (await api('/api/v1/namespaces/shop/pods?labelSelector=job-name%3Dok')).body.items as Json[];
    expect(pods.map((p) => p.status.phase)).toEqual(['Succeeded', 'Succeeded']);
  });

  it('fails once more pods failed than backoffLimit allows', async () => {
    await api(JOBS, { method: 'POST', body: job('bad', 'exit 1', { backoffLimit: 0 }) });
    const done = await finished('bad');
    expect(done.status.failed).toBe(1);
    expect(done.status.conditions.map((c: Json) => [c.type, c.reason])).toEqual([
      ['FailureTarget', 'BackoffLimitExceeded'],
      ['Failed', 'BackoffLimitExceeded'],
    ]);
  });
});
