// Encoded path tricks against both ways to a cluster (/k8s/ and /-/ws watches): the API server decodes %2F into a
// slash before routing, so `default%2fsecrets` would name another resource than the one the path checks saw. Each
// must be refused with a 400 Status before anything reaches the upstream. Counted for the report.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { connectWebSocket } from '../../server/testing/fake-upstream.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { rawExchange, startKubeglassOnRecordingUpstream, type RecordingUpstream } from './recording-upstream.js';
import { blocked, recordProbe } from './probe-report.js';

const CATEGORY = 'path encoding';

let upstream: RecordingUpstream;
let kubeglass: RunningKubeglass;

beforeAll(async () => {
  ({ upstream, kubeglass } = await startKubeglassOnRecordingUpstream());
});

afterAll(async () => {
  await kubeglass?.close();
  await upstream?.close();
});

beforeEach(() => {
  upstream.calls.length = 0;
});

const COLLECTION = '/api/v1/namespaces/default/configmaps';

/** Paths (raw, as sent) that must never reach the upstream. */
const REFUSED = [
  `${COLLECTION}/..%2fsecrets`,
  `${COLLECTION}/..%2Fsecrets`,
  `${COLLECTION}/%2e%2e%5csecrets`,
  `${COLLECTION}/%2E%2E%5Csecrets`,
  `${COLLECTION}/..;/secrets`,
  `${COLLECTION}/..;x=1/secrets`,
  `${COLLECTION}/.;/x`,
  `${COLLECTION}/%2e%2e%3b/secrets`,
  '/api/v1/namespaces/default%2fsecrets',
  '/api/v1/namespaces/default%5Csecrets',
  `${COLLECTION}/a\\b`,
  `${COLLECTION}/..%252fsecrets`,
  `${COLLECTION}/%252e%252e/secrets`,
  `${COLLECTION}/a%25252fb`,
  `${COLLECTION}/%25%32%65%25%32%65/secrets`,
  `${COLLECTION}/a%00b`,
  `${COLLECTION}/a%0d%0aImpersonate-User:%20admin`,
  `${COLLECTION}/a%09b`,
  `${COLLECTION}/a%7fb`,
  `${COLLECTION}/%c0%ae%c0%ae/secrets`,
  `${COLLECTION}/a#fragment`,
  '/api/v1/namespaces/default/pods/p/proxy/..%2f..%2fsecrets',
  '/api/v1/namespaces/default/services/s:80/proxy/%2e%2e/%2e%2e/secrets',
];

/** Legitimate paths (RBAC names, dotted and tilded names, proxy subpaths): forwarded unchanged. */
const FORWARDED = [
  '/apis/rbac.authorization.k8s.io/v1/clusterroles/system:controller:job-controller',
  '/apis/rbac.authorization.k8s.io/v1/clusterroles/system%3Acontroller%3Ajob-controller',
  '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/user@example.com',
  `${COLLECTION}/kube-root-ca.crt`,
  `${COLLECTION}/a~b`,
  `${COLLECTION}/...x`,
  '/api/v1/namespaces/default/pods/p/proxy/some/path;v=1/index.html',
  `${COLLECTION}?labelSelector=app%3Dweb%2Cteam%2Fname`,
];

const head = (port: number): string => `Host: 127.0.0.1:${port}\r\n${CLIENT_HEADER}: ${CLIENT_HEADER_VALUE}\r\nConnection: close\r\n`;

describe('path encoding: /k8s/', () => {
  for (const path of REFUSED) {
    it(`refuses ${JSON.stringify(path)}`, async () => {
      const exchange = await rawExchange(kubeglass.port, `GET /k8s/fake${path} HTTP/1.1\r\n${head(kubeglass.port)}\r\n`, 1);
      const body = exchange.answer.slice(exchange.answer.indexOf('\r\n\r\n') + 4);
      const status = /^\{/.test(body) ? (JSON.parse(body) as { kind?: string; code?: number }) : {};
      blocked(
        CATEGORY,
        `/k8s/ ${path}`,
        exchange.statuses[0] === 400 && status.kind === 'Status' && status.code === 400 && upstream.calls.length === 0,
        `answer ${JSON.stringify(exchange.answer.slice(0, 400))}, upstream saw ${JSON.stringify(upstream.calls.map((c) => c.path))}`,
      );
    });
  }

  it('forwards legitimate names and proxy subpaths unchanged', async () => {
    for (const path of FORWARDED) {
      const exchange = await rawExchange(kubeglass.port, `GET /k8s/fake${path} HTTP/1.1\r\n${head(kubeglass.port)}\r\n`, 1);
      expect(exchange.statuses, path).toEqual([200]);
      expect(upstream.calls.at(-1)?.path).toBe(path);
    }
  });
});

describe('path encoding: /-/ws watches', () => {
  it('refuses every encoded path trick in a watch message, and watches a plain path', async () => {
    const attempt = await connectWebSocket(`ws://127.0.0.1:${kubeglass.port}/-/ws`, { [CLIENT_HEADER]: CLIENT_HEADER_VALUE });
    if (!('ws' in attempt)) throw new Error(`/-/ws refused the handshake: ${attempt.status} ${attempt.body}`);
    const { ws, received } = attempt;
    try {
      // The ws door takes the path without its query; raw characters a path may not hold are its own check.
      const paths = REFUSED.filter((path) => !path.includes('#'));
      for (const [i, path] of paths.entries()) ws.send(JSON.stringify({ op: 'watch', id: `w${i}`, context: 'fake', path }));
      ws.send(JSON.stringify({ op: 'watch', id: 'plain', context: 'fake', path: COLLECTION }));
      await received.waitFor(paths.length);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const leaks: string[] = [];
      for (const [i, path] of paths.entries()) {
        const closed = received.messages.find((m) => (m as { id?: string }).id === `w${i}`) as { closed?: boolean; status?: { code?: number } } | undefined;
        const reached = upstream.calls.filter((call) => call.path.split('?', 1)[0] === path);
        const refused = closed?.closed === true && closed.status?.code === 400 && reached.length === 0;
        recordProbe(CATEGORY, `/-/ws watch ${path}`, refused);
        if (!refused) leaks.push(`${path}: got ${JSON.stringify(closed)}, upstream saw ${JSON.stringify(reached.map((c) => c.path))}`);
      }
      expect(leaks, `${CATEGORY}: /-/ws watches`).toEqual([]);
      expect(upstream.calls.map((call) => call.path)).toEqual([`${COLLECTION}?watch=1`]);
    } finally {
      ws.close();
    }
  });
});
