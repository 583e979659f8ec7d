// The pod terminal in Chromium against the demo cluster: a shell over pods/exec (v5 through the proxy), output shown,
// exit codes from the error channel, the terminal readable in the dark scheme, the viewer refused before trying.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
const k = (...args: string[]) => kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), ...args]);

/** A pod of this test's own (the activity loop replaces seeded ones), once it runs. */
async function runningPod(): Promise<string> {
  const name = `exec-e2e-${Date.now().toString(36)}`;
  const created = await k('-n', 'default', 'run', name, '--image=busybox:1.36', '--restart=Never', '--', 'sleep', '3600');
  expect(created.code, created.stderr).toBe(0);
  await expect.poll(async () => (await k('-n', 'default', 'get', 'pod', name, '-o', 'jsonpath={.status.phase}')).stdout, { timeout: 15_000 }).toBe('Running');
  return name;
}

/** The terminal's screen as text, one line per row (xterm's DOM renderer). */
const screen = (page: Page) => page.getByTestId('exec-terminal').locator('.xterm-rows');

// A render error would blank the page: every test fails on one, naming it.
test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => {
    throw new Error(`page error: ${error.message}\n${error.stack ?? ''}`);
  });
});

async function typeLine(page: Page, line: string): Promise<void> {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

test('a shell runs echo and shows its output; exit 3 shows the exit code', async ({ page }) => {
  const pod = await runningPod();
  try {
    await page.goto(`/c/demo/api/v1/namespaces/default/pods/${pod}`);
    const panel = page.getByTestId('exec-panel');
    await expect(panel.getByTestId('exec-command')).toHaveValue('sh');
    await expect(panel.getByTestId('exec-open')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
    await panel.getByTestId('exec-open').click();
    await expect(panel.getByTestId('exec-status')).toHaveText('Connected (v5.channel.k8s.io)', { timeout: 15_000 });
    await expect(screen(page)).toContainText('/ #');
    await typeLine(page, 'echo hello');
    await expect.poll(async () => (await screen(page).innerText()).split('\n').map((l) => l.trimEnd())).toContain('hello');
    await typeLine(page, 'cat /etc/hostname');
    await expect.poll(async () => (await screen(page).innerText()).split('\n').map((l) => l.trimEnd())).toContain(pod);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/exec-shell.png' });
    await typeLine(page, 'exit 3');
    await expect(panel.getByTestId('exec-status')).toHaveText('Exited with code 3');
    await expect(screen(page)).toContainText('[exited with code 3]');
    await expect(panel.getByTestId('exec-open')).toHaveText('Open again');
    await page.screenshot({ path: 'test-results/exec-exit-3.png' });
  } finally {
    await k('-n', 'default', 'delete', 'pod', pod, '--wait=false');
  }
});

test('the terminal follows a dark color scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const pod = await runningPod();
  try {
    await page.goto(`/c/demo/api/v1/namespaces/default/pods/${pod}`);
    const panel = page.getByTestId('exec-panel');
    await panel.getByTestId('exec-open').click();
    await expect(panel.getByTestId('exec-status')).toHaveText('Connected (v5.channel.k8s.io)', { timeout: 15_000 });
    await typeLine(page, 'ls /etc');
    await expect(screen(page)).toContainText('os-release');
    await expect(page.getByTestId('exec-terminal')).toHaveCSS('background-color', 'rgb(15, 23, 42)');
    await expect(page.getByTestId('exec-terminal').locator('.xterm-rows')).toHaveCSS('color', 'rgb(226, 232, 240)');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/exec-dark.png' });
  } finally {
    await k('-n', 'default', 'delete', 'pod', pod, '--wait=false');
  }
});

test('a custom command that is not there ends with the runtime error explained', async ({ page }) => {
  const pod = await runningPod();
  try {
    await page.goto(`/c/demo/api/v1/namespaces/default/pods/${pod}`);
    const panel = page.getByTestId('exec-panel');
    await panel.getByTestId('exec-command').selectOption('custom');
    await panel.getByTestId('exec-custom-command').fill('python3 -V');
    await panel.getByTestId('exec-open').click();
    await expect(panel.getByTestId('exec-status')).toContainText('Ended: Internal error occurred', { timeout: 15_000 });
    await expect(panel.getByTestId('exec-error').getByTestId('error-reason')).toHaveText('InternalError');
    await expect(panel.getByTestId('exec-error').getByTestId('error-message')).toContainText('exec: "python3": executable file not found in $PATH');
  } finally {
    await k('-n', 'default', 'delete', 'pod', pod, '--wait=false');
  }
});

test('the viewer may not exec: the button says why before anything is tried', async ({ page }) => {
  // A pod of this test's own: a seeded one may be replaced by the activity loop or deleted by another test meanwhile.
  const pod = await runningPod();
  try {
    await page.goto(`/c/demo-viewer/api/v1/namespaces/default/pods/${pod}`);
    await expect(page.getByTestId('object-name')).toHaveText(pod, { timeout: 15_000 });
    const open = page.getByTestId('exec-panel').getByTestId('exec-open');
    await expect(open).toHaveAttribute('data-access', 'denied', { timeout: 15_000 });
    await expect(open).toHaveAttribute('aria-disabled', 'true');
    await expect(open).toHaveAttribute('title', /create pods\/exec/);
  } finally {
    await k('-n', 'default', 'delete', 'pod', pod, '--wait=false');
  }
});

test('a shell on a pod bound to no node is explained as the logs page explains it', async ({ page }) => {
  // The seeded cache pod never schedules (0/3 nodes have the cpu it asks).
  const cache = await k('get', 'pods', '-n', 'demo', '-l', 'app=cache', '-o', 'jsonpath={.items[0].metadata.name}');
  expect(cache.code, cache.stderr).toBe(0);
  const pod = cache.stdout;
  const meaning = 'The pod is bound to no node yet, so no kubelet runs its containers';

  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${pod}`);
  const panel = page.getByTestId('exec-panel');
  await expect(panel.getByTestId('exec-open')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await panel.getByTestId('exec-open').click();
  await expect(panel.getByTestId('exec-status')).toHaveText('Could not connect', { timeout: 15_000 });
  const error = panel.getByTestId('exec-error');
  await expect(error.getByTestId('error-message')).toHaveText(`pod ${pod} does not have a host assigned`);
  const explanation = error.getByTestId('error-explanation');
  await expect(explanation).toContainText(meaning);
  await expect(explanation).not.toContainText('malformed');
  const words = await explanation.innerText();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/exec-unscheduled.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/exec-unscheduled-dark.png' });

  // The logs page says the same of its 204.
  await page.goto(`/c/demo/api/v1/namespaces/demo/pods/${pod}/log`);
  await expect(page.getByTestId('log-empty')).toContainText(words, { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/logs-unscheduled-dark.png' });
});
