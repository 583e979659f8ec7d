// Pods whose containers end reach Succeeded or Failed with terminated states, or restart as their policy says.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

// A long activity interval: the simulated kubelet runs, random changes do not happen during the test.
const cluster = useCluster({ activityIntervalMs: 600_000 });
const { api } = cluster;
const PODS = '/api/v1/namespaces/shop/pods';
const create = (name: string, restartPolicy: string, command: string[]): Promise<unknown> =>
  api(PODS, { method: 'POST', body: { metadata: { name }, spec: { restartPolicy, containers: [{ name: 'main', image: 'busybox:1.36', command }] } } });
const phaseOf = (name: string, phase: string): Promise<Json> =>
  waitUntil(async () => (await api(`${PODS}/${name}`)).body, { until: (p) => p.status?.phase === phase, what: `${name} ${phase}` });

describe('containers that exit', () => {
  it('a pod whose container exits 0 (restartPolicy Never) is Succeeded with a Completed terminated state', async () => {
    await create('ok', 'Never', ['sh', '-c', 'exit 0']);
    const pod = await phaseOf('ok', 'Succeeded');
    const [cs] = pod.status.containerStatuses as Json[];
    expect(cs).toMatchObject({ name: 'main', ready: false, started: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } });
    expect(cs?.state.terminated.containerID).toMatch(/^containerd:\/\//);
    expect((pod.status.conditions as Json[]).find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'PodCompleted' });
  });

  it('a non-zero exit fails the pod under Never; OnFailure restarts it', async () => {
    await create('bad', 'Never', ['sh', '-c', 'exit 3']);
    const failed = await phaseOf('bad', 'Failed');
    expect(failed.status.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 3, reason: 'Error' });
    await create('retry', 'OnFailure', ['/bin/false']);
    const restarted = await waitUntil(async () => (await api(`${PODS}/retry`)).body, { until: (p) => p.status?.containerStatuses?.[0]?.restartCount === 1, what: 'a restart' });
    expect(restarted.status.phase).toBe('Running');
    expect(restarted.status.containerStatuses[0]).toMatchObject({ state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 1, reason: 'Error' } } });
  });

  it('a long-running container stays Running', async () => {
    await create('daemon', 'Never', ['sh', '-c', 'while true; do sleep 1; done']);
    await create('after', 'Never', ['true']);
    await phaseOf('after', 'Succeeded');
    expect((await api(`${PODS}/daemon`)).body.status.phase).toBe('Running');
  });
});
