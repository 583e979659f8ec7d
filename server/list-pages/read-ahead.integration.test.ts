import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';
import { createKubeglassServer, type KubeglassServer } from '../app.js';
import { FAKE_TOKEN, registryFor, request, startFakeUpstream, waitUntil, type FakeUpstream } from '../testing/fake-upstream.js';
import { BROWSER, BROWSER_ENCODINGS, pageFetch } from '../testing/browser-fetch.js';

/** What a tab sends for a document it navigates to (address bar, reload). */
const DOCUMENT = { 'User-Agent': BROWSER, 'Accept-Encoding': BROWSER_ENCODINGS, 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', Cookie: 'tab=1' };

const FETCH = pageFetch({ 'Accept-Encoding': BROWSER_ENCODINGS });
const PAGES = 5;
/** Page n's continue token, naming page n + 1 (with characters a query must encode). */
const tokenOf = (n: number) => `eyJ2+page/${n + 1}=`;
/** A client paging 500 at a time, as kubectl and the proxy bench do. */
const pageUrl = (n: number) => `/api/v1/pods?${new URLSearchParams({ includeObject: 'Metadata', limit: '500', ...(n > 1 ? { continue: tokenOf(n - 1) } : {}) }).toString()}`;

let upstream: FakeUpstream;
let app: KubeglassServer;
let base: string;
let served = 0;

/** Upstream answers page n (from its continue token) with a Table naming page n + 1, up to PAGES. */
function servePages({ gzip = false, status = () => 200 }: { gzip?: boolean; status?: (n: number) => number } = {}): void {
  upstream.handler = (req, res) => {
    served++;
    const token = new URL(req.url ?? '/', 'http://x').searchParams.get('continue');
    const n = token === null ? 1 : Number(/page\/(\d+)/.exec(token)?.[1]);
    const code = status(n);
    const body =
      code === 200
        ? JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '5', ...(n < PAGES ? { continue: tokenOf(n) } : {}) }, columnDefinitions: [], rows: [{ cells: [`page-${n}`] }] })
        : JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason: 'Expired', metadata: { continue: tokenOf(n) } });
    res.writeHead(code, { 'Content-Type': 'application/json', 'Audit-Id': `answer-${served}`, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const urls = () => upstream.requests.map((r) => r.url);

beforeEach(async () => {
  upstream = await startFakeUpstream();
  served = 0;
  const web = mkdtempSync(join(tmpdir(), 'kubeglass-test-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kubeglass</title>');
  app = createKubeglassServer({ contexts: registryFor(upstream.url), staticDir: web });
  base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});

afterEach(async () => {
  await app.close();
  await upstream.close();
});

describe('a paged list read ahead by the proxy', () => {
  it.each([false, true])('asks each next page once the page before is relayed, and hands it to the request for it (gzip: %s)', async (gzip) => {
    servePages({ gzip });
    // A first page in no form the UI uses for its first: its next page's URL is not known, so nothing is asked.
    const first = await request(`${base}/k8s/fake${pageUrl(1)}`, { headers: FETCH });
    expect(first.status).toBe(200);
    await settle();
    expect(urls()).toEqual([pageUrl(1)]);

    const second = await request(`${base}/k8s/fake${pageUrl(2)}`, { headers: FETCH });
    expect(second.headers['audit-id']).toBe('answer-2');
    // Page 3 is asked before the client asks for it, with the client's headers and the context's credentials.
    await waitUntil(() => upstream.requests.length === 3, 5000, 'page 3 ahead');
    expect(urls()[2]).toBe(pageUrl(3));
    const ahead = upstream.requests[2];
    expect(ahead?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    expect(ahead?.headers['user-agent']).toBe(`kubeglass (${BROWSER})`);
    expect(ahead?.headers.accept).toBe(TABLE_ACCEPT);
    await settle();
    expect(upstream.requests).toHaveLength(3); // one page ahead, no more until it is claimed

    for (let n = 3; n <= PAGES; n++) {
      const page = await request(`${base}/k8s/fake${pageUrl(n)}`, { headers: FETCH });
      expect(page.status).toBe(200);
      expect(page.headers['audit-id']).toBe(`answer-${n}`);
      expect(page.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
      expect(page.headers['cache-control']).toBe('no-store');
      if (!gzip) expect(JSON.parse(page.body)).toMatchObject({ rows: [{ cells: [`page-${n}`] }] });
    }
    await settle();
    // Every page asked upstream once, and none after the last.
    expect(urls()).toEqual([1, 2, 3, 4, 5].map(pageUrl));
  });

  it("asks the UI's 2,500-row page after its 100-row first page", async () => {
    servePages();
    const firstPage = '/api/v1/namespaces/default/pods?includeObject=Metadata&labelSelector=app%3Dweb&limit=100';
    await request(`${base}/k8s/fake${firstPage}`, { headers: FETCH });
    await waitUntil(() => upstream.requests.length === 2, 5000, 'page 2 ahead');
    const next = `/api/v1/namespaces/default/pods?includeObject=Metadata&labelSelector=app%3Dweb&${new URLSearchParams({ limit: '2500', continue: tokenOf(1) }).toString()}`;
    expect(urls()[1]).toBe(next);
    const page = await request(`${base}/k8s/fake${next}`, { headers: FETCH });
    expect(page.headers['audit-id']).toBe('answer-2');
    await waitUntil(() => upstream.requests.length === 3, 5000, 'page 3 behind it');
    expect(urls()[2]).toBe(next.replace(new URLSearchParams({ c: tokenOf(1) }).toString().slice(2), new URLSearchParams({ c: tokenOf(2) }).toString().slice(2)));
  });

  it('leaves a request with other headers to the cluster: an answer is only for the request it was asked as', async () => {
    servePages();
    await request(`${base}/k8s/fake${pageUrl(2)}`, { headers: FETCH });
    await waitUntil(() => upstream.requests.length === 2, 5000, 'page 3 ahead');
    const other = await request(`${base}/k8s/fake${pageUrl(3)}`, { headers: { ...FETCH, 'User-Agent': 'kubectl/v1.32.0 (linux/amd64)' } });
    expect(other.headers['audit-id']).toBe('answer-3');
    expect(JSON.parse(other.body)).toMatchObject({ rows: [{ cells: ['page-3'] }] });
    expect(urls()).toEqual([pageUrl(2), pageUrl(3), pageUrl(3)]);
  });

  it('asks nothing ahead of a failed page, a plain (non-Table) list, a watch or a page without a limit', async () => {
    servePages({ status: (n) => (n === 2 ? 410 : 200) });
    const expired = await request(`${base}/k8s/fake${pageUrl(2)}`, { headers: FETCH });
    expect(expired.status).toBe(410);
    await request(`${base}/k8s/fake${pageUrl(3)}`, { headers: { ...FETCH, Accept: 'application/json' } });
    await request(`${base}/k8s/fake/api/v1/pods?${new URLSearchParams({ continue: tokenOf(3) }).toString()}`, { headers: FETCH });
    await settle();
    expect(upstream.requests).toHaveLength(3);
  });

  it('relays a 410 for a page asked ahead as the cluster sent it', async () => {
    servePages({ status: (n) => (n === 3 ? 410 : 200) });
    await request(`${base}/k8s/fake${pageUrl(2)}`, { headers: FETCH });
    await waitUntil(() => upstream.requests.length === 2, 5000, 'page 3 ahead');
    const page = await request(`${base}/k8s/fake${pageUrl(3)}`, { headers: FETCH });
    expect(page.status).toBe(410);
    expect(JSON.parse(page.body)).toMatchObject({ reason: 'Expired' });
    await settle();
    expect(upstream.requests).toHaveLength(2);
  });
});

describe("a list's first page read ahead of its document's tab", () => {
  const firstPage = `/api/v1/namespaces/default/pods?${new URLSearchParams({ includeObject: 'Metadata', labelSelector: 'app=web', limit: '100' }).toString()}`;
  const documentUrl = '/c/fake/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&sort=Name';

  it('asks the first page once the document has left, for the tab whose fetch sends its headers, then the page after it', async () => {
    servePages();
    const document = await request(`${base}${documentUrl}`, { headers: DOCUMENT });
    expect(document.status).toBe(200);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the first page ahead');
    expect(urls()).toEqual([firstPage]);
    expect(upstream.requests[0]?.headers.accept).toBe(TABLE_ACCEPT);
    // Another client (another Cookie) asking the same URL is answered by the cluster.
    const other = await request(`${base}/k8s/fake${firstPage}`, { headers: { ...FETCH, Cookie: 'tab=2' } });
    expect(other.headers['audit-id']).toBe('answer-2');
    const own = await request(`${base}/k8s/fake${firstPage}`, { headers: { ...FETCH, Cookie: 'tab=1' } });
    expect(own.headers['audit-id']).toBe('answer-1');
    await waitUntil(() => urls().filter((url) => url.includes('limit=2500')).length === 1, 5000, 'page 2 ahead');
  });

  it("asks nothing for another site's navigation, a fetch of the document, or a UI URL that is not a list", async () => {
    servePages();
    await request(`${base}${documentUrl}`, { headers: { ...DOCUMENT, 'Sec-Fetch-Site': 'cross-site' } });
    await request(`${base}${documentUrl}`, { headers: { ...DOCUMENT, 'Sec-Fetch-Dest': 'empty' } });
    await request(`${base}/c/fake/api/v1/namespaces/default/pods/web-1`, { headers: DOCUMENT });
    await request(`${base}/c/fake/api/v1/pods?create=1`, { headers: DOCUMENT });
    await settle();
    expect(upstream.requests).toHaveLength(0);
  });
});
