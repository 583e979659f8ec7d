// Request smuggling through the /k8s/ proxy: raw bytes (Content-Length and Transfer-Encoding variants, bodies on
// every method, pipelined requests) sent to a real kubeglass in front of an upstream that records every request it
// parses. The upstream must see exactly the requests sent, bodies byte for byte, or kubeglass must refuse with 400;
// it never sees a request nobody asked kubeglass for. Counted for the report.
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { FAKE_TOKEN } from '../../server/testing/fake-upstream.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { rawExchange, startKubeglassOnRecordingUpstream, type RecordedCall, type RecordingUpstream } from './recording-upstream.js';
import { blocked } from './probe-report.js';

const CATEGORY = 'request smuggling';

let upstream: RecordingUpstream;
let kubeglass: RunningKubeglass;
let port: number;
let head: string;

beforeAll(async () => {
  ({ upstream, kubeglass } = await startKubeglassOnRecordingUpstream());
  port = kubeglass.port;
  head = `Host: 127.0.0.1:${port}\r\n${CLIENT_HEADER}: ${CLIENT_HEADER_VALUE}\r\n`;
});

afterAll(async () => {
  await kubeglass?.close();
  await upstream?.close();
});

beforeEach(() => {
  upstream.calls.length = 0;
});

const PROXIED = '/k8s/fake/api/v1/namespaces/default/configmaps/cm';
const UPSTREAM_PATH = '/api/v1/namespaces/default/configmaps/cm';
/** What an attacker hides in a body: a request of its own, with headers kubeglass would never forward. */
const SMUGGLED = 'GET /api/v1/namespaces/kube-system/secrets HTTP/1.1\r\nHost: x\r\nImpersonate-User: system:admin\r\n\r\n';
const DELETE_OPTIONS = '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Foreground"}';

const chunked = (...chunks: string[]): string => `${chunks.map((c) => `${c.length.toString(16)}\r\n${c}\r\n`).join('')}0\r\n\r\n`;
const message = (method: string, headers: string[], body = '', path = PROXIED): string =>
  `${method} ${path} HTTP/1.1\r\n${head}${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`;

interface Expected {
  method: string;
  body: string;
  path?: string;
}

/** `forward`: the upstream sees exactly these; `refuse`: kubeglass answers 400 and no request completes upstream. */
type Outcome = { forward: Expected[] } | { refuse: true };

function seen(calls: RecordedCall[]): string {
  return JSON.stringify(calls.map(({ connection, method, path, body, complete }) => ({ connection, method, path, body, complete })));
}

/** Nothing reached the upstream that nobody sent: no other credentials, no impersonation, no secrets path. */
function nothingForeign(calls: RecordedCall[]): boolean {
  return calls.every(
    (call) =>
      call.headers.authorization === `Bearer ${FAKE_TOKEN}` &&
      !Object.keys(call.headers).some((name) => name.startsWith('impersonate-')) &&
      !call.path.includes('/secrets'),
  );
}

async function probe(name: string, bytes: string, outcome: Outcome, answers = 'forward' in outcome ? outcome.forward.length : 1): Promise<void> {
  const exchange = await rawExchange(port, bytes, answers);
  const calls = [...upstream.calls];
  const detail = `answers ${JSON.stringify(exchange.statuses)}, upstream saw ${seen(calls)}`;
  let ok: boolean;
  if ('refuse' in outcome) {
    ok = exchange.statuses[0] === 400 && calls.every((call) => !call.complete);
  } else {
    const expected = outcome.forward.map(({ method, body, path }) => ({ method, path: path ?? UPSTREAM_PATH, body, complete: true }));
    const actual = calls.map(({ method, path, body, complete }) => ({ method, path, body, complete }));
    ok = JSON.stringify(actual) === JSON.stringify(expected) && exchange.statuses.filter((s) => s !== 100).every((s) => s === 200);
  }
  blocked(CATEGORY, name, ok && nothingForeign(calls), detail);
}

const NO_BODY_METHODS = ['GET', 'HEAD'];
const BODY_METHODS = ['DELETE', 'OPTIONS', 'POST', 'PUT', 'PATCH'];

describe('request smuggling: bodies on every method', () => {
  for (const method of [...NO_BODY_METHODS, ...BODY_METHODS]) {
    const refused = NO_BODY_METHODS.includes(method);
    it(`${method} with a chunked body holding a second request`, async () => {
      const outcome: Outcome = refused ? { refuse: true } : { forward: [{ method, body: SMUGGLED }] };
      await probe(`${method} with a chunked body holding a request`, message(method, ['Transfer-Encoding: chunked'], chunked(SMUGGLED)), outcome);
    });

    it(`${method} with a Content-Length body`, async () => {
      const outcome: Outcome = refused ? { refuse: true } : { forward: [{ method, body: DELETE_OPTIONS }] };
      await probe(`${method} with a Content-Length body`, message(method, [`Content-Length: ${DELETE_OPTIONS.length}`], DELETE_OPTIONS), outcome);
    });

    it(`${method} with Content-Length: 0`, async () => {
      await probe(`${method} with Content-Length: 0`, message(method, ['Content-Length: 0']), { forward: [{ method, body: '' }] });
    });
  }
});

describe('request smuggling: Content-Length and Transfer-Encoding variants', () => {
  const body = '{"data":{"k":"v"}}';
  const refusedFraming: Array<[string, string[], string]> = [
    ['Content-Length and Transfer-Encoding together', [`Content-Length: ${body.length}`, 'Transfer-Encoding: chunked'], chunked(SMUGGLED)],
    ['Transfer-Encoding before Content-Length', ['Transfer-Encoding: chunked', 'Content-Length: 4'], chunked(SMUGGLED)],
    ['two equal Content-Length headers', [`Content-Length: ${body.length}`, `Content-Length: ${body.length}`], body],
    ['two different Content-Length headers', ['Content-Length: 4', `Content-Length: ${body.length}`], body],
    ['a Content-Length list', [`Content-Length: ${body.length}, ${body.length}`], body],
    ['a signed Content-Length', [`Content-Length: +${body.length}`], body],
    ['Transfer-Encoding: gzip, chunked', ['Transfer-Encoding: gzip, chunked'], chunked(body)],
    ['Transfer-Encoding: chunked, gzip', ['Transfer-Encoding: chunked, gzip'], chunked(body)],
    ['Transfer-Encoding: chunked twice', ['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'], chunked(body)],
    ['Transfer-Encoding: identity', ['Transfer-Encoding: identity'], body],
    ['Transfer-Encoding: xchunked', ['Transfer-Encoding: xchunked'], chunked(body)],
    ['Transfer-Encoding folded onto a second line', ['Transfer-Encoding:', ' chunked'], chunked(body)],
    ['a space before the colon of Transfer-Encoding', ['Transfer-Encoding : chunked'], chunked(body)],
    ['a chunk size that is not hex', ['Transfer-Encoding: chunked'], `zz\r\n${body}\r\n0\r\n\r\n`],
    ['a chunk size line ending in a bare LF', ['Transfer-Encoding: chunked'], `${body.length.toString(16)}\n${body}\r\n0\r\n\r\n`],
    ['a chunk size that overflows', ['Transfer-Encoding: chunked'], `fffffffffffffffff\r\n${body}\r\n0\r\n\r\n`],
    ['a chunk longer than its size', ['Transfer-Encoding: chunked'], `2\r\n${body}\r\n0\r\n\r\n`],
  ];
  for (const [name, headers, payload] of refusedFraming) {
    it(`refuses ${name}`, async () => {
      await probe(name, message('PATCH', ['Content-Type: application/merge-patch+json', ...headers], payload), { refuse: true });
    });
  }

  const framed: Array<[string, string[], string, string]> = [
    ['Content-Length only', [`Content-Length: ${body.length}`], body, body],
    ['Transfer-Encoding: chunked only', ['Transfer-Encoding: chunked'], chunked('{"data":', '{"k":"v"}}'), body],
    ['Transfer-Encoding in odd casing', ['Transfer-Encoding: ChUnKeD'], chunked(body), body],
    ['Transfer-Encoding padded with spaces and a tab', ['Transfer-Encoding: \t chunked  '], chunked(body), body],
    ['chunk extensions', ['Transfer-Encoding: chunked'], `4;name=value\r\n{"da\r\n${(body.length - 4).toString(16)};x\r\n${body.slice(4)}\r\n0\r\n\r\n`, body],
    ['a trailer after the last chunk', ['Transfer-Encoding: chunked'], `${body.length.toString(16)}\r\n${body}\r\n0\r\nImpersonate-User: system:admin\r\n\r\n`, body],
    ['a smuggled request inside a Content-Length body', [`Content-Length: ${SMUGGLED.length}`], SMUGGLED, SMUGGLED],
  ];
  for (const [name, headers, payload, forwarded] of framed) {
    it(`forwards ${name} framed`, async () => {
      await probe(name, message('PATCH', ['Content-Type: application/merge-patch+json', ...headers], payload), { forward: [{ method: 'PATCH', body: forwarded }] });
    });
  }

  it('forwards a body sent after 100 Continue', async () => {
    const bytes = message('PATCH', ['Content-Type: application/merge-patch+json', 'Expect: 100-continue', 'Transfer-Encoding: chunked'], chunked(body));
    await probe('Expect: 100-continue then a chunked body', bytes, { forward: [{ method: 'PATCH', body }] }, 2);
  });
});

describe('request smuggling: a body that never ends', () => {
  for (const [name, headers, payload] of [
    ['a Content-Length body cut short', ['Content-Length: 100'], '{"data":'],
    ['a chunked body without its last chunk', ['Transfer-Encoding: chunked'], '8\r\n{"data":\r\n'],
  ] as const) {
    it(`closes the upstream connection after ${name} and uses a fresh one next`, async () => {
      await rawExchange(port, message('DELETE', [...headers], payload), 1, { destroyAfterWrite: true });
      const cut = [...upstream.calls];
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await rawExchange(port, message('GET', []), 1);
      const after = upstream.calls.slice(cut.length);
      const cutConnection = cut[0]?.connection ?? -1;
      const ok =
        cut.length === 1 &&
        cut[0]?.complete === false &&
        upstream.closed.has(cutConnection) &&
        after.length === 1 &&
        after[0]?.complete === true &&
        after[0].connection !== cutConnection &&
        next.statuses[0] === 200;
      blocked(CATEGORY, `${name}, then the client leaves`, ok, `cut ${seen(cut)}, closed ${JSON.stringify([...upstream.closed])}, after ${seen(after)}`);
    });
  }
});

describe('request smuggling: pipelined requests on one connection', () => {
  it('forwards each pipelined request once, in order, with its own body', async () => {
    const patch = '{"metadata":{"labels":{"a":"b"}}}';
    const bytes = [
      message('POST', ['Content-Type: application/json', `Content-Length: ${SMUGGLED.length}`], SMUGGLED),
      message('GET', []),
      message('DELETE', ['Content-Type: application/json', 'Transfer-Encoding: chunked'], chunked(SMUGGLED)),
      message('PATCH', ['Content-Type: application/merge-patch+json', 'Transfer-Encoding: chunked'], chunked(patch)),
      message('DELETE', ['Content-Type: application/json', `Content-Length: ${DELETE_OPTIONS.length}`], DELETE_OPTIONS),
      message('GET', ['Connection: close']),
    ].join('');
    await probe('six pipelined requests with mixed framing', bytes, {
      forward: [
        { method: 'POST', body: SMUGGLED },
        { method: 'GET', body: '' },
        { method: 'DELETE', body: SMUGGLED },
        { method: 'PATCH', body: patch },
        { method: 'DELETE', body: DELETE_OPTIONS },
        { method: 'GET', body: '' },
      ],
    });
  });

  it('a refused request ends its connection: what follows is not read as a request', async () => {
    const bytes = message('GET', ['Transfer-Encoding: chunked'], chunked(SMUGGLED)) + SMUGGLED;
    const exchange = await rawExchange(port, bytes, 2);
    const calls = [...upstream.calls];
    blocked(
      CATEGORY,
      'a GET with a chunked body followed by a pipelined request',
      exchange.statuses[0] === 400 && calls.length === 0,
      `answers ${JSON.stringify(exchange.statuses)}, upstream saw ${seen(calls)}`,
    );
  });
});

describe('request smuggling: upgrades', () => {
  const upgrade = ['Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='];
  const exec = '/k8s/fake/api/v1/namespaces/default/pods/p/exec?command=sh&stdin=true';
  for (const [name, headers, payload] of [
    ['an upgrade with a Content-Length body', [`Content-Length: ${SMUGGLED.length}`], SMUGGLED],
    ['an upgrade with a chunked body', ['Transfer-Encoding: chunked'], chunked(SMUGGLED)],
  ] as const) {
    it(`refuses ${name}`, async () => {
      for (const path of [exec, '/-/ws']) {
        const exchange = await rawExchange(port, message('GET', [...upgrade, ...headers], payload, path), 1);
        const calls = [...upstream.calls];
        blocked(CATEGORY, `${name} on ${path.startsWith('/-/') ? '/-/ws' : 'pods/exec'}`, exchange.statuses[0] === 400 && calls.length === 0, `answers ${JSON.stringify(exchange.statuses)}, upstream saw ${seen(calls)}`);
      }
    });
  }
});
