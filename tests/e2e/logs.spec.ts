// Pod and workload logs in Chromium against the embedded demo cluster: lines, follow without a reload, the
// container picker (init containers too, all interleaved), search, download, pause on scroll-up, errors.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (args: string[], input?: string) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args], input === undefined ? {} : { input });
const SHOTS = 'test-results/logs';

async function runPod(name: string): Promise<void> {
  const created = await k(['-n', 'default', 'run', name, '--image=nginx:1.27', '--restart=Never']);
  expect(created.code, created.stderr).toBe(0);
  const ready = await k(['-n', 'default', 'wait', `pod/${name}`, '--for=condition=Ready', '--timeout=20s']);
  expect(ready.code, ready.stderr).toBe(0);
}

const lineCount = async (page: Page) => Number((await page.getByTestId('log-line-count').innerText()).replace(/[^0-9]/g, ''));

test('a pod log opens from the pod page, shows lines and follows new ones without a reload', async ({ page }) => {
  const name = `logs-${Date.now()}`;
  await runPod(name);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}`);
  const link = page.getByTestId('logs-link');
  // Offered once the access review says yes (a loaded machine may take a while).
  await expect(link).toHaveAttribute('href', `/c/demo/api/v1/namespaces/default/pods/${name}/log`, { timeout: 15_000 });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/pods/${name}/log$`));
  await expect(page.getByTestId('log-line').first()).toBeVisible();
  await expect(page.getByTestId('log-line').first()).toContainText('Configuration complete');

  // Followed from the start: lines arrive while the page stays the same document.
  await expect(page.getByTestId('log-follow')).toBeChecked();
  await page.evaluate(() => ((globalThis as unknown as { noReload: boolean }).noReload = true));
  await expect(page.getByTestId('log-following')).toBeVisible();
  const before = await lineCount(page);
  await expect.poll(() => lineCount(page), { timeout: 8_000 }).toBeGreaterThan(before + 1);
  expect(await page.evaluate(() => (globalThis as unknown as { noReload?: boolean }).noReload)).toBe(true);
  // The newest line is in view (the view sticks to the bottom while following).
  await expect(page.getByTestId('log-line').last()).toBeInViewport();

  await page.getByTestId('log-timestamps').check();
  await expect(page).toHaveURL(/timestamps=true&tailLines=1000&follow=true$/);
  await expect(page.getByTestId('log-line').last()).toContainText(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z /);
  await page.screenshot({ path: `${SHOTS}/pod-log-follow.png` });
});

test('scrolling up pauses the follow; the resume button jumps back to the newest line', async ({ page }) => {
  // A seeded web pod has run for half an hour: lines enough to scroll.
  const web = await k(['get', 'pods', '-n', 'demo', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']);
  expect(web.code, web.stderr).toBe(0);
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${web.stdout}/log?follow=true`);
  await expect(page.getByTestId('log-following')).toBeVisible();
  await expect.poll(() => lineCount(page)).toBeGreaterThan(100);
  await expect(page.getByTestId('log-line').last()).toBeInViewport();
  const viewer = page.getByTestId('log-viewer');
  await viewer.hover();
  await page.mouse.wheel(0, -400);
  await expect(page.getByTestId('log-resume')).toBeVisible();
  await page.getByTestId('log-resume').click();
  await expect(page.getByTestId('log-resume')).toBeHidden();
  await expect(page.getByTestId('log-line').last()).toBeInViewport();
});

test('the container picker lists init containers; all containers interleave with a prefix', async ({ page }) => {
  const name = `logs-multi-${Date.now()}`;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      initContainers: [{ name: 'setup', image: 'busybox:1.32' }],
      containers: [
        { name: 'app', image: 'ghcr.io/kubeglass/demo-api:0.4.1' },
        { name: 'proxy', image: 'nginx:1.19' },
      ],
    },
  };
  const created = await k(['create', '--validate=false', '-f', '-'], JSON.stringify(pod));
  expect(created.code, created.stderr).toBe(0);
  const ready = await k(['-n', 'default', 'wait', `pod/${name}`, '--for=condition=Ready', '--timeout=20s']);
  expect(ready.code, ready.stderr).toBe(0);
  // Ready is not "has written": a container's first line lands within its first second, so wait for both first lines.
  for (const c of ['app', 'proxy']) {
    await expect.poll(async () => (await k(['-n', 'default', 'logs', name, '-c', c])).stdout, { timeout: 10_000 }).not.toBe('');
  }

  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${name}/log`);
  const picker = page.getByTestId('log-container');
  await expect(picker.locator('option')).toHaveText(['setup (init)', 'app', 'proxy', 'All containers']);
  // No container named: the first regular one, as kubectl picks it.
  await expect(picker).toHaveValue('app');
  // A fresh pod has written a line or two: each container's first line is its own.
  await expect(page.getByTestId('log-line').first()).toHaveText('app starting (pid 1)');

  await picker.selectOption('proxy');
  await expect(page).toHaveURL(/container=proxy/);
  await expect(page.getByTestId('log-line').first()).toHaveText('/docker-entrypoint.sh: Configuration complete; ready for start up');

  await picker.selectOption('setup');
  await expect(page.getByTestId('log-line').last()).toContainText('setup: done, exiting with code 0');

  await picker.selectOption({ label: 'All containers' });
  await expect(page).toHaveURL(/all=true/);
  const viewer = page.getByTestId('log-viewer');
  await expect(viewer).toContainText('[proxy] ');
  await expect(viewer).toContainText('[app] ');
  // The init container ran first: its lines are at the top, before the others'.
  await expect(page.getByTestId('log-line').first()).toHaveText('[setup] setup starting (pid 1)');
  // Each line under its own container's prefix (a line is never shown under another's).
  for (const line of await page.getByTestId('log-line').allInnerTexts()) {
    const [, prefix, body] = /^\[(\w+)\] (.*)$/.exec(line) ?? [];
    if (body?.includes('HTTP/1.1')) expect(prefix).toBe('proxy');
    const tagged = /\[(setup|app)\] /.exec(body ?? '');
    if (tagged) expect(prefix).toBe(tagged[1]);
  }
  await page.screenshot({ path: `${SHOTS}/all-containers.png` });
});

test('search counts and marks matches; download saves the lines shown', async ({ page }) => {
  // A seeded web pod: its last 100 lines are all access lines.
  const web = await k(['get', 'pods', '-n', 'demo', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']);
  const name = web.stdout;
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${name}/log?tailLines=100&follow=false`);
  await expect(page.getByTestId('log-line-count')).toHaveText('100 lines');
  const total = 100;
  await page.getByTestId('log-search').fill('http/1.1');
  // Every access line holds one "HTTP/1.1" (case does not matter).
  await expect(page.getByTestId('log-match-count')).toHaveText('100 matches · line 1/100');
  await expect(page.locator('[data-match="true"]').first()).toHaveText('HTTP/1.1');
  await page.getByTestId('log-search').fill('no such text anywhere');
  await expect(page.getByTestId('log-match-count')).toHaveText('0 matches');
  await page.getByTestId('log-search').fill('');

  // Wrap: long lines break at the view's width instead of scrolling sideways.
  const viewer = page.getByTestId('log-viewer');
  await page.setViewportSize({ width: 900, height: 800 });
  await expect.poll(() => viewer.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await page.getByTestId('log-wrap').check();
  await expect.poll(() => viewer.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  await expect(page.getByTestId('log-line').first()).toHaveClass(/whitespace-pre-wrap/);
  await page.getByTestId('log-wrap').uncheck();
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-download').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}_web_.*\\.log$`));
  const file = readFileSync(await download.path(), 'utf8');
  expect(file.trimEnd().split('\n')).toHaveLength(total);
  expect(file).not.toContain('\u001b');
});

test('a container that cannot start shows the Status the API answered', async ({ page }) => {
  const list = await k(['get', 'pods', '-n', 'shop', '-l', 'app=payments', '-o', 'jsonpath={.items[0].metadata.name}']);
  expect(list.code, list.stderr).toBe(0);
  await page.goto(`/c/demo/api/v1/namespaces/shop/pods/${list.stdout}/log`);
  const error = page.getByTestId('log-error');
  await expect(error).toContainText('BadRequest');
  await expect(error).toContainText(`container "payments" in pod "${list.stdout}" is waiting to start: trying and failing to pull image`);
  await expect(error).toContainText('The kubelet has no log for this: the container has not run');
  await page.screenshot({ path: `${SHOTS}/waiting-error.png` });
});

test("a Deployment's Logs show every pod it selects, prefixed by pod", async ({ page }) => {
  await page.goto('/c/demo/apis/apps/v1/namespaces/demo/deployments/web');
  const link = page.getByTestId('logs-link');
  await expect(link).toHaveAttribute('href', /\/c\/demo\/-\/logs\?namespace=demo&labelSelector=app%3Dweb/, { timeout: 15_000 });
  await link.click();
  await expect(page.getByTestId('log-pod-count')).toHaveText(/^3 pods · app=web$/);
  await expect(page.getByTestId('log-line').first()).toBeVisible();
  const pods = (await k(['get', 'pods', '-n', 'demo', '-l', 'app=web', '-o', 'jsonpath={.items[*].metadata.name}'])).stdout.split(' ');
  // Each pod's stream lands on its own; the newest lines of all three are interleaved at the bottom.
  for (const pod of pods) await expect(page.getByTestId('log-viewer')).toContainText(`[${pod}] `);
  // Opened as a pod's log opens: the last 1,000 lines of each, followed, the newest in view.
  await expect(page.getByTestId('log-follow')).toBeChecked();
  await expect(page.getByTestId('log-tail')).toHaveValue('1000');
  await expect(page.getByTestId('log-line').last()).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/deployment-logs.png` });
});

test("a workload's Logs pick a container of its template (the first by default), or all of them, prefixed by pod and container", async ({ page }) => {
  const name = `logs-wl-${Date.now()}`;
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'app', image: 'ghcr.io/kubeglass/demo-api:0.4.1' }, { name: 'proxy', image: 'nginx:1.19' }] },
      },
    },
  };
  const created = await k(['create', '-f', '-'], JSON.stringify(deployment));
  expect(created.code, created.stderr).toBe(0);
  try {
    const ready = await k(['-n', 'default', 'rollout', 'status', `deployment/${name}`, '--timeout=30s']);
    expect(ready.code, ready.stderr).toBe(0);
    await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments/${name}`);
    await page.getByTestId('logs-link').click();
    const picker = page.getByTestId('log-container');
    await expect(picker.locator('option')).toHaveText(['app', 'proxy', 'All containers'], { timeout: 15_000 });
    await expect(picker).toHaveValue('app');
    await expect(page.getByTestId('log-line').first()).toContainText('app starting (pid 1)', { timeout: 15_000 });
    await picker.selectOption('proxy');
    await expect(page).toHaveURL(/container=proxy/);
    await expect(page.getByTestId('log-viewer')).toContainText('/docker-entrypoint.sh', { timeout: 15_000 });
    await picker.selectOption({ label: 'All containers' });
    await expect(page).toHaveURL(/all=true/);
    await expect(page.getByTestId('log-viewer')).toContainText('/app] ', { timeout: 15_000 });
    await expect(page.getByTestId('log-viewer')).toContainText('/proxy] ');
    await page.screenshot({ path: `${SHOTS}/workload-logs-all-containers.png` });
  } finally {
    await k(['-n', 'default', 'delete', 'deployment', name, '--ignore-not-found']);
  }
});

test('Logs open at the newest of the last 1,000 lines, following; the URL can say otherwise; the choice is remembered', async ({ page }) => {
  // A seeded web pod has run for half an hour: thousands of lines.
  const web = await k(['get', 'pods', '-n', 'demo', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']);
  expect(web.code, web.stderr).toBe(0);
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${web.stdout}`);
  const link = page.getByTestId('logs-link');
  await expect(link).toHaveAttribute('href', `/c/demo/api/v1/namespaces/demo/pods/${web.stdout}/log`, { timeout: 15_000 });
  await link.click();
  await expect(page.getByTestId('log-follow')).toBeChecked();
  await expect(page.getByTestId('log-tail')).toHaveValue('1000');
  await expect(page.getByTestId('log-following')).toBeVisible();
  // 1,000 lines, then the ones that came since (the view follows).
  await expect.poll(() => lineCount(page)).toBeGreaterThanOrEqual(1000);
  expect(await lineCount(page)).toBeLessThan(1100);
  await expect(page.getByTestId('log-line').last()).toBeInViewport();
  await expect.poll(() => page.getByTestId('log-viewer').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/opens-at-tail.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/opens-at-tail-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });

  // The URL wins over the defaults; a log not followed opens at its newest line too.
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${web.stdout}/log?tailLines=100&follow=false`);
  await expect(page.getByTestId('log-line-count')).toHaveText('100 lines');
  await expect(page.getByTestId('log-follow')).not.toBeChecked();
  await expect(page.getByTestId('log-tail')).toHaveValue('100');
  await expect(page.getByTestId('log-line').last()).toBeInViewport();

  // The reader's own choice is kept for the next log opened without options.
  await page.getByTestId('log-tail').selectOption('all');
  await expect(page).toHaveURL(/tailLines=-1/);
  await expect.poll(() => lineCount(page)).toBeGreaterThan(1000);
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${web.stdout}/log`);
  await expect(page.getByTestId('log-follow')).toBeChecked();
  await expect(page.getByTestId('log-tail')).toHaveValue('all');
  await page.getByTestId('log-follow').uncheck();
  await expect(page).toHaveURL(/follow=false/);
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${web.stdout}/log`);
  await expect(page.getByTestId('log-follow')).not.toBeChecked();
  await expect(page.getByTestId('log-tail')).toHaveValue('all');
  await expect(page.getByTestId('log-line').last()).toBeInViewport();
});
