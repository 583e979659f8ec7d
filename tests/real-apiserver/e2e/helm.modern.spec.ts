// Real tier, current control plane: a release made by helm itself. The test writes a tiny chart, installs it with
// the cached helm (tests/deploy/build-helm.sh) and upgrades it once (a new image and a new value); Kubeglass then
// shows the release, its two revisions, the manifest linked to the objects' pages, the diff of the revisions, and
// a rollback line that helm runs as printed (as a dry run: the release keeps its two revisions).
import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';
const ROOT = join(import.meta.dirname, '..', '..', '..');
const CACHE = process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache', 'kubeglass');
const HELM_VERSION = /^HELM_VERSION=(\S+)$/m.exec(readFileSync(join(ROOT, 'tests/deploy/versions.env'), 'utf8'))?.[1] ?? '';
const HELM = join(CACHE, `helm-${HELM_VERSION}`, 'helm');
const NAMESPACE = 'fx';

const scratch = mkdtempSync(join(tmpdir(), 'kubeglass-helm-view-'));
const env: NodeJS.ProcessEnv = { ...process.env, HELM_CACHE_HOME: join(scratch, 'cache'), HELM_CONFIG_HOME: join(scratch, 'config'), HELM_DATA_HOME: join(scratch, 'data') };

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

async function helm(...args: string[]): Promise<string> {
  const r = await run(HELM, [...args, '-n', NAMESPACE, '--kubeconfig', kubeconfig, '--kube-context', 'real']);
  expect(r.code, `helm ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** A chart of a ConfigMap and a Deployment, its image and greeting from the values. */
function writeChart(): string {
  const dir = join(scratch, 'tiny');
  mkdirSync(join(dir, 'templates'), { recursive: true });
  writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: tiny\nversion: 0.1.0\nappVersion: "1.0"\n');
  writeFileSync(join(dir, 'values.yaml'), 'image: nginx:1.27\ngreeting: hello\n');
  writeFileSync(
    join(dir, 'templates', 'configmap.yaml'),
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-settings\ndata:\n  greeting: {{ .Values.greeting | quote }}\n',
  );
  writeFileSync(
    join(dir, 'templates', 'deployment.yaml'),
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: {{ .Release.Name }}-web',
      'spec:',
      '  replicas: 1',
      '  selector:',
      '    matchLabels: {app: {{ .Release.Name }}-web}',
      '  template:',
      '    metadata:',
      '      labels: {app: {{ .Release.Name }}-web}',
      '    spec:',
      '      containers:',
      '        - name: web',
      '          image: {{ .Values.image | quote }}',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'templates', 'NOTES.txt'), 'Installed {{ .Release.Name }} with {{ .Values.image }}.\n');
  return dir;
}

const release = `tiny-${Date.now().toString(36)}`;

test.afterAll(async () => {
  await run(HELM, ['uninstall', release, '-n', NAMESPACE, '--kubeconfig', kubeconfig, '--kube-context', 'real', '--wait=false']);
  rmSync(scratch, { recursive: true, force: true });
});

test('a release helm installed and upgraded: history, manifest, diff of its revisions and a rollback line helm runs', async ({ page }) => {
  test.setTimeout(120_000);
  const chart = writeChart();
  await helm('install', release, chart);
  await helm('upgrade', release, chart, '--set', 'image=nginx:1.28', '--set', 'greeting=bonjour');

  await page.goto(`/c/real/-/helm?namespace=${NAMESPACE}`);
  const row = page.locator(`[data-testid="helm-release-row"][data-release="${release}"]`);
  await expect(row.locator('td')).toHaveText([release, NAMESPACE, '2', 'deployed', 'tiny-0.1.0', '1.0', /\d+s|\d+m/], { timeout: 20_000 });
  await row.getByRole('link', { name: release }).click();

  const history = page.getByTestId('helm-history-row');
  await expect(history).toHaveCount(2, { timeout: 15_000 });
  await expect(history.locator('td:nth-child(3)')).toHaveText(['deployed', 'superseded']);
  await expect(history.locator('td:nth-child(6)')).toHaveText(['Upgrade complete', 'Install complete']);

  await page.getByRole('navigation', { name: 'Release views' }).getByRole('link', { name: 'Manifest' }).click();
  await expect(page.getByTestId('helm-manifest-object')).toHaveCount(2);
  await expect(page.getByTestId('helm-manifest')).toContainText('image: "nginx:1.28"');
  await page.getByRole('link', { name: `Open Deployment ${release}-web` }).click();
  await expect(page).toHaveURL(new RegExp(`/c/real/apis/apps/v1/namespaces/${NAMESPACE}/deployments/${release}-web$`));
  await expect(page.getByText('nginx:1.28').first()).toBeVisible({ timeout: 15_000 });
  await page.goBack();

  await page.getByRole('navigation', { name: 'Release views' }).getByRole('link', { name: 'Notes' }).click();
  await expect(page.getByTestId('helm-notes')).toHaveText(`Installed ${release} with nginx:1.28.`);

  await page.goto(`/c/real/-/helm/${NAMESPACE}/${release}?view=diff&from=1&to=2`);
  await expect(page.getByTestId('helm-changed-objects').locator('li')).toHaveText([new RegExp(`changed\\s*ConfigMap ${release}-settings`), new RegExp(`changed\\s*Deployment ${release}-web`)], { timeout: 15_000 });
  const diff = page.getByTestId('helm-manifest-diff');
  await expect(diff.locator('.editor.original .view-lines')).toContainText('nginx:1.27', { timeout: 15_000 });
  await expect(diff.locator('.editor.modified .view-lines')).toContainText('nginx:1.28');
  await expect(page.getByTestId('helm-values-diff').locator('.editor.modified .view-lines')).toContainText('greeting: bonjour');
  await page.screenshot({ path: 'test-results/real-modern-helm-diff.png' });

  await page.goto(`/c/real/-/helm/${NAMESPACE}/${release}?view=rollback&to=1`);
  const line = page.getByTestId('helm-rollback-command');
  await expect(line).toHaveText(`helm rollback ${release} 1 -n ${NAMESPACE} --kubeconfig ${kubeconfig} --kube-context real`, { timeout: 15_000 });
  // The line as a shell runs it, with the cached helm as `helm` on the PATH.
  env.PATH = `${dirname(HELM)}:${process.env.PATH ?? ''}`;
  const dryRun = await run('sh', ['-c', `${(await line.textContent()) ?? ''} --dry-run`]);
  expect(dryRun.code, dryRun.stderr).toBe(0);
  expect(await helm('history', release, '-o', 'json')).toMatch(/^\[\{"revision":1,.*\{"revision":2,/);
});
