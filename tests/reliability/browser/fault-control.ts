// The demo cluster's fault injector (demo-cluster/faults/faults.ts), reached through kubeglass's proxy with the
// demo admin context; and the marker pods a scenario creates so a stale screen cannot look recovered.
import { expect, type APIRequestContext } from '@playwright/test';

import type { FaultRule } from '../../../demo-cluster/faults/faults.js';

export type { FaultRule };

export class FaultControl {
  constructor(
    private readonly request: APIRequestContext,
    private readonly base: string,
  ) {}

  private url(action = ''): string {
    return `${this.base}/k8s/demo/-/demo/faults${action}`;
  }

  async setRules(rules: FaultRule[]): Promise<void> {
    const r = await this.request.post(this.url(), { data: { rules } });
    expect(r.status(), await r.text()).toBe(200);
  }

  /** Matching requests each rule still affects. */
  async remaining(): Promise<number[]> {
    const r = await this.request.get(this.url());
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { rules: { remaining?: number }[] }).rules.map((rule) => rule.remaining ?? Infinity);
  }

  async clear(): Promise<void> {
    const r = await this.request.delete(this.url());
    expect(r.status(), await r.text()).toBe(200);
  }

  /** The paths of the upstream watches open now. */
  async openWatches(): Promise<string[]> {
    const r = await this.request.get(this.url());
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { watches: string[] }).watches;
  }

  /** Waits until an upstream watch of this path is open: the UI says "live" before the proxy's upstream request lands. */
  async waitForWatch(path: string): Promise<void> {
    await expect.poll(() => this.openWatches(), { timeout: 5_000, intervals: [50], message: `an upstream watch of ${path} is open` }).toContain(path);
  }

  /** Cuts every open upstream watch (no final chunk); returns how many. */
  async dropWatches(): Promise<number> {
    const r = await this.request.post(this.url('/drop-watches'), { data: {} });
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { dropped: number }).dropped;
  }

  /** Forgets the event history: resuming a watch gets 410 Expired (as an ERROR event). */
  async compact(): Promise<void> {
    const r = await this.request.post(this.url('/compact'), { data: {} });
    expect(r.status(), await r.text()).toBe(200);
  }
}

let markers = 0;

/** Creates a pod in default; returns its row key. */
export async function createMarkerPod(request: APIRequestContext, base: string): Promise<string> {
  const name = `marker-${Date.now()}-${markers++}`;
  const r = await request.post(`${base}/k8s/demo/api/v1/namespaces/default/pods`, {
    data: { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'reliability-marker' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } },
  });
  expect(r.status(), await r.text()).toBe(201);
  return `default/${name}`;
}
