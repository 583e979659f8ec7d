// A list page the server asks ahead of a tab (server/first-page-prefetch.ts) is that tab's alone: another client
// asking the same URL with the same Accept and User-Agent gets the cluster's own answer, a write to the list's
// resource drops what was asked before it, and forged navigations cannot keep real tabs from being prefetched.
// Counted for the report.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { createKubeglassServer, type KubeglassServer } from '../../server/app.js';
import { startKubeglass } from '../../server/start.js';
import { registryFor, request, startFakeUpstream, tableAnswers, waitUntil, type FakeUpstream } from '../../server/testing/fake-upstream.js';
import { DOCUMENT, navigate, pageFetch, testWebRoot } from '../../server/testing/navigation.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, NAVIGATION_HEADER } from '../../wire/browser-headers.js';
import { blocked } from './probe-report.js';

/** What its boot script's fetch of a page sends, but for the navigation nonce. */
const PAGE_FETCH = pageFetch(undefined, { 'Sec-Fetch-Dest': 'empty', [CLIENT_HEADER]: CLIENT_HEADER_VALUE });
const FIRST_PAGE = '/api/v1/pods?includeObject=Metadata&limit=100';

describe('prefetched pages, against a recording upstream', () => {
  let upstream: FakeUpstream;
  let app: KubeglassServer;
  let base: string;

  beforeEach(async () => {
    upstream = await startFakeUpstream();
    // Secrets, a slow list nobody waits for: holds its prefetch open for the whole claim window.
    upstream.handler = tableAnswers({ hold: '/api/v1/secrets' });
    app = createKubeglassServer({ contexts: registryFor(upstream.url), staticDir: testWebRoot() });
    base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  });

  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  it("goes to no other client: no nonce, a wrong one, another Origin or none get the cluster's own answer", async () => {
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    await waitUntil(() => upstream.requests.length === 1, 5000, 'the prefetch upstream');
    const foreign: Array<[string, Record<string, string>]> = [
      ['no nonce, no Origin', {}],
      ['no nonce, own Origin', { Origin: base }],
      ['a wrong nonce', { [NAVIGATION_HEADER]: 'AAAAAAAAAAAAAAAAAAAAAA' }],
      ['an empty nonce', { [NAVIGATION_HEADER]: '' }],
    ];
    for (const [what, headers] of foreign) {
      const page = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: { ...PAGE_FETCH, ...headers } });
      blocked('prefetch', `first page asked within the claim window with ${what}`, page.status === 200 && page.headers['audit-id'] !== 'answer-1');
    }
    // The tab whose document it was still gets it.
    const own = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: { ...PAGE_FETCH, [NAVIGATION_HEADER]: nonce } });
    expect(own.headers['audit-id']).toBe('answer-1');
  });

  it("20 forged navigations do not keep the 21st, a real tab's, from being prefetched", async () => {
    const forged = { 'User-Agent': 'curl/8.5.0', 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Dest': 'document' };
    for (let n = 0; n < 20; n++) await request(`${base}/c/fake/api/v1/secrets?labelSelector=n%3D${n}`, { headers: forged });
    const { nonce } = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    const asked = () => upstream.requests.some((seen) => seen.url === FIRST_PAGE);
    await waitUntil(() => asked() || upstream.requests.length >= 21, 5000, 'the prefetches upstream').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    blocked('prefetch', '20 forged navigations, then a real one', asked());
    const page = await request(`${base}/k8s/fake${FIRST_PAGE}`, { headers: { ...PAGE_FETCH, [NAVIGATION_HEADER]: nonce } });
    expect(page.headers['audit-id']).toBe('answer-1');
  });
});

describe('prefetched pages, against the demo cluster', () => {
  it('a ConfigMap created after the list was prefetched is on the first page the tab claims', async () => {
    const kubeglass = await startKubeglass({ port: 0, kubeconfig: false, staticDir: testWebRoot(), demo: { start: startDemoCluster, options: { activityIntervalMs: 0 } } });
    try {
      const base = kubeglass.url;
      const { nonce } = await navigate(`${base}/c/demo/api/v1/namespaces/default/configmaps`, DOCUMENT);
      // Long enough for the embedded cluster to have answered the prefetch.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const created = await request(`${base}/k8s/demo/api/v1/namespaces/default/configmaps`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
        body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'written-after-prefetch' } }),
      });
      expect(created.status).toBe(201);
      const page = await request(`${base}/k8s/demo/api/v1/namespaces/default/configmaps?includeObject=Metadata&limit=100`, {
        headers: { ...PAGE_FETCH, [NAVIGATION_HEADER]: nonce },
      });
      expect(page.status).toBe(200);
      blocked('prefetch', 'list page claimed after a create in its collection', page.body.includes('"written-after-prefetch"'));
    } finally {
      await kubeglass.close();
    }
  });
});
