// Real tier, current control plane: the faults of its own parts. etcd stopped and started again under a running
// apiserver, and a 410 after compaction (etcd compacted to its newest revision, then the apiserver restarted: the
// list's watch resumes from a resourceVersion nobody holds any more). Each time the live list must equal a fresh
// list within 5 s.
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectRecovered, openLiveList, type LiveList } from '../../reliability/browser/live-list.js';

const state = process.env.KUBEGLASS_REAL_STATE ?? '';
const etcd = process.env.REAL_ETCD_URL ?? '';
const base = (): string => test.info().project.use.baseURL ?? '';
const FX_CONFIGMAPS: LiveList = { route: '/c/real/api/v1/namespaces/fx/configmaps', context: 'real', apiPath: '/api/v1/namespaces/fx/configmaps', columns: ['Name', 'Data'] };
const restart = (daemon: 'apiserver' | 'etcd') => execFileSync('bash', ['tests/real-apiserver/restart.sh', state, daemon], { stdio: 'inherit', timeout: 90_000 });

async function createConfigMap(name: string, request: APIRequestContext): Promise<string> {
  const r = await request.post(`${base()}/k8s/real${FX_CONFIGMAPS.apiPath}`, { data: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' } } });
  expect(r.status(), await r.text()).toBe(201);
  return `fx/${name}`;
}

/** etcd's own API (its JSON gateway): the newest revision, then a compaction up to it. */
async function compactEtcd(request: APIRequestContext): Promise<number> {
  const range = await request.post(`${etcd}/v3/kv/range`, { data: { key: Buffer.from('/registry/').toString('base64') } });
  expect(range.status(), await range.text()).toBe(200);
  const revision = Number(((await range.json()) as { header: { revision: string } }).header.revision);
  const compacted = await request.post(`${etcd}/v3/kv/compaction`, { data: { revision: String(revision), physical: true } });
  expect(compacted.status(), await compacted.text()).toBe(200);
  return revision;
}

test.beforeEach(() => {
  expect(state, 'KUBEGLASS_REAL_STATE is set by run.sh').not.toBe('');
  expect(etcd, 'REAL_ETCD_URL comes from the modern tier env file').not.toBe('');
});

test('etcd stopped and started again: the live list equals a fresh list within 5 s of /readyz', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await createConfigMap(`before-etcd-${Date.now()}`, page.request);
  await openLiveList(page, FX_CONFIGMAPS);
  await expect(page.getByTestId('resource-table').locator(`tr[data-row-key="${before}"]`)).toHaveCount(1);
  restart('etcd');
  const since = Date.now();
  const after = await createConfigMap(`after-etcd-${Date.now()}`, page.request);
  await expectRecovered(page, base(), FX_CONFIGMAPS, { scenario: 'etcd stopped and started', injected: 1, since, mustShow: after });
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  await page.screenshot({ path: 'test-results/real-modern-etcd-restarted.png' });
});

test('a 410 after compaction: a list come back to resumes its watch, is refused as Expired, is read again and equals a fresh one', async ({ page }) => {
  test.setTimeout(120_000);
  const expired: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    if (text.includes('"code":410')) expired.push(text);
  }));
  const before = await createConfigMap(`before-compaction-${Date.now()}`, page.request);
  await openLiveList(page, FX_CONFIGMAPS);
  await expect(page.getByTestId('resource-table').locator(`tr[data-row-key="${before}"]`)).toHaveCount(1);
  // Away to another list: this one's watch ends, its rows and resourceVersion stay in the cache.
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: /^secrets/ }).click();
  await expect(page).toHaveURL(/\/namespaces\/fx\/secrets$/);
  // A change the cached list never saw, a compaction past it, and an apiserver whose watch cache starts after it.
  const missed = await createConfigMap(`while-away-${Date.now()}`, page.request);
  await compactEtcd(page.request);
  restart('apiserver');
  const since = Date.now();
  await page.goBack();
  await expect(page).toHaveURL(/\/namespaces\/fx\/configmaps$/);
  await expectRecovered(page, base(), FX_CONFIGMAPS, { scenario: 'etcd compacted, apiserver restarted, list come back to (410)', injected: 1, since, mustShow: missed });
  expect(expired.length, 'the resumed watch was answered 410 Expired').toBeGreaterThan(0);
  expect(expired[0]).toContain('too old resource version');
  await expect(page.getByTestId('watch-state')).toHaveText('live');
});
