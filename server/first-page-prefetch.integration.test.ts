import type { IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAVIGATION_HEADER } from '../wire/browser-headers.js';
import { TABLE_ACCEPT } from '../wire/ws-protocol.js';
import { createKubeglassServer, type KubeglassServer } from './app.js';
import type { ContextRegistry } from './contexts.js';
import { createFirstPagePrefetch, PAGES_AHEAD } from './first-page-prefetch.js';
import { bearerPerson } from './person.js';
import { createPrefetchedAnswers } from './prefetched-answers.js';
import { FAKE_TOKEN, registryFor, request, startFakeUpstream, tableAnswers, waitUntil, type FakeUpstream } from './testing/fake-upstream.js';
import { BROWSER, BROWSER_ENCODINGS, DOCUMENT, navigate, pageFetch, testWebRoot } from './testing/navigation.js';

const FIRST_PAGE = '/api/v1/pods?includeObject=Metadata&limit=100';
/** What its boot script's fetch of a page sends, with the nonce its document carried. */
const bootFetch = (nonce: string) => pageFetch(nonce, { 'Accept-Encoding': BROWSER_ENCODINGS, 'Sec-Fetch-Dest': 'empty' });

let upstream: FakeUpstream;
let app: KubeglassServer;
let base: string;
let served = 0;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  served = 0;
  upstream.handler = tableAnswers({ echoPath: true });
  app = createKubeglassServer({ contexts: registryFor(upstream.url), staticDir: testWebRoot() });
  base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});

afterEach(async () => {
  await app.close();
  await upstream.close();
});

describe("a list's first page, asked upstream when its document is served", () => {
  it('is asked with the credentials and headers the boot script would send, and answers its request once', async () => {
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    const seen = upstream.requests[0];
    expect(seen?.url).toBe(FIRST_PAGE);
    expect(seen?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(seen?.headers.accept).toBe(TABLE_ACCEPT);
    expect(seen?.headers['user-agent']).toBe(`kubeglass (${BROWSER})`);
    // Tab and cluster both on loopback: no compression on either hop (hop-encoding).
    expect(seen?.headers['accept-encoding']).toBe('identity');

    const first = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: bootFetch(nonce) });
    expect(first.status).toBe(200);
    expect(first.headers['audit-id']).toBe('answer-1');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(first.body)).toMatchObject({ kind: 'Table', path: FIRST_PAGE });
    expect(upstream.requests).toHaveLength(1);

    // Claimed once: the same request again is the cluster's to answer.
    const again = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: bootFetch(nonce) });
    expect(again.headers['audit-id']).toBe('answer-2');
    expect(upstream.requests).toHaveLength(2);
  });

  it('is not given to a request with another Accept, User-Agent or query', async () => {
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: { ...bootFetch(nonce), Accept: 'application/json' } });
    await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: { ...bootFetch(nonce), 'User-Agent': 'kubectl/v1.32.4' } });
    await request(`${base}/k8s/fake/api/v1/pods?includeObject=Metadata&limit=500`, { headers: bootFetch(nonce) });
    expect(upstream.requests).toHaveLength(4);
    // Still there for its own request.
    const claimed = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: bootFetch(nonce) });
    expect(claimed.headers['audit-id']).toBe('answer-1');
    expect(upstream.requests).toHaveLength(4);
  });

  it("follows the list's namespace and selectors, and starts nothing for another site's page, a frame, a HEAD or a non-list URL", async () => {
    await request(`${base}/c/fake/api/v1/pods`, { headers: { ...DOCUMENT, 'Sec-Fetch-Site': 'cross-site' } });
    await request(`${base}/c/fake/api/v1/pods`, { headers: { ...DOCUMENT, 'Sec-Fetch-Dest': 'iframe' } });
    await request(`${base}/c/fake/api/v1/pods`, { method: 'HEAD', headers: DOCUMENT });
    await request(`${base}/c/fake/api/v1/pods`, { headers: { 'User-Agent': BROWSER } });
    await request(`${base}/c/fake/api/v1/namespaces/default/pods/web-1`, { headers: DOCUMENT });
    await request(`${base}/c/fake/api/v1/pods?create=1`, { headers: DOCUMENT });
    await request(`${base}/c/nope/api/v1/pods`, { headers: DOCUMENT });
    // A target `new URL` would throw on: the server answers it and goes on.
    expect((await request(`${base}//[`, { headers: DOCUMENT })).status).toBeGreaterThan(0);
    // The one that does, last: had any of the above started a request, it would have reached the cluster first.
    await request(`${base}/c/fake/apis/apps/v1/namespaces/web/deployments?labelSelector=app%3Dweb`, { headers: { ...DOCUMENT, 'Sec-Fetch-Site': 'same-origin' } });
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    expect(upstream.requests.map((r) => r.url)).toEqual(['/apis/apps/v1/namespaces/web/deployments?includeObject=Metadata&labelSelector=app%3Dweb&limit=100']);
  });

  it('leaves the request to go upstream itself when the prefetch failed', async () => {
    upstream.handler = (_req, res) => {
      served++;
      if (served === 1) {
        res.socket?.destroy();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Audit-Id': `answer-${served}` });
      res.end('{"kind":"Table"}');
    };
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    await upstream.requests[0]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: bootFetch(nonce) });
    expect(res.status).toBe(200);
    expect(res.headers['audit-id']).toBe('answer-2');
  });
});

describe("a list's next pages, asked ahead of the tab", () => {
  const PAGES = 5;
  /** The page after the one whose continue token is `token` (none: the first), as the UI asks for it. */
  const pageUrl = (token: string) => `/api/v1/pods?includeObject=Metadata&${new URLSearchParams({ limit: '2500', continue: token }).toString()}`;
  /** Page n's continue token, naming page n + 1 (with characters a query must encode, as real tokens have). */
  const tokenOf = (n: number) => `eyJ2+page/${n + 1}=`;

  /** Upstream answers page n (1-based) with a Table whose continue token names page n + 1, up to PAGES. */
  function servePages(gzip = false): void {
    upstream.handler = (req, res) => {
      served++;
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('continue');
      const n = token === null ? 1 : Number(/page\/(\d+)/.exec(token)?.[1]);
      const body = JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '5', ...(n < PAGES ? { continue: tokenOf(n) } : {}) }, columnDefinitions: [], rows: [{ cells: [`page-${n}`] }] });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Audit-Id': `answer-${served}`, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
      res.end(gzip ? gzipSync(body) : body);
    };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it.each([false, true])('asks each next page once the one before is in and the first was claimed, at most PAGES_AHEAD unclaimed (gzip: %s)', async (gzip) => {
    servePages(gzip);
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the first page upstream');
    // Nothing more while the tab has not asked: it may still be loading the page's CSS and JS from this server.
    await settle();
    expect(upstream.requests).toHaveLength(1);

    const first = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: bootFetch(nonce) });
    expect(first.headers['audit-id']).toBe('answer-1');
    await waitUntil(() => upstream.requests.length === 1 + PAGES_AHEAD, 5000, 'the pages ahead');
    await settle();
    expect(upstream.requests.map((r) => r.url)).toEqual([FIRST_PAGE, pageUrl(tokenOf(1)), pageUrl(tokenOf(2))]);

    // Each page the tab asks for is the one asked ahead; each claim lets the chain ask one more.
    for (let n = 2; n <= PAGES; n++) {
      const page = await request(`${base}/k8s/fake${pageUrl(tokenOf(n - 1))}`, { headers: bootFetch(nonce) });
      expect(page.status).toBe(200);
      expect(page.headers['audit-id']).toBe(`answer-${n}`);
      expect(page.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
    }
    await settle();
    // Every page asked upstream once, and none after the last.
    expect(upstream.requests.map((r) => r.url)).toEqual([FIRST_PAGE, ...[1, 2, 3, 4].map((n) => pageUrl(tokenOf(n)))]);
  });

  it('relays a first page that failed (410) as the cluster sent it, and asks no next page', async () => {
    upstream.handler = (_req, res) => {
      served++;
      res.writeHead(410, { 'Content-Type': 'application/json', 'Audit-Id': `answer-${served}` });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 410, reason: 'Expired', metadata: { continue: tokenOf(1) } }));
    };
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the first page upstream');
    const first = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: bootFetch(nonce) });
    expect(first.status).toBe(410);
    expect(JSON.parse(first.body)).toMatchObject({ reason: 'Expired' });
    await settle();
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('createFirstPagePrefetch', () => {
  const person = { cacheKey: 'kubeconfig', limitKey: 'address:test' };
  const fakeTarget = (registry: ContextRegistry) => {
    const target = registry.get('fake');
    if (!target) throw new Error('no context fake');
    return target;
  };
  const documentRequest = (url: string) => ({ method: 'GET', url, headers: { 'user-agent': BROWSER, 'accept-encoding': BROWSER_ENCODINGS, 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' } }) as unknown as IncomingMessage;
  const bootRequest = (nonce: string) => ({ method: 'GET', headers: { 'user-agent': BROWSER, 'accept-encoding': BROWSER_ENCODINGS, accept: TABLE_ACCEPT, [NAVIGATION_HEADER]: nonce } }) as unknown as IncomingMessage;
  const startNavigation = (prefetch: ReturnType<typeof createFirstPagePrefetch>, url: string): string => {
    const navigation = prefetch.navigation(documentRequest(url), person);
    if (!navigation) throw new Error(`no navigation for ${url}`);
    navigation.start();
    return navigation.nonce;
  };

  it('drops a first page nobody claimed within its window, closing its request', async () => {
    upstream.handler = () => undefined; // never answers: the request stays open until the prefetch drops it
    const registry = registryFor(upstream.url);
    const prefetch = createFirstPagePrefetch(registry, createPrefetchedAnswers(100));
    const nonce = startNavigation(prefetch, '/c/fake/api/v1/pods');
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    await upstream.requests[0]?.closed;
    expect(prefetch.claim(fakeTarget(registry), FIRST_PAGE, bootRequest(nonce), person)).toBeNull();
  });

  it("is asked with the person's own token, and claimed by that person only, whatever else the request repeats", async () => {
    upstream.handler = tableAnswers();
    const registry = registryFor(upstream.url, { team: true });
    const prefetch = createFirstPagePrefetch(registry);
    const alice = bearerPerson('alice-token', 'alice');
    const navigation = prefetch.navigation(documentRequest('/c/fake/api/v1/pods'), alice);
    if (!navigation) throw new Error('no navigation');
    navigation.start();
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    expect(upstream.requests[0]?.headers.authorization).toBe('Bearer alice-token');
    expect(prefetch.claim(fakeTarget(registry), FIRST_PAGE, bootRequest(navigation.nonce), bearerPerson('bob-token', 'bob'))).toBeNull();
    expect(prefetch.claim(fakeTarget(registry), FIRST_PAGE, bootRequest(navigation.nonce), bearerPerson('alice-token', 'alice'))).not.toBeNull();
    prefetch.close();
  });

  it('close() aborts what is pending', async () => {
    upstream.handler = () => undefined;
    const registry = registryFor(upstream.url);
    const prefetch = createFirstPagePrefetch(registry);
    const nonce = startNavigation(prefetch, '/c/fake/api/v1/pods');
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    prefetch.close();
    await upstream.requests[0]?.closed;
    expect(prefetch.claim(fakeTarget(registry), FIRST_PAGE, bootRequest(nonce), person)).toBeNull();
  });
});
