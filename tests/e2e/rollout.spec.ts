// Rollout actions on a Deployment's page against the embedded demo cluster: restart, pause/resume and undo to a
// revision, each previewed with a dry run in the quick-edit dialog and applied; kubectl (an independent client) checks.
import { expect, test, type Page } from '@playwright/test';
import { kubectl } from '../support/kubectl.js';
import { collectErrors } from '../support/edit-screen.js';

const server = () => `${test.info().project.use.baseURL}/k8s/demo`;
// In the test's own output folder (test-results/... unless --output moves it).
const shot = (name: string) => test.info().outputPath(`${name}.png`);

async function ok(...args: string[]): Promise<string> {
  const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), '-n', 'default', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const created: string[] = [];
test.afterEach(async () => {
  for (const name of created.splice(0)) await ok('delete', 'deployment', name, '--ignore-not-found');
});

async function deployment(prefix: string, image = 'nginx:1.19'): Promise<string> {
  const name = `${prefix}-${Date.now()}`;
  created.push(name);
  await ok('create', 'deployment', name, `--image=${image}`);
  await expect.poll(() => replicaSets(name), { timeout: 20_000 }).toHaveLength(1);
  return name;
}

/** `name revision image` of the Deployment's ReplicaSets (kubectl create deployment labels them app=<name>). */
async function replicaSets(name: string): Promise<string[]> {
  const out = await ok('get', 'rs', '-l', `app=${name}`, '-o', 'jsonpath={range .items[*]}{.metadata.name} {.metadata.annotations.deployment\\.kubernetes\\.io/revision} {.spec.template.spec.containers[0].image}{"\\n"}{end}');
  return out.split('\n').filter(Boolean).sort();
}

async function openDeployment(page: Page, name: string) {
  await page.goto(`/c/demo/apis/apps/v1/namespaces/default/deployments/${name}`);
  const section = page.getByTestId('quick-edits');
  await expect(section.getByTestId('rollout-controls')).toBeVisible({ timeout: 15_000 });
  return section;
}

async function previewAndApply(page: Page, title: string, contentType: string, screenshot?: string, beforeApply?: () => Promise<unknown>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('patch-request-line')).toContainText(contentType);
  await expect(dialog.getByTestId('dry-run-ok')).toBeVisible({ timeout: 15_000 });
  if (screenshot) {
    await expect(dialog.getByTestId('monaco-diff-editor')).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: shot(screenshot) });
  }
  await beforeApply?.();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('quick-edit-applied')).toContainText(`Applied: ${title}`);
}

test('a rollout restart creates a new ReplicaSet', async ({ page }) => {
  const errors = collectErrors(page);
  const name = await deployment('ro-restart');
  const section = await openDeployment(page, name);
  await expect(section.getByTestId('restarted-at')).toHaveText('never restarted');
  const before = await replicaSets(name);
  await section.getByRole('button', { name: 'Rollout restart' }).click();
  const dialog = page.getByRole('dialog', { name: `Restart Deployment ${name}` });
  await expect(dialog.getByTestId('patch-body')).toContainText('kubectl.kubernetes.io/restartedAt');
  // A controller writes status between the preview and Apply (CI saw it): the same patch goes over the newer
  // resourceVersion, since nothing the user sees moved.
  const writeStatus = () => ok('patch', 'deploy', name, '--subresource=status', '--type=merge', '-p', '{"status":{"collisionCount":7}}');
  await previewAndApply(page, `Restart Deployment ${name}`, 'application/strategic-merge-patch+json', 'restart-preview', writeStatus);
  const stamp = await ok('get', 'deploy', name, '-o', 'jsonpath={.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}');
  expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  await expect.poll(() => replicaSets(name), { timeout: 20_000 }).toHaveLength(2);
  const after = await replicaSets(name);
  expect(after.filter((rs) => !before.includes(rs))).toEqual([expect.stringMatching(/ 2 nginx:1\.19$/)]);
  await expect(section.getByTestId('restarted-at')).toHaveText(`last restarted ${stamp}`);
  expect(errors).toEqual([]);
});

test('pause stops a new template from rolling out; resume rolls it out', async ({ page }) => {
  const name = await deployment('ro-pause');
  // The state below is read once the rollout is complete, as a user would see it settle.
  await ok('rollout', 'status', `deployment/${name}`, '--timeout=30s');
  const section = await openDeployment(page, name);
  await expect(section.getByTestId('rollout-state')).toHaveText('Progressing');
  await section.getByRole('button', { name: 'Pause' }).click();
  await previewAndApply(page, `Pause rollout of Deployment ${name}`, 'application/merge-patch+json');
  expect(await ok('get', 'deploy', name, '-o', 'jsonpath={.spec.paused}')).toBe('true');
  await expect(section.getByTestId('rollout-state')).toHaveText('Paused');

  await ok('set', 'image', `deployment/${name}`, 'nginx=nginx:1.20');
  // Paused: no ReplicaSet for the new template.
  await page.waitForTimeout(1500);
  expect(await replicaSets(name)).toHaveLength(1);
  await section.getByRole('button', { name: 'Resume' }).click();
  await previewAndApply(page, `Resume rollout of Deployment ${name}`, 'application/merge-patch+json');
  expect(await ok('get', 'deploy', name, '-o', 'jsonpath={.spec.paused}')).toBe('');
  await expect(section.getByTestId('rollout-state')).toHaveText('Progressing');
  await expect.poll(() => replicaSets(name), { timeout: 20_000 }).toHaveLength(2);
});

test('undo to the previous revision restores the old image', async ({ page }) => {
  const errors = collectErrors(page);
  const name = await deployment('ro-undo');
  await ok('set', 'image', `deployment/${name}`, 'nginx=nginx:1.20');
  await expect.poll(() => replicaSets(name), { timeout: 20_000 }).toHaveLength(2);
  const section = await openDeployment(page, name);
  const history = section.getByTestId('rollout-history');
  await expect(history.getByTestId('rollout-revision')).toHaveCount(2, { timeout: 15_000 });
  await expect(history.getByTestId('rollout-revision').first()).toHaveAttribute('data-revision', '2');
  await expect(history.locator('[data-revision="2"]')).toContainText('current');
  await expect(history.locator('[data-revision="1"]')).toContainText('nginx:1.19');
  await history.screenshot({ path: shot('history') });

  await history.getByRole('button', { name: 'Undo to revision 1' }).click();
  const dialog = page.getByRole('dialog', { name: `Undo Deployment ${name} to revision 1` });
  await expect(dialog.getByTestId('patch-body')).toContainText('nginx:1.19');
  await previewAndApply(page, `Undo Deployment ${name} to revision 1`, 'application/json-patch+json', 'undo-preview');
  expect(await ok('get', 'deploy', name, '-o', 'jsonpath={.spec.template.spec.containers[0].image}')).toBe('nginx:1.19');
  // The revision-1 ReplicaSet is reused and renumbered 3, as the deployment controller does.
  await expect.poll(async () => (await replicaSets(name)).map((rs) => rs.split(' ').slice(1).join(' ')).sort(), { timeout: 20_000 }).toEqual(['2 nginx:1.20', '3 nginx:1.19']);
  await expect(history.locator('[data-revision="3"]')).toContainText('current', { timeout: 15_000 });
  await page.screenshot({ path: shot('after-undo'), fullPage: true });
  expect(errors).toEqual([]);
});

test('drain of a node previews with dry runs, then cordons it and evicts its pods (DaemonSet pods skipped)', async ({ page }) => {
  const errors = collectErrors(page);
  const node = 'demo-node-2';
  const podsOn = async () =>
    (await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), 'get', 'pods', '-A', '--field-selector', `spec.nodeName=${node}`, '-o', 'jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name} {.metadata.ownerReferences[0].kind} {.metadata.deletionTimestamp}{"\\n"}{end}'])).stdout
      .split('\n')
      .filter(Boolean);
  const before = await podsOn();
  const daemon = before.filter((line) => line.split(' ')[1] === 'DaemonSet').map((line) => line.split(' ')[0]);
  expect(before.length).toBeGreaterThan(daemon.length);
  try {
    await page.goto(`/c/demo/api/v1/nodes/${node}`);
    const drain = page.getByTestId('node-drain');
    // The demo's activity starts pods that nothing owns (demo/batch-*): this drain evicts them too, as --force would.
    await drain.getByTestId('drain-force').check();
    await drain.getByTestId('drain-delete-emptydir').check();
    await drain.getByRole('button', { name: 'Preview drain' }).click();
    const plan = drain.getByTestId('drain-plan');
    await expect(plan).toHaveAttribute('data-dry-run', 'true');
    await expect(plan).toContainText('dry run: cordon accepted', { timeout: 15_000 });
    // The plan is the UI's own list of the node's pods: every one but the DaemonSet's, each accepted by the dry run.
    const evictable = await plan.getByTestId('drain-pod').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pod') ?? ''));
    // The demo's CronJob starts Job pods on this node meanwhile too: note their owners while they are still there.
    const listed = await podsOn();
    // Job pods finish and are replaced by the demo's activity meanwhile (and ro- pods by other tests): not the drain's doing.
    const jobPods = new Set([...before, ...listed].filter((line) => line.split(' ')[1] === 'Job').map((line) => line.split(' ')[0]));
    // The demo's activity (demo-cluster/controllers/activity.ts) creates and deletes demo/batch-* pods, owned by
    // nothing: one may be gone by its eviction too, as a CI run saw.
    const mayBeGone = (pod: string) => jobPods.has(pod) || pod.startsWith('demo/batch-');
    expect(evictable.length).toBeGreaterThan(0);
    for (const pod of evictable) expect(daemon).not.toContain(pod);
    // Such a pod, gone before its dry-run Eviction, is 404, shown as gone.
    for (const pod of evictable) await expect(plan.locator(`[data-pod="${pod}"]`)).toHaveAttribute('data-state', mayBeGone(pod) ? /^(evicted|gone)$/ : 'evicted', { timeout: 15_000 });
    await expect(plan.getByTestId('drain-skipped')).toHaveCount(daemon.length);
    await drain.screenshot({ path: shot('drain-preview') });
    // The dry run changed nothing.
    expect(await ok('get', 'node', node, '-o', 'jsonpath={.spec.unschedulable}')).toBe('');
    const stillThere = (await podsOn()).map((line) => line.split(' ')[0]);
    for (const pod of evictable.filter((p) => !p.startsWith('default/ro-') && !mayBeGone(p))) expect(stillThere).toContain(pod);

    await drain.getByRole('button', { name: `Cordon and evict ${evictable.length} ${evictable.length === 1 ? 'pod' : 'pods'}` }).click();
    await expect(plan).toHaveAttribute('data-dry-run', 'false');
    await expect(plan).toContainText('Drain: cordoned', { timeout: 15_000 });
    for (const pod of evictable) await expect(plan.locator(`[data-pod="${pod}"]`)).toHaveAttribute('data-state', /^(evicted|gone)$/, { timeout: 20_000 });
    expect(await ok('get', 'node', node, '-o', 'jsonpath={.spec.unschedulable}')).toBe('true');
    // Evicted: gone, or terminating (deletionTimestamp set) for its grace period.
    const after = (await podsOn()).filter((line) => (line.split(' ')[2] ?? '') === '').map((line) => line.split(' ')[0]);
    for (const pod of evictable) expect(after).not.toContain(pod);
    for (const pod of daemon) expect(after).toContain(pod);
    await expect(page.getByTestId('node-scheduling')).toHaveText('SchedulingDisabled');
    await page.screenshot({ path: shot('drain-done'), fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    await ok('uncordon', node);
  }
});

/** A pod bound to `node` that nothing owns, with an emptyDir volume when `scratch`. */
function barePod(name: string, node: string, scratch: boolean): string {
  const volumes = scratch ? ', "volumes": [{ "name": "scratch", "emptyDir": {} }]' : '';
  const mounts = scratch ? ', "volumeMounts": [{ "name": "scratch", "mountPath": "/scratch" }]' : '';
  return `{ "apiVersion": "v1", "kind": "Pod", "metadata": { "name": "${name}", "namespace": "default" }, "spec": { "nodeName": "${node}", "containers": [{ "name": "main", "image": "busybox:1.32"${mounts} }]${volumes} } }`;
}

test('drain refuses, in words, pods nothing recreates and pods with emptyDir data until told, and never evicts mirror pods', async ({ page }) => {
  const errors = collectErrors(page);
  const node = 'demo-node-1';
  const stamp = Date.now();
  const bare = `drain-bare-${stamp}`;
  const scratch = `drain-scratch-${stamp}`;
  for (const [name, withScratch] of [[bare, false], [scratch, true]] as const) {
    const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', server(), 'create', '-f', '-'], { input: barePod(name, node, withScratch) });
    expect(r.code, r.stderr).toBe(0);
  }
  try {
    await page.goto(`/c/demo/api/v1/nodes/${node}`);
    const drain = page.getByTestId('node-drain');
    await drain.getByRole('button', { name: 'Preview drain' }).click();
    const plan = drain.getByTestId('drain-plan');
    await expect(plan).toContainText('dry run: cordon accepted', { timeout: 15_000 });
    // The control plane's static pods are the kubelet's mirrors: no drain evicts them.
    const evictable = () => plan.getByTestId('drain-pod').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-pod') ?? ''));
    for (const pod of ['kube-system/etcd-demo-node-1', 'kube-system/kube-apiserver-demo-node-1']) {
      expect(await evictable()).not.toContain(pod);
      await expect(plan.getByTestId('drain-skipped').filter({ hasText: pod })).toContainText('mirror pod');
    }
    // As kubectl drain: a pod nothing recreates, and a pod whose emptyDir data dies with it, stop the whole drain.
    await expect(plan.locator(`[data-testid="drain-refused"][data-pod="default/${bare}"]`)).toContainText('declares no controller: nothing would recreate it');
    await expect(plan.locator(`[data-testid="drain-refused"][data-pod="default/${scratch}"]`)).toContainText('local storage (emptyDir volume scratch)');
    await expect(plan.getByTestId('drain-refusal')).toContainText('kubectl drain stops here');
    const evict = plan.getByRole('button', { name: /^Cordon and evict/ });
    await expect(evict).toBeDisabled();
    await drain.screenshot({ path: shot('drain-refused') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await drain.screenshot({ path: shot('drain-refused-dark') });
    await page.emulateMedia({ colorScheme: 'light' });

    // --force takes the pod nothing owns; the one with emptyDir data still needs its own choice (kubectl checks it first).
    await drain.getByTestId('drain-force').check();
    await expect(plan.locator(`[data-testid="drain-pod"][data-pod="default/${bare}"]`)).toHaveAttribute('data-state', 'evicted', { timeout: 15_000 });
    await expect(plan.locator(`[data-testid="drain-pod"][data-pod="default/${bare}"]`)).toContainText('chosen: declares no controller');
    await expect(plan.locator(`[data-testid="drain-refused"][data-pod="default/${scratch}"]`)).toBeVisible();
    await expect(evict).toBeDisabled();
    await drain.getByTestId('drain-delete-emptydir').check();
    await expect(plan.locator(`[data-testid="drain-pod"][data-pod="default/${scratch}"]`)).toHaveAttribute('data-state', 'evicted', { timeout: 15_000 });
    await expect(plan.getByTestId('drain-refused')).toHaveCount(0);
    await expect(plan.getByTestId('drain-refusal')).toHaveCount(0);
    await expect(evict).toBeEnabled();
    await drain.screenshot({ path: shot('drain-chosen') });
    // Only dry runs so far: the node is still schedulable.
    expect(await ok('get', 'node', node, '-o', 'jsonpath={.spec.unschedulable}')).toBe('');
    expect(errors).toEqual([]);
  } finally {
    await ok('delete', 'pod', bare, scratch, '--ignore-not-found', '--wait=false');
  }
});
