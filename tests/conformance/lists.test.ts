// Lists: paging (limit/continue), label and field selectors, and their error answers, on the same
// labelled configmaps created on both servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, compareValues, field, must, normalize, openPair, send, str } from './harness.js';
import type { Json, Pair, Response, Target } from './harness.js';

let pair: Pair;
const SEED: { name: string; labels: Record<string, string> }[] = [
  { name: 'cm-a', labels: { app: 'web', tier: 'front' } },
  { name: 'cm-b', labels: { app: 'web', tier: 'back' } },
  { name: 'cm-c', labels: { app: 'db' } },
  { name: 'cm-d', labels: {} },
  { name: 'cm-e', labels: { app: 'cache', env: 'prod' } },
];

beforeAll(async () => {
  pair = await openPair('kgc-list');
  await pair.each(async (t) => {
    for (const s of SEED) {
      await must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: s.name, labels: s.labels }, data: { k: s.name } } });
    }
  });
});
afterAll(async () => {
  await pair?.close();
});

const list = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;
const names = (r: Response): Json[] => ((field(r.body, 'items') as Json[] | undefined) ?? []).map((i) => field(i, 'metadata', 'name') ?? null);

describe('lists', () => {
  it('the whole list: ConfigMapList with items in name order', async () => {
    const { real, demo } = await pair.both({ path: list() });
    compare('full list', real, demo);
  });

  it('limit=2: continue token, remainingItemCount, and the next page at the same resourceVersion', async () => {
    const walk = async (t: Target): Promise<Json> => {
      const pages: Json[] = [];
      let cont: string | undefined;
      const rvs = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const r = await must(t, { path: list(), query: { limit: '2', ...(cont ? { continue: cont } : {}) } });
        rvs.add(str(field(r.body, 'metadata', 'resourceVersion')));
        pages.push(normalize(r.body));
        const c = field(r.body, 'metadata', 'continue');
        if (typeof c !== 'string' || c === '') break;
        cont = c;
      }
      return { pages, distinctResourceVersions: rvs.size };
    };
    const { real, demo } = await pair.each(walk);
    compareValues('paged walk', real, demo);
  });

  it('limit=1 as a Table keeps continue and remainingItemCount in the Table metadata', async () => {
    const req = { path: list(), query: { limit: '1' }, headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' } };
    const { real, demo } = await pair.both(req);
    compare('Table page', real, demo);
  });

  it('a garbage continue token: 400', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { limit: '1', continue: 'abc$$' } });
    compare('bad continue', real, demo);
  });

  it('a base64 continue token that is not a token: 400', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { limit: '1', continue: Buffer.from('{"v":"x"}').toString('base64url') } });
    compare('foreign continue', real, demo);
  });

  it('continue together with a resourceVersion: 400', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const first = await must(t, { path: list(), query: { limit: '1' } });
      return send(t, { path: list(), query: { limit: '1', continue: str(field(first.body, 'metadata', 'continue')), resourceVersion: '5' } });
    });
    compare('continue + resourceVersion', real, demo);
  });

  it.each([
    'app=web',
    'app==web',
    'app!=web',
    'app in (web,db)',
    'app notin (web)',
    'tier',
    '!tier',
    'app=web,tier=front',
    'app,!env',
    'env in (prod),app=cache',
    'app=nothing',
  ])('labelSelector %s selects the same names', async (selector) => {
    const { real, demo } = await pair.both({ path: list(), query: { labelSelector: selector } });
    expect(real.status).toBe(200);
    compareValues(`labelSelector ${selector}`, { status: real.status, names: names(real) }, { status: demo.status, names: names(demo) });
  });

  it.each(['app in (', 'app=web,', '!', 'a b', 'app=(x)', 'app==', 'x/y/z=1', 'key=val ue'])('malformed labelSelector %j: 400 wording', async (selector) => {
    const { real, demo } = await pair.both({ path: list(), query: { labelSelector: selector } });
    compare(`labelSelector ${selector}`, real, demo);
  });

  it('fieldSelector metadata.name=cm-c', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { fieldSelector: 'metadata.name=cm-c' } });
    compare('fieldSelector name', real, demo);
  });

  it('fieldSelector metadata.name!=cm-c,metadata.namespace==NS', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { fieldSelector: `metadata.name!=cm-c,metadata.namespace==${pair.ns}` } });
    compareValues('fieldSelector !=', { status: real.status, names: names(real) }, { status: demo.status, names: names(demo) });
  });

  it('an unknown field selector on configmaps: 400', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { fieldSelector: 'spec.bogus=1' } });
    compare('unknown field selector (configmaps)', real, demo);
  });

  it('an unknown field selector on pods: 400', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/pods`, query: { fieldSelector: 'spec.bogus=1' } });
    compare('unknown field selector (pods)', real, demo);
  });

  it('a malformed field selector: 400', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { fieldSelector: 'metadata.name' } });
    compare('malformed field selector', real, demo);
  });

  it('a label selector with limit: no remainingItemCount', async () => {
    const { real, demo } = await pair.both({ path: list(), query: { labelSelector: 'app', limit: '1' } });
    compare('selector + limit', real, demo);
  });
});
