import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { commandArgv, execContainers } from './exec-targets';

describe('execContainers', () => {
  it('lists containers then ephemeral ones, with why a non-running one would fail', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p' },
      spec: { initContainers: [{ name: 'init' }], containers: [{ name: 'app' }, { name: 'sidecar' }], ephemeralContainers: [{ name: 'debugger' }] },
      status: {
        containerStatuses: [
          { name: 'app', state: { running: {} } },
          { name: 'sidecar', state: { waiting: { reason: 'CrashLoopBackOff' } } },
        ],
        ephemeralContainerStatuses: [{ name: 'debugger', state: { terminated: { reason: 'Completed' } } }],
      },
    } as KubeObject;
    expect(execContainers(pod)).toEqual([
      { name: 'app', kind: 'container', problem: null },
      { name: 'sidecar', kind: 'container', problem: 'waiting: CrashLoopBackOff' },
      { name: 'debugger', kind: 'ephemeral', problem: 'terminated: Completed' },
    ]);
  });

  it('copes with a pod without spec or status', () => {
    expect(execContainers({ apiVersion: 'v1', kind: 'Pod', metadata: {} } as KubeObject)).toEqual([]);
  });
});

describe('commandArgv', () => {
  it('runs sh or bash as is', () => {
    expect(commandArgv('sh', 'ignored')).toEqual({ argv: ['sh'] });
    expect(commandArgv('bash', '')).toEqual({ argv: ['bash'] });
  });

  it('splits a custom line on spaces, quotes grouping words', () => {
    expect(commandArgv('custom', `  sh -c "ls /etc"  'a b' `)).toEqual({ argv: ['sh', '-c', 'ls /etc', 'a b'] });
    expect(commandArgv('custom', `echo ""`)).toEqual({ argv: ['echo', ''] });
  });

  it('says why an empty or unbalanced line cannot run', () => {
    expect(commandArgv('custom', '   ')).toEqual({ problem: 'type a command to run, e.g. /bin/ash or python3' });
    expect(commandArgv('custom', 'sh -c "ls')).toEqual({ problem: 'the command has an unclosed " quote' });
  });
});
