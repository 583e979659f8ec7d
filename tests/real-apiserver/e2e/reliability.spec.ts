// Real tier, issue 11's fault "the real apiserver killed and started again": a live list equals a fresh list
// within 5 s of /readyz answering ok again (restart.sh kills it as a crash would; etcd keeps the data).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { expectRecovered, openLiveList, type LiveList } from '../../reliability/browser/live-list.js';

const state = process.env.KUBEGLASS_REAL_STATE ?? '';
const base = (): string => test.info().project.use.baseURL ?? '';
const FX_CONFIGMAPS: LiveList = { route: '/c/real/api/v1/namespaces/fx/configmaps', context: 'real', apiPath: '/api/v1/namespaces/fx/configmaps', columns: ['Name', 'Data'] };

async function createConfigMap(name: string, request: APIRequestContext): Promise<string> {
  const r = await request.post(`${base()}/k8s/real${FX_CONFIGMAPS.apiPath}`, { data: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' } } });
  expect(r.status(), await r.text()).toBe(201);
  return `fx/${name}`;
}

test('the apiserver killed and started again: the live list equals a fresh list within 5 s of /readyz', async ({ page }) => {
  test.setTimeout(120_000);
  expect(state, 'KUBEGLASS_REAL_STATE is set by run.sh').not.toBe('');
  const before = await createConfigMap(`before-kill-${Date.now()}`, page.request);
  await openLiveList(page, FX_CONFIGMAPS);
  await expect(page.getByTestId('resource-table').locator(`tr[data-row-key="${before}"]`)).toHaveCount(1);
  execFileSync('bash', ['tests/real-apiserver/restart.sh', state, 'apiserver'], { stdio: 'inherit', timeout: 90_000 });
  const since = Date.now();
  const after = await createConfigMap(`after-restart-${Date.now()}`, page.request);
  await expectRecovered(page, base(), FX_CONFIGMAPS, { scenario: 'real apiserver killed and restarted', injected: 1, since, mustShow: after });
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  // Discovery fetched while the apiserver was down marks group-versions unavailable; they are fetched again by
  // themselves (2 s, doubling) instead of staying until a manual refresh.
  const nav = page.getByRole('navigation', { name: 'Resources' });
  await expect(nav.getByText('unavailable')).toHaveCount(0, { timeout: 20_000 });
  await page.screenshot({ path: 'test-results/real-reliability-restarted.png' });
});
