// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Table, TableRow } from '../../k8s/table';
import { readFixture, readJsonFixture } from '../../testing/fixtures';
import { renderAppAt } from '../../testing/render-app';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { prerenderList, type PrerenderedList } from './prerender-list';

const NOW = Date.parse('2026-11-21T22:30:00Z');
const podColumns = readJsonFixture<Table>('tables/api__v1__pods.json').columnDefinitions;

function pod(name: string, namespace: string, restarts: number, createdSecondsAgo: number, completed = false): TableRow {
  return {
    cells: [name, completed ? '0/1' : '1/1', completed ? 'Completed' : 'Running', restarts, '9d', '<none>', 'node-a', '<none>', '<none>'],
    ...(completed ? { conditions: [{ type: 'Completed', status: 'True' }] } : {}),
    object: {
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { name, namespace, uid: `uid-${namespace}-${name}`, resourceVersion: '1', creationTimestamp: new Date(NOW - createdSecondsAgo * 1000).toISOString() },
    },
  };
}

const pods = [pod('web-1', 'shop', 0, 50), pod('a-much-longer-pod-name-0123456789', 'default', 12, 4000), pod('job-x', 'batch', 1, 90_000, true)];
const table = (rows: TableRow[], token?: string): Table => ({
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: '9', ...(token ? { continue: token } : {}) },
  columnDefinitions: podColumns,
  rows,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function at(url: string) {
  const [pathname = '', search = ''] = url.split('?');
  return { pathname, search: search ? `?${search}` : '' };
}

function prerenderInto(url: string, body: unknown): { drawn: boolean; root: HTMLElement; list: PrerenderedList | null } {
  const root = document.createElement('div');
  document.body.append(root);
  const list = prerenderList(document, root, { location: at(url), body, now: NOW, viewportHeight: 800 });
  return { drawn: list !== null, root, list };
}

/** What a user sees of a table, and where each cell links: classes, titles, texts, widths. */
function tableShape(tableElement: Element) {
  const attributes = (element: Element | null, names: string[]) => Object.fromEntries(names.map((name) => [name, element?.getAttribute(name) ?? null]));
  return {
    style: tableElement.getAttribute('style'),
    className: tableElement.getAttribute('class'),
    widths: [...tableElement.querySelectorAll('col')].map((col) => col.getAttribute('style')),
    headers: [...tableElement.querySelectorAll('thead th')].map((th) => ({
      ...attributes(th, ['class', 'title']),
      text: th.textContent,
      inner: th.firstElementChild?.getAttribute('class')?.replace(/^block /, '') ?? null,
    })),
    rows: [...tableElement.querySelectorAll('tbody tr[data-row-key]')].map((tr) => ({
      ...attributes(tr, ['data-row-key', 'class', 'style']),
      cells: [...tr.children].map((td) => ({ ...attributes(td, ['class', 'title']), text: td.textContent, link: attributes(td.querySelector('a'), ['href', 'class', 'aria-label']) })),
    })),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

cleanUpAfterEach();

describe('prerenderList', () => {
  it('draws the first page as the React list draws it: same columns, widths, classes, texts and links', async () => {
    stubFetch((raw: string) => {
      const url = new URL(raw, 'http://localhost');
      if (url.pathname === '/-/contexts') return json({ contexts: [{ name: 'demo', server: 'https://127.0.0.1:6443', demo: true }], default: 'demo' });
      if (url.pathname.endsWith('/api/v1/namespaces')) return new Response(readFixture('tables/api__v1__namespaces.json'));
      if (url.pathname === '/k8s/demo/api/v1/pods') return json(table(pods));
      return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'not found', reason: 'NotFound', code: 404 }, 404);
    });
    renderAppAt('/c/demo/api/v1/pods');
    const react = tableShape(await screen.findByTestId('resource-table'));
    const { drawn, root } = prerenderInto('/c/demo/api/v1/pods', table(pods));
    expect(drawn).toBe(true);
    const pre = root.querySelector('table');
    expect(pre).not.toBeNull();
    expect(react.rows).toHaveLength(3);
    expect(tableShape(pre as Element)).toEqual(react);
    // Spot checks of what the shapes hold.
    expect(react.headers.map((h) => h.text)).toEqual(['Namespace', 'Name', 'Ready', 'Status', 'Restarts', 'Age', 'Logs']);
    expect(react.rows[1]?.cells[1]?.link.href).toBe('/c/demo/api/v1/namespaces/default/pods/a-much-longer-pod-name-0123456789');
    expect(react.rows[0]?.cells[5]?.text).toBe('50s');
  });

  it('draws the list frame: title, scope, count, and "loading more" while a continue token is out', () => {
    const { root } = prerenderInto('/c/demo/api/v1/namespaces/shop/pods?labelSelector=app%3Dweb', table(pods.slice(0, 1), 'next-token'));
    expect(root.querySelector('[data-prerender] h1')?.textContent).toBe('pods');
    const header = root.querySelector('[data-prerender] section header')?.textContent;
    expect(header).toBe('podsv1namespace shopapp=web1 itemloading more… 1 rows');
    // In one namespace: no Namespace column, as React's list.
    expect([...root.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Name', 'Ready', 'Status', 'Restarts', 'Age', 'Logs']);
    expect(root.querySelector('input')?.hasAttribute('readonly')).toBe(true);
  });

  it('draws only the rows the window holds, with a spacer for the rest of the page', () => {
    const many = Array.from({ length: 100 }, (_, i) => pod(`pod-${i}`, 'default', 0, 10));
    const { root } = prerenderInto('/c/demo/api/v1/pods', table(many));
    // 800 px window, 33 px header, 32 px rows: 25 rows, then 75 rows of spacer.
    expect(root.querySelectorAll('tbody tr[data-row-key]')).toHaveLength(25);
    expect(root.querySelector('tbody tr[aria-hidden] td')?.getAttribute('style')).toBe('height: 2400px; padding: 0px;');
  });

  it('shows object data as text only', () => {
    const hostile = pod('<img src=x onerror="alert(1)">', 'default', 0, 10);
    const { root } = prerenderInto('/c/demo/api/v1/pods', table([hostile]));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('tbody td:nth-child(2)')?.textContent).toBe('<img src=x onerror="alert(1)">');
  });

  it.each([
    ['/c/demo/api/v1/pods?sort=Name', 'a sort (React reorders the rows)'],
    ['/c/demo/api/v1/pods?filter=web', 'a row filter'],
    ['/c/demo/api/v1/namespaces/default/pods/web-1', 'an object URL'],
    ['/c/demo/-/access', 'a tool page'],
  ])('draws nothing at %s: %s', (url) => {
    const { drawn, root } = prerenderInto(url, table(pods));
    expect(drawn).toBe(false);
    expect(root.childNodes).toHaveLength(0);
  });

  it.each([
    ['a Status', { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 403 }],
    ['a list that is not a Table', { kind: 'PodList', apiVersion: 'v1', items: [] }],
    ['rows without cells', { ...table([]), rows: [{ object: {} }] }],
    ['null', null],
  ])('draws nothing for %s', (_, body) => {
    const { drawn, root } = prerenderInto('/c/demo/api/v1/pods', body);
    expect(drawn).toBe(false);
    expect(root.childNodes).toHaveLength(0);
  });

  describe('the next pages, joined while the app loads', () => {
    const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => pod(`pod-${from + i}`, 'default', from + i, 10));
    const rowKeys = (root: HTMLElement) => [...root.querySelectorAll('tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'));
    const bottomSpacer = (root: HTMLElement) => root.querySelector('tbody tr[aria-hidden]:last-child td')?.getAttribute('style');

    it('keeps the rows in view as they are when a page joins below them, and lengthens the spacer', () => {
      // The first page holds the longest texts: the next one widens no column.
      const { root, list } = prerenderInto('/c/demo/api/v1/pods', table(many(1000, 100), 'token-1'));
      const firstRow = root.querySelector('tbody tr[data-row-key]');
      expect(list?.append(table(many(100, 900), 'token-2'))).toBe(true);
      // The same elements: nothing restyled or laid out again but the spacer.
      expect(root.querySelector('tbody tr[data-row-key]')).toBe(firstRow);
      expect(bottomSpacer(root)).toBe(`height: ${(1000 - 25) * 32}px; padding: 0px;`);
      // A page that widens a column: the same rows, a wider <col> (as React sizes it from every row so far).
      const nameWidth = () => [...root.querySelectorAll('colgroup col')].map((col) => col.getAttribute('style')).join(' ');
      const before = nameWidth();
      expect(list?.append(table([pod(`pod-with-a-name-longer-than-any-before-${'x'.repeat(20)}`, 'default', 1000, 10)], 'token-3'))).toBe(true);
      expect(root.querySelector('tbody tr[data-row-key]')).toBe(firstRow);
      expect(nameWidth()).not.toBe(before);
      expect(tableShape(root.querySelector('table') as Element)).toEqual(tableShape(prerenderInto('/c/demo/api/v1/pods', table([...many(1000, 100), ...many(100, 900), pod(`pod-with-a-name-longer-than-any-before-${'x'.repeat(20)}`, 'default', 1000, 10)], 'token-3')).root.querySelector('table') as Element));
      // One that turns a number column to text changes the cells' alignment: drawn anew.
      const text = pod('pod-text', 'default', 0, 10);
      text.cells[3] = 'unknown';
      expect(list?.append(table([text]))).toBe(true);
      expect(root.querySelector('tbody tr[data-row-key]')).not.toBe(firstRow);
      expect(bottomSpacer(root)).toBe(`height: ${(1002 - 25) * 32}px; padding: 0px;`);
    });

    it('says how much of the list is in when the server says how long it is, with a still bar', () => {
      const first = { ...table(many(0, 100), 'token-1'), metadata: { resourceVersion: '9', continue: 'token-1', remainingItemCount: 4900 } };
      const { root, list } = prerenderInto('/c/demo/api/v1/pods', first);
      const loading = () => root.querySelector('[data-testid="loading-more"]');
      const fill = () => loading()?.querySelector('[aria-hidden] > span')?.getAttribute('style');
      expect(loading()?.textContent).toBe('loading more… 100 of 5,000 rows');
      expect(fill()).toBe('width: 2%;');
      expect(list?.append({ ...table(many(100, 2500), 'token-2'), metadata: { resourceVersion: '9', continue: 'token-2', remainingItemCount: 2400 } })).toBe(true);
      expect(loading()?.textContent).toBe('loading more… 2,600 of 5,000 rows');
      expect(fill()).toBe('width: 52%;');
      // Nothing in the frame moves on its own while pages load: a running animation has the compositor draw every vsync.
      expect(root.querySelector('[class*="animate-"]')).toBeNull();
    });

    it('counts every row, keeps "loading more" until the last page, and says how many rows it drew', () => {
      const { root, list } = prerenderInto('/c/demo/api/v1/pods', table(many(0, 100), 'token-1'));
      const count = () => root.querySelector('[data-testid="row-count"]')?.textContent;
      const loading = () => root.querySelector('[data-testid="loading-more"]')?.textContent ?? null;
      expect([count(), loading(), list?.complete]).toEqual(['100 items', 'loading more… 100 rows', false]);
      expect(list?.append(table(many(100, 2500), 'token-2'))).toBe(true);
      expect([count(), loading(), list?.complete, list?.rowCount]).toEqual(['2,600 items', 'loading more… 2,600 rows', false, 2600]);
      expect(bottomSpacer(root)).toBe(`height: ${(2600 - 25) * 32}px; padding: 0px;`);
      expect(list?.append(table(many(2600, 3)))).toBe(true);
      expect([count(), loading(), list?.complete]).toEqual(['2,603 items', null, true]);
      expect(root.querySelector('[data-prerender]')?.getAttribute('data-prerender-rows')).toBe('2603');
      // The rows in view stay the first ones; a page after the last is refused.
      expect(rowKeys(root)[0]).toBe('default/pod-0');
      expect(list?.append(table(many(2603, 1)))).toBe(false);
      expect(count()).toBe('2,603 items');
    });

    it('refuses a page that is not a Table of the same columns, and changes nothing', () => {
      const { root, list } = prerenderInto('/c/demo/api/v1/pods', table(many(0, 10), 'token-1'));
      expect(list?.append({ kind: 'Status', apiVersion: 'v1', code: 410 })).toBe(false);
      expect(list?.append({ ...table(many(10, 1)), columnDefinitions: podColumns.slice(1) })).toBe(false);
      expect(root.querySelector('[data-testid="row-count"]')?.textContent).toBe('10 items');
    });

    it('draws the rows a scroll brings into view, from any page joined', () => {
      const { root, list } = prerenderInto('/c/demo/api/v1/pods', table(many(0, 100), 'token-1'));
      list?.append(table(many(100, 900)));
      const frames: FrameRequestCallback[] = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      const scroller = root.querySelector('table')?.parentElement as HTMLElement;
      scroller.scrollTop = 500 * 32;
      scroller.dispatchEvent(new Event('scroll'));
      scroller.dispatchEvent(new Event('scroll'));
      // One redraw a frame, however many scroll events.
      expect(frames).toHaveLength(1);
      frames[0]?.(0);
      vi.unstubAllGlobals();
      expect(rowKeys(root).slice(0, 2)).toEqual(['default/pod-500', 'default/pod-501']);
      expect(root.querySelector('tbody tr[aria-hidden] td')?.getAttribute('style')).toBe(`height: ${500 * 32}px; padding: 0px;`);
      expect(bottomSpacer(root)).toBe(`height: ${(1000 - 525) * 32}px; padding: 0px;`);
    });
  });
});
