// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TABLE_ACCEPT } from '../../wire/ws-protocol';
import { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE } from '../data/table-pages';
import { listTable } from '../k8s/list-table';
import { matchRoute } from './routes';
import { stubFetch } from '../testing/stub-fetch';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { adoptPreloadedFirstPage } from './first-page-preload';

cleanUpAfterEach();
afterEach(() => {
  delete window.__kubeglassFirstPage;
  window.history.replaceState(null, '', '/');
});

const preloadScript = readFileSync(join(process.cwd(), 'public/preload-list.js'), 'utf8');
const tableBody = (name: string, continueToken?: string) =>
  JSON.stringify({
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '7', ...(continueToken ? { continue: continueToken } : {}) },
    columnDefinitions: [],
    // A row whose text looks like a token must not be taken for the page's own.
    rows: [{ cells: [name, '"continue":"not-this"'], object: { metadata: { name } } }],
  });
/** A base64 continue token, as kube-apiserver writes them ('+', '/' and '=' included). */
const TOKEN = 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6NywiYyI6Im5leHQifQ+/==';

/** Runs public/preload-list.js at a UI URL; returns what it asked for (null: nothing). */
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

describe('public/preload-list.js', () => {
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
});

describe('public/preload-list.js second page', () => {
  /** Runs the preload at `url` over a server whose first page names TOKEN (or none); returns the requested URLs. */
  async function preloadPagesAt(url: string, continueToken: string | undefined): Promise<string[]> {
    window.history.replaceState(null, '', url);
    const fetch = stubFetch((requested) => new Response(requested.includes('continue=') ? tableBody('second') : tableBody('first', continueToken)));
    new Function(preloadScript)();
    await window.__kubeglassFirstPage?.next;
    return fetch.mock.calls.map(([requested]) => requested);
  }

  it.each(['/c/demo/api/v1/pods', '/c/my%20ctx/apis/fx.example.com/v1/namespaces/a/widgets?labelSelector=app%3Dweb%2Ctier+in+(a%2Cb)&fieldSelector=status.phase%3DRunning'])(
    "asks for exactly the continue page the app asks for next at %s, as soon as the first page's head names it",
    async (url) => {
      const requested = await preloadPagesAt(url, TOKEN);
      const [pathname = '', search = ''] = url.split('?');
      const route = matchRoute(pathname, search ? `?${search}` : '');
      if (route.kind !== 'list') throw new Error('not a list URL');
      const app = stubFetch(() => new Response(tableBody('app')));
      await listTable(route.context, route.apiPath, { labelSelector: route.labelSelector?.trim(), fieldSelector: route.fieldSelector?.trim(), limit: NEXT_PAGE_SIZE, continue: TOKEN });
      expect(requested).toHaveLength(2);
      expect(requested[1]).toBe(app.mock.calls[0]?.[0]);
    },
  );

  it('asks for no second page when the first is the last, or failed', async () => {
    expect(await preloadPagesAt('/c/demo/api/v1/pods', undefined)).toHaveLength(1);
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    const fetch = stubFetch(() => new Response(JSON.stringify({ kind: 'Status', metadata: { continue: TOKEN } }), { status: 403 }));
    new Function(preloadScript)();
    expect(await window.__kubeglassFirstPage?.next).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('adoptPreloadedFirstPage', () => {
  it("answers the app's request for the second page from the preload; a continue request for another token goes to the network", async () => {
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    stubFetch((requested) => new Response(requested.includes('continue=') ? tableBody('preloaded-second') : tableBody('preloaded', TOKEN)));
    new Function(preloadScript)();
    await window.__kubeglassFirstPage?.next;
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const first = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    expect(first.table.metadata.continue).toBe(TOKEN);
    const second = await listTable('demo', '/api/v1/pods', { limit: NEXT_PAGE_SIZE, continue: TOKEN });
    expect(second.table.rows[0]?.cells[0]).toBe('preloaded-second');
    expect(network).not.toHaveBeenCalled();
    // Claimed once: the same request again, and any other, go to the network.
    await listTable('demo', '/api/v1/pods', { limit: NEXT_PAGE_SIZE, continue: TOKEN });
    await listTable('demo', '/api/v1/pods', { limit: NEXT_PAGE_SIZE, continue: 'other' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('sends a continue request for another token to the network, and the preloaded second page is never used', async () => {
    window.history.replaceState(null, '', '/c/demo/api/v1/pods');
    stubFetch((requested) => new Response(requested.includes('continue=') ? tableBody('preloaded-second') : tableBody('preloaded', TOKEN)));
    new Function(preloadScript)();
    await window.__kubeglassFirstPage?.next;
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    const other = await listTable('demo', '/api/v1/pods', { limit: NEXT_PAGE_SIZE, continue: 'other' });
    expect(other.table.rows[0]?.cells[0]).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("answers the app's first request for that URL from the preload, once, and passes every other request through", async () => {
    preloadAt('/c/demo/api/v1/pods');
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const first = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    expect(first.table.rows[0]?.cells[0]).toBe('preloaded');
    expect(network).not.toHaveBeenCalled();
    // The same request again goes to the network: a preload answers once.
    const again = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE });
    expect(again.table.rows[0]?.cells[0]).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('leaves a request with another URL or Accept to the network', async () => {
    preloadAt('/c/demo/api/v1/pods');
    const network = stubFetch(() => new Response(tableBody('network')));
    adoptPreloadedFirstPage();
    const other = await listTable('demo', '/api/v1/pods', { limit: FIRST_PAGE_SIZE, labelSelector: 'app=x' });
    expect(other.table.rows[0]?.cells[0]).toBe('network');
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
