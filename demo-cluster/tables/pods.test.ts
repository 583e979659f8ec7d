import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../resources/types.js';
import { podPrinter, summarizePod } from './pods.js';

function pod(status: Record<string, unknown>, extra: Partial<KubeObject> = {}): KubeObject {
  return { metadata: { name: 'p', creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { containers: [{ name: 'c' }] }, status, ...extra };
}

describe('pod printer (printPod)', () => {
  it('Running and ready', () => {
    const p = pod({ phase: 'Running', containerStatuses: [{ name: 'c', ready: true, restartCount: 2, state: { running: {} } }] });
    expect(summarizePod(p)).toEqual({ ready: '1/1', reason: 'Running', restarts: 2 });
  });

  it('waiting reasons win: CrashLoopBackOff, ContainerCreating', () => {
    expect(summarizePod(pod({ phase: 'Running', containerStatuses: [{ ready: false, restartCount: 7, state: { waiting: { reason: 'CrashLoopBackOff' } } }] }))).toEqual({
      ready: '0/1',
      reason: 'CrashLoopBackOff',
      restarts: 7,
    });
    expect(summarizePod(pod({ phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ContainerCreating' } } }] })).reason).toBe('ContainerCreating');
  });

  it('terminated without reason shows the exit code; with deletionTimestamp Terminating', () => {
    expect(summarizePod(pod({ phase: 'Failed', containerStatuses: [{ state: { terminated: { exitCode: 3 } } }] })).reason).toBe('ExitCode:3');
    const terminating = pod({ phase: 'Running' }, { metadata: { name: 'p', deletionTimestamp: '2026-01-01T00:00:00Z' } });
    expect(summarizePod(terminating).reason).toBe('Terminating');
  });

  it('init containers', () => {
    const p = pod(
      { phase: 'Pending', initContainerStatuses: [{ state: { waiting: { reason: 'PodInitializing' } } }] },
      { spec: { initContainers: [{ name: 'i' }], containers: [{ name: 'c' }] } },
    );
    expect(summarizePod(p).reason).toBe('Init:0/1');
  });

  it('Completed condition for Succeeded pods and <none> wide cells', () => {
    const p = pod({ phase: 'Succeeded', containerStatuses: [{ state: { terminated: { exitCode: 0, reason: 'Completed' } } }] });
    expect(podPrinter.conditions?.(p)).toEqual([{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
    const cells = podPrinter.cells(p, Date.parse('2026-01-01T00:00:05Z'));
    expect(cells).toEqual(['p', '0/1', 'Completed', '0', '5s', '<none>', '<none>', '<none>', '<none>']);
  });

  it('Restarts says when the last restart ended (1.37); sidecars count as containers, and their restarts too', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    const restarted = pod({
      phase: 'Running',
      containerStatuses: [{ name: 'c', ready: true, restartCount: 2, state: { running: {} }, lastState: { terminated: { exitCode: 1, finishedAt: '2026-01-01T00:55:00Z' } } }],
    });
    expect(podPrinter.cells(restarted, now)[3]).toBe('2 (5m ago)');
    const withSidecar = pod(
      {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [{ name: 'proxy', ready: true, started: true, restartCount: 1, state: { running: {} } }],
        containerStatuses: [{ name: 'c', ready: true, restartCount: 0, state: { running: {} } }],
      },
      { spec: { initContainers: [{ name: 'proxy', restartPolicy: 'Always' }], containers: [{ name: 'c' }] } },
    );
    expect(summarizePod(withSidecar)).toEqual({ ready: '2/2', reason: 'Running', restarts: 1 });
  });

  it('a Failed pod being deleted stays Failed; a scheduling gate shows SchedulingGated', () => {
    const failed = pod({ phase: 'Failed' }, { metadata: { name: 'p', deletionTimestamp: '2026-01-01T00:00:00Z' } });
    expect(summarizePod(failed).reason).toBe('Failed');
    expect(summarizePod(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] })).reason).toBe('SchedulingGated');
  });
});
