// Object data is text everywhere it is rendered: hostile strings planted in annotations, ConfigMap data, Event
// messages, a container image, status messages, CRD printer columns and schema descriptions, pod log lines and
// Status error messages, then every screen that shows them is checked (payloads.ts says how) and counted.
import { expect, test, type Page } from '@playwright/test';
import { PAYLOADS, expectInert, watchDialogs, type Payload } from './payloads.js';

const base = (): string => test.info().project.use.baseURL ?? '';
const SHOTS = 'test-results/object-data-payloads';
const suffix = Date.now().toString(36);
const POD = `xss-pod-${suffix}`;
const CONFIGMAP = `xss-cm-${suffix}`;
const GROUP = 'reliability.kubeglass.test';
const [IMG, , SVG, , , TEMPLATE] = PAYLOADS as [Payload, Payload, Payload, Payload, Payload, Payload, Payload, Payload];
/** Keys are restricted by the API; the values carry the payloads. */
const byKey = (prefix: string): Record<string, string> => Object.fromEntries(PAYLOADS.map((p, i) => [`${prefix}${i}`, p.text]));

async function send(page: Page, method: 'POST' | 'PATCH', path: string, data: object, contentType = 'application/json'): Promise<void> {
  const r = await page.request.fetch(`${base()}/k8s/demo${path}`, { method, data: JSON.stringify(data), headers: { 'Content-Type': contentType } });
  // A re-run against the same server finds the CRD made.
  if (!(r.status() === 409 && path.includes('customresourcedefinitions'))) expect(r.status(), await r.text()).toBeLessThan(300);
}

async function plant(page: Page): Promise<void> {
  const ns = '/api/v1/namespaces/default';
  await send(page, 'POST', `${ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CONFIGMAP, annotations: byKey('xss.test/a') }, data: byKey('p') });
  await send(page, 'POST', `${ns}/pods`, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: POD, annotations: { ...byKey('xss.test/a'), 'runbook.example/url': PAYLOADS[4]?.text } },
    spec: { containers: [{ name: 'app', image: IMG.text }] },
  });
  // The demo's kubelet marks it Running; then the status carries payloads the way a controller's messages would.
  const pod = async () => (await (await page.request.get(`${base()}/k8s/demo${ns}/pods/${POD}`)).json()) as { metadata: { uid: string }; status?: { phase?: string } };
  await expect.poll(async () => (await pod()).status?.phase).toBe('Running');
  const { uid } = (await pod()).metadata;
  await send(
    page,
    'PATCH',
    `${ns}/pods/${POD}/status`,
    {
      status: {
        message: SVG.text,
        reason: 'Xss',
        conditions: PAYLOADS.map((p, i) => ({ type: `Xss${i}`, status: 'False', reason: 'Planted', message: p.text, lastTransitionTime: new Date().toISOString() })),
      },
    },
    'application/merge-patch+json',
  );
  const now = new Date().toISOString();
  for (const [i, p] of PAYLOADS.entries()) {
    await send(page, 'POST', `${ns}/events`, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${POD}.xss${i}` },
      involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: POD, uid },
      reason: 'Planted',
      message: p.text,
      type: 'Warning',
      source: { component: 'reliability' },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    });
  }
  await send(page, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `xssnotes.${GROUP}` },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { plural: 'xssnotes', singular: 'xssnote', kind: 'XssNote', listKind: 'XssNoteList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          additionalPrinterColumns: [{ name: 'Note', type: 'string', jsonPath: '.spec.note', description: IMG.text }],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              description: SVG.text,
              properties: { spec: { type: 'object', properties: { note: { type: 'string', description: PAYLOADS.map((p) => p.text).join('\n') } } } },
            },
          },
        },
      ],
    },
  });
  await expect.poll(async () => (await page.request.get(`${base()}/k8s/demo/apis/${GROUP}/v1/xssnotes`)).status()).toBe(200);
  for (const [i, p] of PAYLOADS.entries()) {
    await send(page, 'POST', `/apis/${GROUP}/v1/namespaces/default/xssnotes`, { apiVersion: `${GROUP}/v1`, kind: 'XssNote', metadata: { name: `note-${suffix}-${i}` }, spec: { note: p.text } });
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await plant(page);
  await page.close();
});

test('the resource list: printer-column cells of a CRD', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/c/demo/apis/${GROUP}/v1/namespaces/default/xssnotes`);
  const table = page.getByTestId('resource-table');
  await expect(table.locator('tbody tr')).toHaveCount(PAYLOADS.length, { timeout: 15_000 });
  await expect(table.getByRole('columnheader', { name: 'Note' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/crd-list.png` });
  await expectInert(page, 'resource list (CRD printer column)', dialogs);
});

test('the object page: annotations (expanded too), conditions, status message, containers panel, events', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${POD}`);
  await expect(page.getByTestId('object-name')).toHaveText(POD, { timeout: 15_000 });
  await expect(page.getByTestId('container-image')).toContainText(IMG.text);
  const conditions = page.getByTestId('conditions');
  for (const p of PAYLOADS) await expect(conditions).toContainText(p.markers[0] ?? '');
  // Hidden characters are shown as what they are: "invoice[U+202E]gpj.exe" cannot pass for "invoiceexe.jpg".
  await expect(conditions).toContainText('invoice[U+202E]gpj.exe[U+200B][U+2066]');
  const events = page.getByTestId('object-events');
  for (const p of PAYLOADS) await expect(events).toContainText(p.markers[0] ?? '', { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/pod-page.png`, fullPage: true });
  await expectInert(page, 'object page', dialogs);
  // Expanded, the chips hold the whole values (the long one's 30,000 characters) still as text.
  const longChip = page.locator('[data-testid="annotation-chip"][data-key="xss.test/a7"]');
  await expect(longChip).toHaveAttribute('title', PAYLOADS[7]?.text ?? '');
  // Each truncated chip keeps its "more" button in view: clicked as a user would.
  const more = page.getByRole('button', { name: /^Show all of / });
  for (let n = await more.count(); n > 0; n--) await more.first().click();
  await expect(more).toHaveCount(0);
  await expect(longChip).toContainText(PAYLOADS[7]?.text ?? '');
  await page.locator('[data-testid="annotation-chip"]').first().hover();
  await expectInert(page, 'object page, annotations expanded', dialogs);
});

test('the YAML and JSON views and the YAML editor of a ConfigMap whose data and annotations are payloads', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/c/demo/api/v1/namespaces/default/configmaps/${CONFIGMAP}`);
  await expect(page.getByTestId('object-yaml')).toContainText(IMG.markers[1] ?? '', { timeout: 15_000 });
  await expectInert(page, 'object YAML view', dialogs);
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByTestId('object-json')).toContainText(IMG.markers[1] ?? '');
  await expectInert(page, 'object JSON view', dialogs);

  await page.goto(`/c/demo/api/v1/namespaces/default/configmaps/${CONFIGMAP}?edit=1`);
  const editor = page.getByTestId('monaco-editor');
  await expect(editor.locator('.view-lines')).toContainText('p7:', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/yaml-editor.png` });
  await expectInert(page, 'YAML editor', dialogs);
});

test('the request console: the object request, its response body and its curl and kubectl lines', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${POD}`);
  await expect(page.getByTestId('object-name')).toHaveText(POD, { timeout: 15_000 });
  await page.getByTestId('requests-button').click();
  const requests = page.getByRole('dialog', { name: 'API requests' });
  await requests.getByRole('combobox', { name: 'Method' }).selectOption('GET');
  await requests.getByRole('textbox', { name: 'Filter requests' }).fill(`pods/${POD}`);
  await requests.getByTestId('request-row').last().click();
  await expect(requests.getByTestId('response-body')).toContainText(IMG.markers[1] ?? '');
  await expect(requests.getByTestId('request-curl')).toContainText(`pods/${POD}`);
  await requests.screenshot({ path: `${SHOTS}/request-console.png` });
  await expectInert(page, 'request console', dialogs);
});

test('Explain: a CRD whose schema descriptions are payloads', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`/c/demo/-/explain?resource=xssnotes.${GROUP}&field=spec.note`);
  const description = page.getByTestId('explain-field-description').first();
  await expect(description).toContainText(IMG.markers[1] ?? '', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/explain.png` });
  await expectInert(page, 'Explain', dialogs);
});

test('the log view: payload lines (one wrapped in ANSI colors), searched and highlighted', async ({ page }) => {
  const dialogs = watchDialogs(page);
  const lines = PAYLOADS.map((p, i) => `2026-11-24T12:00:0${i}.000000001Z ${i === 0 ? `\u001b[31m${p.text}\u001b[0m` : p.text}`);
  // The demo writes its own lines: the pod's log answer is replaced as a container's output would be.
  await page.route(new RegExp(`/k8s/demo/api/v1/namespaces/default/pods/${POD}/log\\?`), (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: `${lines.join('\n')}\n` }),
  );
  await page.goto(`/c/demo/api/v1/namespaces/default/pods/${POD}/log`);
  await expect(page.getByTestId('log-line')).toHaveCount(PAYLOADS.length, { timeout: 15_000 });
  await expectInert(page, 'log view', dialogs);
  await page.getByTestId('log-search').fill('<img src=x');
  await expect(page.getByTestId('log-match-count')).toContainText('2');
  await page.screenshot({ path: `${SHOTS}/log-view.png` });
  await expectInert(page, 'log view, searched', dialogs);
});

test('an error panel: the NotFound Status of objects named with payloads', async ({ page }) => {
  const dialogs = watchDialogs(page);
  // Names the API never allows to exist, but a URL can ask for them and the Status echoes them back.
  for (const p of [IMG, SVG, TEMPLATE]) {
    await page.goto(`/c/demo/api/v1/namespaces/default/configmaps/${encodeURIComponent(p.text)}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('404', { timeout: 15_000 });
    await expect(alert).toContainText(p.markers.at(-1) ?? '');
    if (p === IMG) await page.screenshot({ path: `${SHOTS}/error-panel.png` });
    await expectInert(page, 'error panel', dialogs, [p]);
  }
});
