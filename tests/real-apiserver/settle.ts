// Waits until nothing but the test writes a Deployment. On 1.20.2 that is at once (no controller-manager runs); on
// the current control plane, once its rollout is done and its resourceVersion holds still for a second.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from '@playwright/test';
import type { KubectlResult } from '../support/kubectl.js';
import { MODERN } from './tier.js';

export async function settledDeployment(k: (...args: string[]) => Promise<KubectlResult>, namespace: string, name: string): Promise<void> {
  if (!MODERN) return;
  // Polled, not `rollout status`: each kubectl stays short, and a loaded machine gets its whole minute.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await k('-n', namespace, 'get', 'deployment', name, '-o', 'jsonpath={.metadata.generation} {.status.observedGeneration} {.spec.replicas} {.status.updatedReplicas} {.status.availableReplicas}');
    expect(r.code, r.stderr).toBe(0);
    const [generation, observed, replicas, updated, available] = r.stdout.trim().split(' ');
    if (generation === observed && replicas === updated && replicas === available) break;
    if (Date.now() > deadline) throw new Error(`deployment ${namespace}/${name} did not roll out within 60 s: ${r.stdout}`);
    await sleep(500);
  }
  const resourceVersion = async () => {
    const r = await k('-n', namespace, 'get', 'deployment', name, '-o', 'jsonpath={.metadata.resourceVersion}');
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  let last = await resourceVersion();
  for (let i = 0; i < 30; i++) {
    await sleep(1_000);
    const now = await resourceVersion();
    if (now === last) return;
    last = now;
  }
  throw new Error(`deployment ${namespace}/${name} kept changing for 30 s after its rollout`);
}
