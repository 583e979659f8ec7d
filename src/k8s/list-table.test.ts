import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../testing/fixtures';
import { peekContinue } from '../../wire/list-paging';
import { listTable } from './list-table';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
    ...init,
  });
}

function stubFetch(...responses: Response[]) {
  const fn = vi.fn((_url: string, _init?: RequestInit) => {
    const next = responses.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('unexpected fetch'));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('listTable', () => {
  it('asks for a Table with object metadata and passes selectors', async () => {
    const fetchFn = stubFetch(jsonResponse(readFixture('tables/api__v1__configmaps.json')));
    const { table } = await listTable('demo', '/api/v1/configmaps', { labelSelector: 'app=web', fieldSelector: 'metadata.name=x' });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    const parsed = new URL(url ?? '', 'http://x');
    expect(parsed.pathname).toBe('/k8s/demo/api/v1/configmaps');
    expect(parsed.searchParams.get('includeObject')).toBe('Metadata');
    expect(parsed.searchParams.get('labelSelector')).toBe('app=web');
    expect(parsed.searchParams.get('fieldSelector')).toBe('metadata.name=x');
    expect((init?.headers as Record<string, string>).Accept).toBe(
      'application/json;as=Table;v=v1;g=meta.k8s.io,application/json',
    );
    expect(table.kind).toBe('Table');
    expect(table.metadata.resourceVersion).toBe('351');
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Data', 'Age']);
    expect(table.rows.length).toBeGreaterThan(0);
  });

  it("keeps each row's metadata but its managedFields", async () => {
    const recorded = readFixture('tables/api__v1__configmaps.json');
    const wire = JSON.parse(recorded) as { rows: { object: { metadata: Record<string, unknown> } }[] };
    expect(wire.rows.filter((row) => 'managedFields' in row.object.metadata).length).toBeGreaterThan(0);
    stubFetch(jsonResponse(recorded));
    const { table } = await listTable('demo', '/api/v1/configmaps');
    expect(table.rows).toHaveLength(wire.rows.length);
    table.rows.forEach((row, i) => {
      const { managedFields: _dropped, ...rest } = wire.rows[i]?.object.metadata ?? {};
      expect(row.object?.metadata).toEqual(rest);
    });
  });

  it('converts a plain list from a server that cannot print', async () => {
    stubFetch(
      jsonResponse({
        kind: 'WidgetList',
        apiVersion: 'fx.example.com/v1',
        metadata: { resourceVersion: '77' },
        items: [
          { metadata: { name: 'w1', namespace: 'fx', uid: 'u1', creationTimestamp: '2026-11-21T22:22:18Z' } },
          { metadata: { name: 'w2', namespace: 'fx', uid: 'u2' } },
        ],
      }),
    );
    const { table } = await listTable('demo', '/apis/fx.example.com/v1/widgets');
    expect(table.metadata.resourceVersion).toBe('77');
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Namespace', 'Age']);
    expect(table.rows.map((r) => r.cells.slice(0, 2))).toEqual([
      ['w1', 'fx'],
      ['w2', 'fx'],
    ]);
    expect(table.rows[1]?.cells[2]).toBe('<unknown>');
    expect(table.rows[0]?.object?.metadata.uid).toBe('u1');
  });

  it('leaves out the Namespace column for cluster-scoped lists', async () => {
    stubFetch(jsonResponse({ kind: 'NodeList', metadata: {}, items: [{ metadata: { name: 'n1' } }] }));
    const { table } = await listTable('demo', '/api/v1/nodes');
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Age']);
  });

  it('returns warnings of a success', async () => {
    stubFetch(
      jsonResponse(readFixture('tables/apis__batch__v1beta1__cronjobs.json'), {
        headers: { warning: '299 - "batch/v1beta1 CronJob is deprecated in v1.21+, unavailable in v1.25+; use batch/v1 CronJob"' },
      }),
    );
    const { warnings } = await listTable('demo', '/apis/batch/v1beta1/cronjobs');
    expect(warnings).toHaveLength(1);
  });
});

describe('peekContinue', () => {
  const compact = (metadata: object, rest = '"columnDefinitions":[],"rows":[]') => `{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":${JSON.stringify(metadata)},${rest}}`;

  it('reads the token from the head of a compact page, escapes decoded', () => {
    expect(peekContinue(compact({ resourceVersion: '9', continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ==', remainingItemCount: 900 }))).toBe('eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ==');
    expect(peekContinue('{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"continue":"a\\u003db\\/c"},"rows":[]}')).toBe('a=b/c');
  });

  it('reads a recorded 1.20.2 Table page (pretty-printed) given a token', () => {
    const recorded = readFixture('tables/api__v1__nodes.json');
    expect(peekContinue(recorded)).toBe('');
    expect(peekContinue(recorded.replace('"resourceVersion": "351"', '"resourceVersion": "351",\n    "continue": "tok"'))).toBe('tok');
  });

  it('reads nothing but a Table head: metadata after the rows, a plain list, metadata past the head, not JSON', () => {
    expect(peekContinue('{"kind":"Table","apiVersion":"meta.k8s.io/v1","rows":[{"cells":["{\\"continue\\":\\"x\\"}"]}],"metadata":{"continue":"x"}}')).toBe('');
    expect(peekContinue('{"kind":"PodList","apiVersion":"v1","metadata":{"continue":"x"},"items":[]}')).toBe('');
    expect(peekContinue(`${' '.repeat(5000)}${compact({ continue: 'x' })}`)).toBe('');
    expect(peekContinue('{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"continue":x}}')).toBe('');
    expect(peekContinue(compact({ continue: 7 }))).toBe('');
  });

  it('is called by listTable with the page token before the page is returned', async () => {
    stubFetch(jsonResponse(compact({ resourceVersion: '9', continue: 'next-token' })));
    const onContinue = vi.fn();
    const page = await listTable('demo', '/api/v1/pods', { limit: 100, onContinue });
    expect(onContinue).toHaveBeenCalledExactlyOnceWith('next-token');
    expect(page.table.metadata.continue).toBe('next-token');
  });
});
