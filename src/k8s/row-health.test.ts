import { describe, expect, it } from 'vitest';
import { healthRecheckAt, healthRuleOf, healthWords, rowHealth, STARTING_GRACE_MS } from './row-health';
import type { TableColumnDefinition, TableRow } from './table';

const column = (name: string, type = 'string'): TableColumnDefinition => ({ name, type, format: name === 'Name' ? 'name' : '', description: '', priority: 0 });
const POD_COLUMNS = [column('Name'), column('Ready'), column('Status'), column('Restarts', 'integer'), column('Age')];
const DEPLOY_COLUMNS = [column('Name'), column('Ready'), column('Up-to-date', 'integer'), column('Available', 'integer'), column('Age')];
const DS_COLUMNS = [column('Name'), column('Desired', 'integer'), column('Current', 'integer'), column('Ready', 'integer'), column('Up-to-date', 'integer'), column('Available', 'integer')];
const NOW = Date.parse('2024-01-01T12:00:00Z');
const OLD = '2024-01-01T10:00:00Z';

function podRow(ready: string, status: string, restarts: unknown, created = OLD): TableRow {
  return { cells: ['p', ready, status, restarts, '2h'], object: { metadata: { name: 'p', creationTimestamp: created } } };
}
const pod = (ready: string, status: string, restarts: unknown = 0, created = OLD) => rowHealth('pod', POD_COLUMNS, podRow(ready, status, restarts, created), NOW);

describe('pod health from the printed cells', () => {
  it('calls the reasons a pod cannot run as it is failing, with its restarts', () => {
    expect(pod('0/1', 'CrashLoopBackOff', 8)).toEqual({ level: 'failing', reason: 'CrashLoopBackOff, 8 restarts', columns: ['status', 'restarts'] });
    for (const status of ['Error', 'ImagePullBackOff', 'ErrImagePull', 'CreateContainerConfigError', 'OOMKilled', 'Evicted', 'Init:CrashLoopBackOff', 'Signal:9', 'ExitCode:137', 'OutOfcpu']) {
      expect(pod('0/1', status)?.level, status).toBe('failing');
    }
  });

  it('calls running but not ready, stuck starting, and restarted pods a warning; Completed and healthy pods nothing', () => {
    expect(pod('0/1', 'Running')).toEqual({ level: 'warning', reason: '0/1 ready', columns: ['ready'] });
    expect(pod('1/1', 'Running', '1 (3m ago)')).toEqual({ level: 'warning', reason: '1 restart', columns: ['restarts'] });
    expect(pod('0/1', 'ContainerCreating')).toEqual({ level: 'warning', reason: 'ContainerCreating', columns: ['status'] });
    expect(pod('0/2', 'Init:0/1')?.level).toBe('warning');
    expect(pod('1/1', 'Running')).toBeNull();
    expect(pod('0/1', 'Completed')).toBeNull();
    expect(pod('0/1', 'Terminating')).toBeNull();
  });

  it('gives a pod that has just started its grace, and says when to judge it again', () => {
    const created = new Date(NOW - 5_000).toISOString();
    expect(pod('0/1', 'ContainerCreating', 0, created)).toBeNull();
    expect(healthRecheckAt('pod', POD_COLUMNS, podRow('0/1', 'ContainerCreating', 0, created), NOW)).toBe(NOW - 5_000 + STARTING_GRACE_MS);
    expect(healthRecheckAt('pod', POD_COLUMNS, podRow('1/1', 'Running', 0, created), NOW)).toBeNull();
    expect(healthRecheckAt('pod', POD_COLUMNS, podRow('0/1', 'Pending', 0), NOW)).toBeNull();
  });

  it('says it in words for screen readers', () => {
    expect(healthWords({ level: 'failing', reason: 'Error', columns: ['status'] })).toBe('failing: Error');
    expect(healthWords({ level: 'warning', reason: '0/1 ready', columns: ['ready'] })).toBe('not ready: 0/1 ready');
    expect(healthWords({ level: 'warning', reason: '2 restarts', columns: ['restarts'] })).toBe('restarting: 2 restarts');
  });
});

describe('workload health from the printed cells', () => {
  const deploy = (ready: string, upToDate: number, available: number) => rowHealth('workload', DEPLOY_COLUMNS, { cells: ['d', ready, upToDate, available, '1h'] }, NOW);

  it('warns of a workload short of its desired replicas, by each column that shows it', () => {
    expect(deploy('3/3', 3, 3)).toBeNull();
    expect(deploy('1/2', 2, 1)).toEqual({ level: 'warning', reason: '1/2 ready, 1/2 available', columns: ['ready', 'available'] });
    expect(deploy('0/0', 0, 0)).toBeNull();
    expect(rowHealth('workload', DS_COLUMNS, { cells: ['ds', 3, 3, 2, 3, 2] }, NOW)).toEqual({ level: 'warning', reason: '2/3 ready, 2/3 available', columns: ['ready', 'available'] });
  });

  it('judges pods and apps workloads only', () => {
    expect(healthRuleOf('', 'pods')).toBe('pod');
    expect(healthRuleOf('apps', 'statefulsets')).toBe('workload');
    expect(healthRuleOf('', 'replicationcontrollers')).toBe('workload');
    expect(healthRuleOf('', 'nodes')).toBeNull();
    expect(rowHealth(null, POD_COLUMNS, podRow('0/1', 'Error', 0), NOW)).toBeNull();
  });
});
