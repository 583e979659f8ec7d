import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { stubFetch } from '../testing/stub-fetch';
import { KubeApiError } from './kube-api-error';
import { streamPodLog, type LogStreamState } from './log-stream';
import type { LogLine } from './logs';

cleanUpAfterEach();

const target = (follow: boolean) => ({ context: 'demo', podPath: '/api/v1/namespaces/demo/pods/web-1', query: { container: 'web', previous: false, timestamps: false, follow, tailLines: 2 }, backoff: { first: 1, max: 2 } });

function collect() {
  const lines: LogLine[] = [];
  const states: LogStreamState[] = [];
  let error: unknown;
  return {
    lines,
    states,
    error: () => error,
    callbacks: { onLines: (l: LogLine[]) => lines.push(...l), onState: (s: LogStreamState, d: { error?: KubeApiError }) => { states.push(s); if (d.error) error = d.error; } },
  };
}

describe('streamPodLog', () => {
  it('resumes a followed log from the last timestamp without repeating or dropping lines', async () => {
    const controller = new AbortController();
    const urls: string[] = [];
    const bodies = [
      '2026-01-01T00:00:01.5Z one\n2026-01-01T00:00:02.25Z two\n2026-01-01T00:00:02.25Z two-b\n2026-01-01T00:00:03Z thr', // cut mid-line
      '2026-01-01T00:00:02.25Z two\n2026-01-01T00:00:02.25Z two-b\n2026-01-01T00:00:03Z three\n2026-01-01T00:00:04Z four\n',
    ];
    stubFetch((url) => {
      urls.push(url);
      const body = bodies[urls.length - 1];
      if (body === undefined) {
        controller.abort();
        return new Response('', { status: 200 });
      }
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain' } });
    });
    const c = collect();
    await streamPodLog(target(true), c.callbacks, controller.signal);
    expect(urls[0]).toBe('/k8s/demo/api/v1/namespaces/demo/pods/web-1/log?container=web&timestamps=true&follow=true&tailLines=2');
    // Resumed from the whole second of the last line shown, without tailLines.
    expect(urls[1]).toBe('/k8s/demo/api/v1/namespaces/demo/pods/web-1/log?container=web&timestamps=true&follow=true&sinceTime=2026-01-01T00%3A00%3A02Z');
    // The cut "thr" came whole as "three" after the resume; the two lines sharing 02.25 are not repeated.
    expect(c.lines.map((l) => l.text)).toEqual(['one', 'two', 'two-b', 'three', 'four']);
    expect(c.states.slice(0, 3)).toEqual(['connecting', 'streaming', 'reconnecting']);
  });

  it('a refusal is a KubeApiError and is not retried', async () => {
    const status = { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'pods "node-x" not found', reason: 'NotFound', code: 404 };
    const fetch = stubFetch(() => new Response(JSON.stringify(status), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    const c = collect();
    await streamPodLog(target(true), c.callbacks, new AbortController().signal);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(c.states).toEqual(['connecting', 'failed']);
    expect(c.error()).toBeInstanceOf(KubeApiError);
    expect((c.error() as KubeApiError).message).toBe('pods "node-x" not found');
  });

  it('a 204 (pod on no node) ends with no lines', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    const c = collect();
    await streamPodLog(target(true), c.callbacks, new AbortController().signal);
    expect(c.lines).toEqual([]);
    expect(c.states).toEqual(['connecting', 'streaming', 'ended']);
  });
});
