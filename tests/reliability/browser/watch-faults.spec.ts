// Watch faults while Chromium shows all pods (the demo's activity loop changes them every second): after each,
// the rows on screen equal a fresh list within 5 s of the server being reachable again.
import { expect, test, type Page, type Response, type WebSocketRoute } from '@playwright/test';
import { createMarkerPod, FaultControl } from './fault-control.js';
import { ALL_PODS, expectRecovered, openLiveList, type LiveList } from './live-list.js';

const base = (): string => test.info().project.use.baseURL ?? '';
const PODS_LIST = /^\/k8s\/demo\/api\/v1\/pods$/;
/** The list and watch of all pods, as the demo cluster sees them (path only: list and watch share it). */
const PODS_PATH = '/api/v1/pods';
const PODS_UPSTREAM = `^${PODS_PATH}$`;

let faults: FaultControl;
test.beforeEach(async ({ request }) => {
  faults = new FaultControl(request, base());
  await faults.clear();
});
test.afterEach(async () => {
  await faults.clear();
});

/** The page's HTTP lists of all pods (watches go over the WebSocket), with when each answer arrived. */
function listAnswers(page: Page): { status: number; at: number; response: Response }[] {
  const seen: { status: number; at: number; response: Response }[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'GET' && PODS_LIST.test(new URL(response.url()).pathname)) seen.push({ status: response.status(), at: Date.now(), response });
  });
  return seen;
}

test('(a) upstream watches dropped mid-stream, three times, while pods change: kubeglass reports the lost watch, the list starts over', async ({ page }) => {
  await openLiveList(page, ALL_PODS);
  for (let round = 0; round < 3; round++) {
    await faults.waitForWatch(PODS_PATH);
    expect(await faults.dropWatches()).toBeGreaterThan(0);
    const since = Date.now();
    const marker = await createMarkerPod(page.request, base());
    await expectRecovered(page, base(), ALL_PODS, { scenario: 'watch dropped mid-stream', injected: 1, since, mustShow: marker });
  }
  await page.screenshot({ path: 'test-results/reliability-dropped.png' });
});

test("(a') the tab's WebSocket drops and stays refused for a second while pods change: it reconnects, the list is fresh", async ({ page }) => {
  const sockets = await observedSocket(page);
  await openLiveList(page, ALL_PODS);
  sockets.hold = true;
  await sockets.closeAll();
  await expect(page.getByTestId('watch-state')).toHaveText('reconnecting');
  const changedDuringOutage = await createMarkerPod(page.request, base());
  await page.waitForTimeout(1_000);
  sockets.hold = false;
  const since = Date.now();
  await expectRecovered(page, base(), ALL_PODS, { scenario: 'browser WebSocket dropped', injected: 1, since, mustShow: changedDuringOutage });
});

test('(b, c) compaction while the watch request is on its way: it gets 410 Expired as an ERROR event, the list is re-listed', async ({ page }) => {
  const sockets = await observedSocket(page);
  await openLiveList(page, ALL_PODS);
  const lists = listAnswers(page);
  // Rules set while the first watch is still on its way would be taken by it.
  await faults.waitForWatch(PODS_PATH);
  // After the drop: the re-list passes, the watch from its resourceVersion waits 3 s, during which we compact.
  await faults.setRules([
    { path: PODS_UPSTREAM, methods: ['GET'], times: 1 },
    { path: PODS_UPSTREAM, methods: ['GET'], times: 1, delayMs: 3_000 },
  ]);
  expect(await faults.dropWatches()).toBeGreaterThan(0);
  await expect.poll(() => faults.remaining(), { timeout: 5_000, intervals: [50] }).toEqual([0, 0]);
  const watchHeld = Date.now();
  const changedMeanwhile = await createMarkerPod(page.request, base());
  await faults.compact();
  expect(Date.now() - watchHeld, 'compacted while the watch was held').toBeLessThan(3_000);
  await expect.poll(() => sockets.expiredEvents, { timeout: 5_000, message: 'the watch got 410 Expired as an ERROR event' }).toBeGreaterThan(0);
  const since = Date.now();
  await expectRecovered(page, base(), ALL_PODS, { scenario: '410 Expired ERROR event, re-list', injected: 3, since, mustShow: changedMeanwhile });
  // The drop's re-list and the one after the ERROR event.
  expect(lists.filter((l) => l.status === 200).length).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: 'test-results/reliability-expired.png' });
});

/** The page's /-/ws through Playwright: closable on demand, refused while held, ERROR 410 events counted. */
async function observedSocket(page: Page): Promise<{ hold: boolean; expiredEvents: number; closeAll: () => Promise<void> }> {
  const open: WebSocketRoute[] = [];
  const state = {
    hold: false,
    expiredEvents: 0,
    closeAll: async () => {
      for (const ws of open.splice(0)) await ws.close({ code: 4000, reason: 'dropped by the test' });
    },
  };
  await page.routeWebSocket(/\/-\/ws$/, (ws) => {
    if (state.hold) return void ws.close({ code: 4000, reason: 'held by the test' });
    open.push(ws);
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (typeof m === 'string' && m.includes('"type":"ERROR"') && m.includes('"code":410')) state.expiredEvents++;
      ws.send(m);
    });
  });
  return state;
}

test('(d) long silence: a watch with no events past the proxy socket timeout (4 s) and the WebSocket ping (30 s) stays live', async ({ page, request }) => {
  test.setTimeout(90_000);
  const namespace = `quiet-${Date.now()}`;
  const ns = await request.post(`${base()}/k8s/demo/api/v1/namespaces`, { data: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
  expect(ns.status(), await ns.text()).toBe(201);
  const quiet: LiveList = { route: `/c/demo/api/v1/namespaces/${namespace}/configmaps`, apiPath: `/api/v1/namespaces/${namespace}/configmaps`, columns: ['Name', 'Data'] };
  const createConfigMap = async (name: string): Promise<string> => {
    const r = await request.post(`${base()}/k8s/demo${quiet.apiPath}`, { data: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' } } });
    expect(r.status(), await r.text()).toBe(201);
    return `${namespace}/${name}`;
  };
  await createConfigMap('before');
  await openLiveList(page, quiet);
  await page.waitForTimeout(35_000);
  await expect(page.getByTestId('watch-state')).toHaveText('live');
  const since = Date.now();
  const after = await createConfigMap('after-silence');
  await expectRecovered(page, base(), quiet, { scenario: 'long silence (35 s)', injected: 1, since, mustShow: after });
});

/** One-shot rules for the next GETs of all pods: after a dropped watch (kubeglass reports 503) that is the re-list. */
const onTheRelist = (...rules: { status?: 429 | 503; delayMs?: number; retryAfterSeconds?: number }[]) =>
  rules.map((rule) => ({ path: PODS_UPSTREAM, methods: ['GET'], times: 1, ...rule }));

test('(e) 429 then 503 with Retry-After on the re-list after a drop: the client waits and lists again', async ({ page }) => {
  await openLiveList(page, ALL_PODS);
  await faults.waitForWatch(PODS_PATH);
  const lists = listAnswers(page);
  await faults.setRules(onTheRelist({ status: 429, retryAfterSeconds: 1 }, { status: 503, retryAfterSeconds: 1 }));
  expect(await faults.dropWatches()).toBeGreaterThan(0);
  const marker = await createMarkerPod(page.request, base());
  await expect.poll(() => lists.map((l) => l.status), { timeout: 10_000 }).toEqual(expect.arrayContaining([429, 503]));
  const unavailable = lists.find((l) => l.status === 503);
  expect(unavailable?.response.headers()['retry-after']).toBe('1');
  expect(lists.map((l) => l.status).slice(0, 2)).toEqual([429, 503]);
  await expectRecovered(page, base(), ALL_PODS, { scenario: '429 then 503 with Retry-After on the re-list', injected: 3, since: unavailable?.at ?? Date.now(), mustShow: marker });
  // Each retry waited for the Retry-After second (answer times, so a little under 1000 ms is possible).
  const answers = lists.slice(0, 3);
  expect(answers.map((l) => l.status)).toEqual([429, 503, 200]);
  for (let i = 1; i < answers.length; i++) expect((answers[i]?.at ?? 0) - (answers[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(800);
  expect(await faults.remaining()).toEqual([0, 0]);
});

test('(f) a slow re-list (3 s) after a drop: the old rows stay until the answer, then the new ones', async ({ page }) => {
  await openLiveList(page, ALL_PODS);
  await faults.waitForWatch(PODS_PATH);
  const lists = listAnswers(page);
  await faults.setRules(onTheRelist({ delayMs: 3_000 }));
  expect(await faults.dropWatches()).toBeGreaterThan(0);
  const asked = Date.now();
  const marker = await createMarkerPod(page.request, base());
  // While the list is slow the table keeps its rows (not blank).
  await page.waitForTimeout(1_500);
  expect(await page.getByTestId('resource-table').locator('tbody tr[data-row-key]').count()).toBeGreaterThan(3);
  await expect.poll(() => lists.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const answered = lists[0]?.at ?? Date.now();
  expect(answered - asked).toBeGreaterThanOrEqual(2_500);
  await expectRecovered(page, base(), ALL_PODS, { scenario: 'slow re-list (3 s)', injected: 2, since: answered, mustShow: marker });
  await page.screenshot({ path: 'test-results/reliability-slow-relist.png' });
});
