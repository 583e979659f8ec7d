import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';
import type { ContextTarget } from '../contexts.js';
import { createPageReadAhead } from './read-ahead.js';
import type { ListPageCache } from './page-cache.js';

// A second page (a first page's next URL depends on the client: see the integration test).
const PAGE = '/api/v1/pods?includeObject=Metadata&limit=500&continue=this-token';
const TABLE = JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '5', continue: 'next-token' }, columnDefinitions: [], rows: [] });

/** Answers that record what is asked ahead and never answer. */
function recordingAnswers(): ListPageCache & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    ask: (_target, pathAndQuery) => {
      asked.push(pathAndQuery);
      return new Promise(() => {});
    },
    has: () => false,
    size: 0,
    claim: () => null,
    dropWritten: () => {},
    close: () => {},
  };
}

// The proxy's side of one relayed page: only the fields read-ahead reads, so the test drives each event itself.
const target = { info: { name: 'fake' } } as ContextTarget;
const req = { method: 'GET', headers: { accept: TABLE_ACCEPT, 'user-agent': 'browser' } } as unknown as IncomingMessage;
function upstreamPage(): IncomingMessage {
  return Object.assign(new PassThrough(), { statusCode: 200, headers: { 'content-type': 'application/json' } }) as unknown as IncomingMessage;
}

/** The proxy has relayed one page upstream to its end; the answer to the client has not finished yet. */
async function relayedPage(): Promise<{ answers: ReturnType<typeof recordingAnswers>; res: ServerResponse }> {
  const answers = recordingAnswers();
  const upstreamRes = upstreamPage();
  const res = new EventEmitter() as ServerResponse;
  createPageReadAhead(answers).relaying(target, PAGE, req, { cacheKey: 'kubeconfig', limitKey: 'address:test' }, upstreamRes, res);
  upstreamRes.resume();
  (upstreamRes as unknown as PassThrough).end(TABLE);
  await new Promise((resolve) => upstreamRes.once('end', resolve));
  return { answers, res };
}

describe('page read-ahead', () => {
  it('asks the next page only once the answer has left for the client, not when the upstream page has ended', async () => {
    const { answers, res } = await relayedPage();
    // The relay ends its answer after the upstream's end: a chunked answer's last chunk must not wait for this.
    expect(answers.asked).toEqual([]);
    res.emit('finish');
    expect(answers.asked).toEqual([PAGE.replace('this-token', 'next-token')]);
  });

  it('asks nothing when the client went away before its answer finished', async () => {
    const { answers, res } = await relayedPage();
    res.emit('close');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answers.asked).toEqual([]);
  });
});
