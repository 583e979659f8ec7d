import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { expectStopChange } from '../../testing/stop-change';
import { isCronJob, isSuspended, suspendChange } from './cronjob-suspend';

const PATH = '/apis/batch/v1/namespaces/default/cronjobs/nightly';

function cronJob(spec: Record<string, unknown>, apiVersion = 'batch/v1'): KubeObject {
  return { kind: 'CronJob', apiVersion, metadata: { name: 'nightly', namespace: 'default', resourceVersion: '3' }, spec: { schedule: '0 1 * * *', ...spec } };
}

describe('suspendChange', () => {
  it('suspends with a merge patch of spec.suspend', () => {
    const live = cronJob({ suspend: false });
    expectStopChange(live, suspendChange(live, PATH, true), { apiPath: PATH, title: 'Suspend CronJob nightly', patch: { spec: { suspend: true } }, isStopped: isSuspended, stop: true });
  });

  it('resumes by setting suspend to false', () => {
    const live = cronJob({ suspend: true });
    expectStopChange(live, suspendChange(live, PATH, false), { apiPath: PATH, title: 'Resume CronJob nightly', patch: { spec: { suspend: false } }, isStopped: isSuspended, stop: false });
  });

  it('treats a missing suspend as running', () => {
    expect(isSuspended(cronJob({}))).toBe(false);
    expect(isSuspended({ kind: 'CronJob', apiVersion: 'batch/v1', metadata: {} })).toBe(false);
  });
});

describe('isCronJob', () => {
  it('matches batch CronJobs of any version only', () => {
    expect(isCronJob(cronJob({}))).toBe(true);
    expect(isCronJob(cronJob({}, 'batch/v1beta1'))).toBe(true);
    expect(isCronJob(cronJob({}, 'example.com/v1'))).toBe(false);
    expect(isCronJob({ kind: 'Job', apiVersion: 'batch/v1', metadata: {} })).toBe(false);
  });
});
