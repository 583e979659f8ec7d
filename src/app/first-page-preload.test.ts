// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, NAVIGATION_HEADER } from '../../wire/browser-headers';
import { firstPageRequestPath, nextPageRequestPath } from '../../wire/first-page';
import { TABLE_ACCEPT } from '../../wire/ws-protocol';
import { FIRST_PAGE_SIZE, listTablePages } from '../data/table-pages';
import { HEAD_CHARS, listTable, TABLE_HEAD } from '../k8s/list-table';
import { matchRoute } from './routes';
import { stubFetch } from '../testing/stub-fetch';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { takePreloadedText } from '../k8s/preloaded-text';
import { adoptPreloadedFirstPage } from './first-page-preload';

cleanUpAfterEach();
afterEach(() => {
  delete window.__kubeglassFirstPage;
  document.head.querySelector('meta[name="kubeglass-navigation"]')?.remove();
  window.history.replaceState(null, '', '/');
});

const preloadScript = readFileSync(join(process.cwd(), 'src/app/boot/preload-list.js'), 'utf8');
const tableBody = (name: string) =>
  JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '7' }, columnDefinitions: [], rows: [{ cells: [name], object: { metadata: { name } } }] });

/** Runs src/app/boot/preload-list.js at a UI URL; returns what it asked for (null: nothing). */
function preloadAt(url: string): { url: string; accept: string | null } | null {
  window.history.replaceState(null, '', url);
  const fetch = stubFetch(() => new Response(tableBody('preloaded')));
  new Function(preloadScript)();
  const call = fetch.mock.calls[0];
  if (!call) return null;
  return { url: call[0], accept: new Headers(call[1]?.headers).get('accept') };
}

/** The URL of the app's own first request for the list at a UI URL. */
async function appFirstRequest(url: string): Promise<string | null> {
  const [pathname, search = ''] = url.split('?');
  const route = matchRoute(pathname ?? '', search ? `?${search}` : '');
  if (route.kind !== 'list') return null;
  const fetch = stubFetch(() => new Response(tableBody('app')));
  await listTable(route.context, route.apiPath, { labelSelector: route.labelSelector?.trim(), fieldSelector: route.fieldSelector?.trim(), limit: FIRST_PAGE_SIZE });
  return fetch.mock.calls[0]?.[0] ?? null;
}

describe('src/app/boot/preload-list.js', () => {
  it.each([
    '/c/demo/api/v1/pods',
    '/c/demo/api/v1/namespaces/default/pods',
    '/c/demo/api/v1/namespaces',
    '/c/demo/apis/apps/v1/namespaces/kube-system/deployments/',
    '/c/my%20ctx/apis/fx.example.com/v1/widgets?labelSelector=app%3Dweb%2Ctier+in+(a%2Cb)&fieldSelector=status.phase%3DRunning&sort=Name',
  ])('asks for exactly the first page the app asks for at %s', async (url) => {
    const preloaded = preloadAt(url);
    const app = await appFirstRequest(url);
    expect(app).not.toBeNull();
    expect(preloaded).toEqual({ url: app, accept: TABLE_ACCEPT });
  });

  it.each(['/c/demo/api/v1/namespaces/default/pods/web-1', '/c/demo/api/v1/namespaces/default', '/c/demo/api/v1/pods?create=1', '/c/demo/-/access', '/'])(
    'asks for nothing at %s (not a list)',
    (url) => {
      expect(preloadAt(url)).toBeNull();
    },
  );

  // The server starts the same request when it serves the document (server/first-page-prefetch.ts).
  it.each([
    '/c/demo/api/v1/pods',
    '/c/demo/apis/apps/v1/namespaces/kube-system/deployments/',
    '/c/my%20ctx/apis/fx.example.com/v1/widgets?labelSelector=app%3Dweb%2Ctier+in+(a%2Cb)&fieldSelector=status.phase%3DRunning&sort=Name',
    '/c/demo/api/v1/namespaces/default/pods/web-1',
    '/c/demo/api/v1/pods?create=1',
    '/c/%E0%A4%A/api/v1/pods',
  ])("wire/first-page.ts names the page it asks for at %s, or none as it does", (url) => {
    const [pathname = '', search = ''] = url.split('?');
    expect(firstPageRequestPath(pathname, search ? `?${search}` : '')).toBe(preloadAt(url)?.url ?? null);
  });
});

/** The navigation nonce the server writes into a list's document (server/navigation-document.ts). */
function writeNavigationNonce(nonce: string): void {
  const meta = document.createElement('meta');
  meta.name = 'kubeglass-navigation';
  meta.content = nonce;
  document.head.append(meta);
}

describe("the preload's request headers", () => {
  it("send the SPA's client header, and the document's navigation nonce when it has one", () => {
    writeNavigationNonce('nonce-of-this-document');
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    const fetch = stubFetch(() => new Response(tableBody('preloaded')));
    new Function(preloadScript)();
    const sent = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(sent.get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE);
    expect(sent.get(NAVIGATION_HEADER)).toBe('nonce-of-this-document');
  });

  it('send no nonce from a document without one', () => {
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    const fetch = stubFetch(() => new Response(tableBody('preloaded')));
    new Function(preloadScript)();
    const sent = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(sent.get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE);
    expect(sent.has(NAVIGATION_HEADER)).toBe(false);
  });

  it("go with the app's own requests for the list's later pages, and with none other", async () => {
    writeNavigationNonce('nonce-of-this-document');
    preloadAt('/c/demo/api/v1/pods');
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    // The preload's chain has ended (one page): a later page is the server's to answer, maybe from a page asked ahead.
    await fetch('/k8s/demo/api/v1/pods?includeObject=Metadata&limit=2500&continue=later', { headers: { Accept: TABLE_ACCEPT } });
    await fetch('/k8s/demo/api/v1/secrets?includeObject=Metadata&limit=100', { headers: { Accept: TABLE_ACCEPT } });
    const nonces = network.mock.calls.map(([, init]) => new Headers(init?.headers).get(NAVIGATION_HEADER));
    expect(nonces).toEqual(['nonce-of-this-document', null]);
  });
});

describe('adoptPreloadedFirstPage', () => {
  it("answers the app's first request for that URL from the preload, once, and passes every other request through", async () => {
    preloadAt('/c/demo/api/v1/pods');
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const first = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    expect(first.table.rows[0]?.cells).toEqual(['preloaded']);
    expect(network).not.toHaveBeenCalled();
    // The same request again goes to the network: a preload answers once.
    const again = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    expect(again.table.rows[0]?.cells).toEqual(['network']);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("hands the app the text the preload read, and a body that still reads as that text", async () => {
    preloadAt('/c/demo/api/v1/pods');
    stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const response = await window.fetch('/k8s/demo/api/v1/pods?includeObject=Metadata&limit=100', { headers: { Accept: TABLE_ACCEPT } });
    // fetchJson takes the text (once) instead of reading the body; any other reader gets the same bytes.
    expect(takePreloadedText(response)).toBe(tableBody('preloaded'));
    expect(takePreloadedText(response)).toBeUndefined();
    expect(await response.text()).toBe(tableBody('preloaded'));
  });

  it('leaves a request with another URL or Accept to the network', async () => {
    preloadAt('/c/demo/api/v1/pods');
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const other = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE, labelSelector: 'app=x' });
    expect(other.table.rows[0]?.cells).toEqual(['network']);
    await fetch('/k8s/demo/api/v1/pods?includeObject=Metadata&limit=500', { headers: { Accept: 'application/json' } });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('rejects with an abort when the claiming request is aborted, and does nothing without a preload', async () => {
    preloadAt('/c/demo/api/v1/pods');
    stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const controller = new AbortController();
    controller.abort();
    await expect(listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const before = window.fetch;
    adoptPreloadedFirstPage();
    expect(window.fetch).toBe(before);
    vi.unstubAllGlobals();
  });
});

describe('the second page', () => {
  const pageBody = (name: string, token?: string) =>
    JSON.stringify({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '7', ...(token ? { continue: token, remainingItemCount: 1 } : {}) },
      columnDefinitions: [],
      rows: [{ cells: [name], object: { metadata: { name } } }],
    });
  // A token with characters URLSearchParams encodes, as real continue tokens (base64) have.
  const token = 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ+/=';

  /** Runs the preload at `url` against a server answering `first` to the first page and page 2 to the rest. */
  async function preloadBoth(url: string, first: string, status = 200) {
    window.history.replaceState(null, '', url);
    const preloadNetwork = stubFetch((requested) => (requested.includes('continue=') ? new Response(pageBody('preloaded-2')) : new Response(first, { status })));
    new Function(preloadScript)();
    const next = await window.__kubeglassFirstPage?.next;
    return { next, preloadNetwork };
  }

  it('is asked at exactly the URL the app asks for it, and the app takes both pages from the preload', async () => {
    const { next, preloadNetwork } = await preloadBoth('/c/demo/api/v1/namespaces/default/pods?labelSelector=app%3Dweb', pageBody('preloaded-1', token));
    expect(preloadNetwork).toHaveBeenCalledTimes(2);
    expect(next?.url).toBe(preloadNetwork.mock.calls[1]?.[0]);
    const network = stubFetch(() => new Response(pageBody('network')));
    adoptPreloadedFirstPage();
    const pages = [];
    for await (const progress of listTablePages('demo', '/api/v1/namespaces/default/pods', { labelSelector: 'app=web' })) pages.push(progress);
    expect(pages.at(-1)?.table.rows.map((r) => r.cells[0])).toEqual(['preloaded-1', 'preloaded-2']);
    expect(network).not.toHaveBeenCalled();
  });

  // The server asks for the same second page as soon as the first is in (server/first-page-prefetch.ts).
  it.each(['/c/demo/api/v1/pods', '/c/my%20ctx/apis/fx.example.com/v1/namespaces/a/widgets?labelSelector=app%3Dweb%2Ctier+in+(a%2Cb)&fieldSelector=status.phase%3DRunning'])(
    'wire/first-page.ts names the second page it asks for at %s',
    async (url) => {
      const { next } = await preloadBoth(url, pageBody('preloaded-1', token));
      const [pathname = '', search = ''] = url.split('?');
      const first = firstPageRequestPath(pathname, search ? `?${search}` : '');
      expect(next?.url).toBeDefined();
      expect(nextPageRequestPath(first ?? '', token)).toBe(next?.url);
    },
  );

  it('waits for the preload when the app asks before the token was read', async () => {
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    let answerFirst: (r: Response) => void = () => undefined;
    stubFetch((requested) => (requested.includes('continue=') ? new Response(pageBody('preloaded-2')) : new Promise<Response>((resolve) => (answerFirst = resolve))));
    new Function(preloadScript)();
    const preloaded = window.__kubeglassFirstPage;
    const network = stubFetch(() => new Response(pageBody('network')));
    adoptPreloadedFirstPage();
    const second = fetch(`/k8s/demo/api/v1/pods?includeObject=Metadata&limit=2500&continue=${encodeURIComponent(token)}`, { headers: { Accept: TABLE_ACCEPT } });
    answerFirst(new Response(pageBody('preloaded-1', token)));
    expect((await preloaded?.next)?.url).toContain('continue=');
    expect(await (await second).text()).toBe(pageBody('preloaded-2'));
    expect(network).not.toHaveBeenCalled();
  });

  it.each([
    ['one page', pageBody('only'), 200],
    ['a failed first page (403)', JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 403 }), 403],
    ['a failed first page whose body looks like a Table page', pageBody('error', token), 500],
    ['metadata after the rows', JSON.stringify({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', rows: [{ cells: ['{"continue":"x"}'] }], metadata: { continue: token } }), 200],
    ['not JSON', 'not json {"continue":"x"}', 200],
  ])('is not asked after %s', async (_, first, status) => {
    const { next, preloadNetwork } = await preloadBoth('/c/demo/api/v1/pods', first, status);
    expect(next).toBeNull();
    expect(preloadNetwork).toHaveBeenCalledTimes(1);
  });

  it('reads the first page head with the same pattern and bound as the app (list-table TABLE_HEAD, HEAD_CHARS)', () => {
    const preloadPattern = /var META = \/(.*)\/;\n/.exec(preloadScript)?.[1];
    expect(preloadPattern).toBe(TABLE_HEAD.source);
    expect(Number(/var HEAD_CHARS = (\d+);/.exec(preloadScript)?.[1])).toBe(HEAD_CHARS);
  });

  it('leaves a second page with another token to the network', async () => {
    await preloadBoth('/c/demo/api/v1/pods', pageBody('preloaded-1', token));
    const network = stubFetch(() => new Response(pageBody('network')));
    adoptPreloadedFirstPage();
    const other = await fetch('/k8s/demo/api/v1/pods?includeObject=Metadata&limit=2500&continue=other', { headers: { Accept: TABLE_ACCEPT } });
    expect(await other.text()).toBe(pageBody('network'));
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks each page after it once the page before is read (at most one unread on its way), and the app takes them all', async () => {
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    const tokenOf = (page: number) => `${token}${page}`;
    // Pages 1..5: page n carries the token of page n + 1.
    const pageOf = (requested: string) => {
      const continued = new URL(requested, 'http://localhost').searchParams.get('continue');
      return continued === null ? 1 : Number(continued.slice(token.length));
    };
    const preloadNetwork = stubFetch((requested) => {
      const page = pageOf(requested);
      return new Response(pageBody(`preloaded-${page}`, page < 5 ? tokenOf(page + 1) : undefined));
    });
    new Function(preloadScript)();
    await vi.waitFor(() => expect(preloadNetwork).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Pages 1-2: page 3 waits until page 2 is read.
    expect(preloadNetwork.mock.calls.map(([requested]) => pageOf(requested))).toEqual([1, 2]);
    const network = stubFetch(() => new Response(pageBody('network')));
    adoptPreloadedFirstPage();
    const pages = [];
    for await (const progress of listTablePages('demo', '/api/v1/pods')) pages.push(progress);
    expect(pages.at(-1)?.table.rows.map((r) => r.cells[0])).toEqual([1, 2, 3, 4, 5].map((n) => `preloaded-${n}`));
    expect(preloadNetwork.mock.calls.map(([requested]) => pageOf(requested))).toEqual([1, 2, 3, 4, 5]);
    expect(network).not.toHaveBeenCalled();
  });

  it('ends the chain at a request for another page (a list started over): it goes to the network', async () => {
    await preloadBoth('/c/demo/api/v1/pods', pageBody('preloaded-1', token));
    const network = stubFetch(() => new Response(pageBody('network')));
    adoptPreloadedFirstPage();
    await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    const other = await fetch('/k8s/demo/api/v1/pods?includeObject=Metadata&limit=2500&continue=other', { headers: { Accept: TABLE_ACCEPT } });
    expect(await other.text()).toBe(pageBody('network'));
    // The preloaded second page is no longer handed out: the chain ended.
    const second = await fetch(`/k8s/demo/api/v1/pods?includeObject=Metadata&limit=2500&continue=${encodeURIComponent(token)}`, { headers: { Accept: TABLE_ACCEPT } });
    expect(await second.text()).toBe(pageBody('network'));
    expect(network).toHaveBeenCalledTimes(2);
  });
});
