// The answer of an upstream to a WebSocket or SPDY upgrade (pods/exec, attach, portforward) as the browser gets
// it: only what the upgrade needs, never a Set-Cookie or any other header a cluster could plant on Kubeglass's
// origin. Counted for the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { rawExchange, startKubeglassOnRecordingUpstream, type RecordingUpstream } from './recording-upstream.js';
import { blocked } from './probe-report.js';

const CATEGORY = 'upgrade answers';

let upstream: RecordingUpstream;
let kubeglass: RunningKubeglass;

beforeAll(async () => {
  ({ upstream, kubeglass } = await startKubeglassOnRecordingUpstream());
});

afterAll(async () => {
  await kubeglass?.close();
  await upstream?.close();
});

const EXEC = '/k8s/fake/api/v1/namespaces/default/pods/p/exec?command=sh&stdin=true&stdout=true';

/** Headers of the answer head, lowercased names, in order. */
function headerLines(answer: string): Array<[string, string]> {
  const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
  return head
    .split('\r\n')
    .slice(1)
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    });
}

async function upgradeThrough(request: string[], answer: string): Promise<{ status: string; headers: Array<[string, string]>; rest: string }> {
  upstream.upgradeAnswer = () => answer;
  const bytes = `GET ${EXEC} HTTP/1.1\r\nHost: 127.0.0.1:${kubeglass.port}\r\n${CLIENT_HEADER}: ${CLIENT_HEADER_VALUE}\r\n${request.map((h) => `${h}\r\n`).join('')}\r\n`;
  const exchange = await rawExchange(kubeglass.port, bytes, 1, { holdOpenMs: 200 });
  const end = exchange.answer.indexOf('\r\n\r\n');
  return { status: exchange.answer.split('\r\n', 1)[0] ?? '', headers: headerLines(exchange.answer), rest: end === -1 ? '' : exchange.answer.slice(end + 4) };
}

const PLANTED = [
  'Set-Cookie: kubeglass-session=planted; Path=/; HttpOnly',
  'Set-Cookie: other=1',
  'Location: https://evil.example/',
  'Content-Security-Policy: script-src *',
  'Access-Control-Allow-Origin: *',
  'Refresh: 0; url=https://evil.example/',
  'X-Internal-Secret: hunter2',
];
const PLANTED_NAMES = ['set-cookie', 'location', 'content-security-policy', 'access-control-allow-origin', 'refresh', 'x-internal-secret'];

describe('upgrade answers', () => {
  it('a WebSocket 101 reaches the browser with only the headers a WebSocket needs', async () => {
    const answer = [
      'HTTP/1.1 101 Switching Protocols',
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=',
      'Sec-WebSocket-Protocol: v5.channel.k8s.io',
      ...PLANTED,
    ].join('\r\n');
    const got = await upgradeThrough(
      ['Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol: v5.channel.k8s.io'],
      `${answer}\r\n\r\nframe-bytes`,
    );
    const names = got.headers.map(([name]) => name);
    blocked(CATEGORY, 'Set-Cookie in an upstream WebSocket 101', got.status.startsWith('HTTP/1.1 101') && !names.includes('set-cookie'), JSON.stringify(got));
    blocked(
      CATEGORY,
      'headers a WebSocket does not need in an upstream 101',
      got.status.startsWith('HTTP/1.1 101') && PLANTED_NAMES.every((name) => !names.includes(name)),
      JSON.stringify(got),
    );
    expect(Object.fromEntries(got.headers)).toMatchObject({
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-accept': 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=',
      'sec-websocket-protocol': 'v5.channel.k8s.io',
    });
    // Bytes after the upstream's head are the upgraded stream's: relayed as they came.
    expect(got.rest).toBe('frame-bytes');
  });

  it('a SPDY 101 (kubectl exec, port-forward) keeps its protocol version and loses the rest', async () => {
    const answer = ['HTTP/1.1 101 Switching Protocols', 'Connection: Upgrade', 'Upgrade: SPDY/3.1', 'X-Stream-Protocol-Version: v4.channel.k8s.io', ...PLANTED].join('\r\n');
    const got = await upgradeThrough(
      ['Connection: Upgrade', 'Upgrade: SPDY/3.1', 'X-Stream-Protocol-Version: v4.channel.k8s.io', 'X-Stream-Protocol-Version: v3.channel.k8s.io'],
      `${answer}\r\n\r\n`,
    );
    const names = got.headers.map(([name]) => name);
    blocked(CATEGORY, 'Set-Cookie in an upstream SPDY 101', got.status.startsWith('HTTP/1.1 101') && !names.includes('set-cookie'), JSON.stringify(got));
    blocked(
      CATEGORY,
      'headers SPDY does not need in an upstream 101',
      got.status.startsWith('HTTP/1.1 101') && PLANTED_NAMES.every((name) => !names.includes(name)),
      JSON.stringify(got),
    );
    expect(Object.fromEntries(got.headers)).toMatchObject({ upgrade: 'SPDY/3.1', connection: 'Upgrade', 'x-stream-protocol-version': 'v4.channel.k8s.io' });
  });

  it('a 101 whose reason phrase or header tries to start a line of its own is not relayed as two lines', async () => {
    const got = await upgradeThrough(
      ['Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='],
      'HTTP/1.1 101 Switching\rSet-Cookie: a=1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Protocol: x\rSet-Cookie: b=2\r\n\r\n',
    );
    const names = got.headers.map(([name]) => name);
    blocked(CATEGORY, 'a bare CR in an upstream 101 head', !names.includes('set-cookie') && !got.status.includes('Set-Cookie'), JSON.stringify(got));
  });
});
