// The log view's follow stream (src/k8s/log-stream.ts) through the real kubeglass proxy and demo cluster, with the
// connection cut mid-line: after the resume the lines are exactly the server's own sequence, none lost, none twice.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { streamPodLog, type LogStreamState } from '../../src/k8s/log-stream.js';
import { splitTimestamp, wholeSecond, type LogLine } from '../../src/k8s/logs.js';
import { startHarness } from './kubeglass-harness.js';

let kg: RunningKubeglass;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  kg = await startHarness();
});

afterAll(async () => {
  await kg?.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A body that passes `keep` bytes of the real one, then fails like a dropped connection. */
function cutAfter(body: ReadableStream<Uint8Array>, keep: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let passed = 0;
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) return controller.close();
      const room = keep - passed;
      if (value.length < room) {
        passed += value.length;
        controller.enqueue(value);
        return;
      }
      controller.enqueue(value.subarray(0, room));
      await reader.cancel();
      controller.error(new TypeError('network error: connection reset'));
    },
  });
}

describe('a followed log across a dropped connection', () => {
  it('resumes from the last timestamp: the lines shown are the server’s, in order, none lost or repeated', async () => {
    const pods = (await (await realFetch(`${kg.url}/k8s/demo/api/v1/namespaces/demo/pods?labelSelector=app%3Dweb`)).json()) as { items: { metadata: { name: string } }[] };
    const pod = pods.items[0]?.metadata.name ?? '';
    expect(pod).not.toBe('');
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      urls.push(url);
      const res = await realFetch(`${kg.url}${url}`, init);
      // The first answer is cut mid-line after a few lines.
      if (urls.length === 1 && res.body) return new Response(cutAfter(res.body, 700), { status: res.status, headers: res.headers });
      return res;
    });
    const lines: LogLine[] = [];
    const states: LogStreamState[] = [];
    const controller = new AbortController();
    const done = streamPodLog(
      { context: 'demo', podPath: `/api/v1/namespaces/demo/pods/${pod}`, query: { container: '', previous: false, timestamps: true, follow: true, tailLines: 8 }, backoff: { first: 50, max: 100 } },
      {
        onLines: (l) => {
          lines.push(...l);
          if (lines.length >= 14) controller.abort();
        },
        onState: (s) => states.push(s),
      },
      controller.signal,
    );
    await Promise.race([done, new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${lines.length} lines`)), 20_000))]);
    expect(states).toContain('reconnecting');
    expect(urls[1]).toMatch(/sinceTime=/);

    // The server's own sequence from the first line shown: the demo's log is a function of time, so reading it
    // again gives the same lines at the same times.
    const first = lines[0]?.ts ?? '';
    const truth = (await (await realFetch(`${kg.url}/k8s/demo/api/v1/namespaces/demo/pods/${pod}/log?timestamps=true&sinceTime=${wholeSecond(first) ?? ''}`)).text())
      .trimEnd()
      .split('\n')
      .map(splitTimestamp);
    const start = truth.findIndex((l) => l.ts === first);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(lines.map((l) => `${l.ts} ${l.text}`)).toEqual(truth.slice(start, start + lines.length).map((l) => `${l.ts} ${l.text}`));
  });
});
