import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../testing/fixtures';
import { deleteOptionsBody, deleteOutcome, finalizerNote, pendingDeletion } from './delete-options';

describe('deleteOptionsBody', () => {
  it('carries the policy, the preconditions that are set, and dryRun', () => {
    expect(deleteOptionsBody({ propagationPolicy: 'Foreground', uid: 'u1', resourceVersion: '42', dryRun: true })).toEqual({
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      propagationPolicy: 'Foreground',
      preconditions: { uid: 'u1', resourceVersion: '42' },
      dryRun: ['All'],
    });
    expect(deleteOptionsBody({ propagationPolicy: 'Background', uid: 'u1', dryRun: false })).toEqual({
      kind: 'DeleteOptions',
      apiVersion: 'v1',
      propagationPolicy: 'Background',
      preconditions: { uid: 'u1' },
    });
    expect(deleteOptionsBody({ propagationPolicy: 'Orphan', dryRun: false })).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Orphan' });
  });
});

describe('deleteOutcome', () => {
  const meta = { name: 'web', namespace: 'default', uid: 'u1' };

  it('reads a Success Status (the 1.20 answer for a ConfigMap) as deleted', () => {
    expect(deleteOutcome(readJsonFixture('objects/configmap-delete-dryrun-status.json'))).toEqual({ kind: 'deleted' });
  });

  it('reads an object marked for deletion with finalizers as pending', () => {
    const object = { kind: 'Deployment', metadata: { ...meta, deletionTimestamp: '2026-11-21T00:00:00Z', deletionGracePeriodSeconds: 0, finalizers: ['foregroundDeletion'] } };
    expect(deleteOutcome(object)).toEqual({ kind: 'pending', object, finalizers: ['foregroundDeletion'], deletionTimestamp: '2026-11-21T00:00:00Z', gracePeriodSeconds: 0 });
  });

  it('tells a pod in its grace period from one deleted at once', () => {
    const graceful = { kind: 'Pod', metadata: { ...meta, deletionTimestamp: '2026-11-21T00:00:30Z', deletionGracePeriodSeconds: 30 } };
    expect(deleteOutcome(graceful)).toMatchObject({ kind: 'pending', finalizers: [], gracePeriodSeconds: 30 });
    expect(deleteOutcome({ kind: 'Pod', metadata: { ...meta, deletionTimestamp: '2026-11-21T00:00:00Z', deletionGracePeriodSeconds: 0 } })).toEqual({ kind: 'deleted' });
    expect(deleteOutcome({ kind: 'Pod', metadata: meta })).toEqual({ kind: 'deleted' });
  });

  it('sees a terminating Namespace waiting for its spec finalizers', () => {
    const ns = { kind: 'Namespace', metadata: { name: 'team-a', deletionTimestamp: '2026-11-21T00:00:00Z' }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating' } };
    expect(pendingDeletion(ns)).toEqual({ finalizers: ['kubernetes'], deletionTimestamp: '2026-11-21T00:00:00Z', gracePeriodSeconds: 0 });
    expect(finalizerNote('kubernetes')).toContain('namespace controller');
    expect(finalizerNote('example.com/backup')).toBeNull();
  });
});
