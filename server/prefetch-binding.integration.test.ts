import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKubeglassServer, type KubeglassServer } from './app.js';
import { MAX_PENDING } from './prefetched-answers.js';
import { registryFor, request, startFakeUpstream, tableAnswers, waitUntil, type FakeUpstream } from './testing/fake-upstream.js';
import { BROWSER, DOCUMENT, navigate, pageFetch, testWebRoot } from './testing/navigation.js';

const firstPage = (path: string) => `${path}?includeObject=Metadata&limit=100`;

let upstream: FakeUpstream;
let app: KubeglassServer;
let base: string;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  // Secrets held open: a list the cluster is slow to build.
  upstream.handler = tableAnswers({ hold: '/api/v1/secrets', created: true });
  app = createKubeglassServer({ contexts: registryFor(upstream.url), staticDir: testWebRoot() });
  base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});

afterEach(async () => {
  await app.close();
  await upstream.close();
});

/** Navigates to a list URL and waits until its first page is in upstream's hands. */
async function navigateAndWait(path: string, headers: Record<string, string> = DOCUMENT): Promise<string> {
  const before = upstream.requests.length;
  const { nonce } = await navigate(`${base}/c/fake${path}`, headers);
  await waitUntil(() => upstream.requests.length === before + 1, 5000, 'the prefetch upstream');
  return nonce;
}

const claimOf = async (path: string, headers: Record<string, string>) => (await request(`${base}/k8s/fake${firstPage(path)}`, { headers })).headers['audit-id'];

describe("a list's document", () => {
  it('carries a fresh nonce per navigation, with the CSP of the document without one', async () => {
    const one = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    const two = await navigate(`${base}/c/fake/api/v1/pods`, DOCUMENT);
    const other = await navigate(`${base}/c/fake/api/v1/namespaces/default/pods/web-1`, DOCUMENT);
    expect(one.nonce).toMatch(/^[\w-]{22}$/);
    expect(two.nonce).toMatch(/^[\w-]{22}$/);
    expect(one.nonce).not.toBe(two.nonce);
    expect(one.headers['content-encoding']).toBe('gzip');
    expect(one.headers['content-security-policy']).toBe(other.headers['content-security-policy']);
    // Not a list, or not the tab's own navigation: no nonce, nothing asked.
    expect(other.nonce).toBe('');
    expect((await navigate(`${base}/c/fake/api/v1/pods`, { ...DOCUMENT, 'Sec-Fetch-Site': 'cross-site' })).nonce).toBe('');
    expect((await navigate(`${base}/c/fake/api/v1/pods`, { 'User-Agent': BROWSER })).nonce).toBe('');
  });
});

describe('a prefetched page', () => {
  it("goes to its own tab's request only, when two tabs open the same list", async () => {
    const first = await navigateAndWait('/api/v1/pods');
    const second = await navigateAndWait('/api/v1/pods');
    expect(await claimOf('/api/v1/pods', pageFetch(second))).toBe('answer-2');
    expect(await claimOf('/api/v1/pods', pageFetch(first))).toBe('answer-1');
    expect(upstream.requests).toHaveLength(2);
  });

  it('goes only to a request with the Cookie header its document came with', async () => {
    const nonce = await navigateAndWait('/api/v1/pods', { ...DOCUMENT, Cookie: 'kubeglass-session-7070=alice' });
    expect(await claimOf('/api/v1/pods', pageFetch(nonce, { Cookie: 'kubeglass-session-7070=bob' }))).toBe('answer-2');
    expect(await claimOf('/api/v1/pods', pageFetch(nonce))).toBe('answer-3');
    expect(await claimOf('/api/v1/pods', pageFetch(nonce, { Cookie: 'kubeglass-session-7070=alice' }))).toBe('answer-1');
  });

  it('is dropped by a write to its resource in its namespace, or to any namespace for a list across all', async () => {
    const configmaps = '/api/v1/namespaces/x/configmaps';
    const put = (path: string) => request(`${base}/k8s/fake${path}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Origin: base }, body: '{}' });
    const namespaced = await navigateAndWait(configmaps);
    const everywhere = await navigateAndWait('/api/v1/configmaps');
    await put('/api/v1/namespaces/x/configmaps/y');
    expect(await claimOf(configmaps, pageFetch(namespaced))).not.toBe('answer-1');
    expect(await claimOf('/api/v1/configmaps', pageFetch(everywhere))).not.toBe('answer-2');
  });

  it('outlives writes elsewhere: an access review, another namespace, another resource', async () => {
    const configmaps = '/api/v1/namespaces/x/configmaps';
    const nonce = await navigateAndWait(configmaps);
    const write = (method: string, path: string) => request(`${base}/k8s/fake${path}`, { method, headers: { 'Content-Type': 'application/json', Origin: base }, body: '{}' });
    await write('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews');
    await write('POST', '/api/v1/namespaces/other/configmaps');
    await write('DELETE', '/api/v1/namespaces/x/secrets/s');
    await write('PATCH', '/apis/example.com/v1/namespaces/x/configmaps/y');
    expect(await claimOf(configmaps, pageFetch(nonce))).toBe('answer-1');
  });

  it(`takes the oldest pending page's place when ${MAX_PENDING} are pending, so a navigation is never refused`, async () => {
    for (let n = 0; n < MAX_PENDING; n++) await navigateAndWait(`/api/v1/secrets`, { ...DOCUMENT, 'User-Agent': `forged-${n}` });
    const nonce = await navigateAndWait('/api/v1/pods');
    // The oldest held page's request is closed upstream; the rest stay open.
    await upstream.requests[0]?.closed;
    expect(await claimOf('/api/v1/pods', pageFetch(nonce))).toBe('answer-1');
  });
});
