// Faults on the browser's side: the kubeglass server restarts under an open tab, and the tab reloads mid-edit.
import { expect, test } from '@playwright/test';
import { editorLine, typeAtEndOfLine } from '../../support/edit-screen.js';
import { freePort, startKubeglassProcess, type KubeglassProcess } from '../../support/kubeglass-process.js';
import { createMarkerPod } from './fault-control.js';
import { recordEdits } from './figures.js';
import { ALL_PODS, expectRecovered, openLiveList } from './live-list.js';

const base = (): string => test.info().project.use.baseURL ?? '';

test('(g) the kubeglass server restarts on the same port: the tab reconnects its WebSocket and shows the new server\'s pods', async ({ page }) => {
  test.setTimeout(90_000);
  const port = await freePort();
  const start = () => startKubeglassProcess(['--demo-activity-ms', '1000'], { KUBECONFIG: 'tests/e2e/no-contexts.kubeconfig' }, port);
  let kubeglass: KubeglassProcess = await start();
  try {
    await openLiveList(page, { ...ALL_PODS, route: `${kubeglass.url}${ALL_PODS.route}` });
    await kubeglass.stop();
    await expect(page.getByTestId('watch-state')).toHaveText('reconnecting');
    await page.waitForTimeout(1_000);
    // The demo cluster restarts with it: new objects, new resourceVersions, the old ones gone.
    kubeglass = await start();
    const since = Date.now();
    const marker = await createMarkerPod(page.request, kubeglass.url);
    await expectRecovered(page, kubeglass.url, ALL_PODS, { scenario: 'kubeglass server restarted', injected: 1, since, mustShow: marker });
    await expect(page.getByTestId('watch-state')).toHaveText('live');
    await page.screenshot({ path: 'test-results/reliability-server-restarted.png' });
  } finally {
    await kubeglass.stop();
  }
});

test('(h) the tab reloads right after each of three edits: the draft is restored every time, nothing typed is lost', async ({ page }) => {
  const name = `draft-${Date.now()}`;
  const created = await page.request.post(`${base()}/k8s/demo/api/v1/namespaces/default/configmaps`, {
    data: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'one', b: 'two' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/c/demo/api/v1/namespaces/default/configmaps/${name}?edit=1`);
  await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });

  const typed = ['-first', '-second', '-third'];
  for (const text of typed) {
    await typeAtEndOfLine(page, 'a: one', text);
    await page.reload();
    await expect(page.getByTestId('draft-restored')).toBeVisible({ timeout: 15_000 });
    await expect(editorLine(page, 'a: one')).toBeVisible({ timeout: 15_000 });
  }
  const line = (await editorLine(page, 'a: one').first().innerText()).replace(/\u00a0/g, ' ');
  const lost = typed.filter((text) => !line.includes(text)).length;
  recordEdits({ scenario: 'reload mid-edit', edits: typed.length, lost });
  expect(line).toContain('a: one-first-second-third');
  expect(lost).toBe(0);
  await page.screenshot({ path: 'test-results/reliability-draft-restored.png' });
});
