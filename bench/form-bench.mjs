// The Form view's speed once the kind's schema is cached: the first screen of the form (Form tab clicked -> its
// fields laid out) for a Deployment, a Pod with 10 containers and the demo's deep PowerPlant CRD, and one keystroke
// in a field (input event at the start of a frame -> the draft's YAML edited and stored, the form re-rendered, and
// that frame's style, layout and paint done: the keystroke's cost to the frame that shows it). Measured in Chromium
// on the built app and the embedded demo cluster. Run: npm run build && node bench/form-bench.mjs
import { loadavg } from 'node:os';
import { browserUserAgent, figure, launchChromium, median, percentile, startKubeglass, writeResult } from './lib.mjs';

const RUNS = Number(process.env.FORM_RUNS ?? 7);
const KEYSTROKES = Number(process.env.FORM_KEYSTROKES ?? 40);
const FIRST_SCREEN_LIMIT_MS = 200;
const KEYSTROKE_LIMIT_MS = 16.7;

/** A Pod with 10 containers, each with ports, env and resources (created through the proxy, as the UI would). */
async function createTenContainerPod(url, userAgent) {
  const containers = Array.from({ length: 10 }, (_, i) => ({
    name: `c${i}`,
    image: `registry.example/app-${i}:1.0.${i}`,
    ports: [{ containerPort: 8000 + i, protocol: 'TCP' }],
    env: [
      { name: 'MODE', value: 'bench' },
      { name: 'INDEX', value: String(i) },
    ],
    resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '64Mi' } },
  }));
  const body = { apiVersion: 'v1', kind: 'Pod', metadata: { name: `form-bench-${Date.now()}`, namespace: 'default' }, spec: { containers } };
  const res = await fetch(`${url}/k8s/demo/api/v1/namespaces/default/pods`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`creating the bench pod: ${res.status} ${await res.text()}`);
  return `/c/demo/api/v1/namespaces/default/pods/${body.metadata.name}`;
}

async function firstDeployment(url, userAgent) {
  const res = await fetch(`${url}/k8s/demo/apis/apps/v1/namespaces/demo/deployments?limit=1`, { headers: { Accept: 'application/json', 'User-Agent': userAgent } });
  const item = (await res.json()).items[0];
  return `/c/demo/apis/apps/v1/namespaces/${item.metadata.namespace}/deployments/${item.metadata.name}`;
}

/** Clicks a view tab in the page and resolves with the ms until the form's fields are laid out (or the YAML tab is back). */
function clickTab(page, name) {
  return page.evaluate(
    (tabName) =>
      new Promise((resolve, reject) => {
        const doc = globalThis.document;
        const tab = [...doc.querySelectorAll('[role="tab"]')].find((t) => t.textContent === tabName);
        if (!tab) return reject(new Error(`no ${tabName} tab`));
        const t0 = globalThis.performance.now();
        tab.click();
        const done = () => (tabName === 'Form' ? doc.querySelector('[role="form"] [data-form-field]') !== null : doc.querySelector('[data-testid="monaco-editor"]') !== null);
        const wait = () => {
          if (!done()) return globalThis.requestAnimationFrame(wait);
          // Layout forced, then after the frame is painted.
          void doc.body.offsetHeight;
          globalThis.requestAnimationFrame(() => globalThis.setTimeout(() => resolve(globalThis.performance.now() - t0), 0));
        };
        wait();
      }),
    name,
  );
}

/**
 * Keystrokes into the n-th text box named `field`, each dispatched in a frame's animation callback: the input event,
 * React's update (flushed in the event's microtasks) and the rest of that frame (style, layout, paint) run before
 * the timeout queued after it. Returns ms per keystroke.
 */
function typeInField(page, field, index, count) {
  return page.evaluate(
    async ({ fieldName, nth, keystrokes }) => {
      const doc = globalThis.document;
      const inputs = [...doc.querySelectorAll('[role="form"] input[type="text"]')].filter((i) => i.getAttribute('aria-label') === fieldName);
      const input = inputs[nth];
      if (!input) throw new Error(`no text box ${fieldName}[${nth}]`);
      const setValue = Object.getOwnPropertyDescriptor(globalThis.HTMLInputElement.prototype, 'value').set;
      const original = input.value;
      const samples = [];
      // The first keystroke starts in a frame too (each next one does: it follows the frame awaited below).
      await new Promise((r) => globalThis.requestAnimationFrame(() => r()));
      for (let k = 0; k < keystrokes; k++) {
        const next = k % 2 === 0 ? `${original}${k % 10}` : original;
        const t0 = globalThis.performance.now();
        setValue.call(input, next);
        input.dispatchEvent(new globalThis.Event('input', { bubbles: true }));
        await new Promise((r) => globalThis.setTimeout(r, 0));
        void doc.body.offsetHeight;
        samples.push(globalThis.performance.now() - t0);
        await new Promise((r) => globalThis.requestAnimationFrame(() => r()));
      }
      return samples;
    },
    { fieldName: field, nth: index, keystrokes: count },
  );
}

async function measure(browser, url, target) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}${target.path}?edit=1`);
  await page.getByTestId('monaco-editor').waitFor({ timeout: 60_000 });
  // Run 0 loads and caches the schema (and warms the code): not counted.
  const firstScreen = [];
  for (let run = 0; run <= RUNS; run++) {
    const ms = await clickTab(page, 'Form');
    if (run > 0) firstScreen.push(ms);
    await page.getByRole('form').getByRole('textbox', { name: target.field, exact: true }).nth(target.index).waitFor();
    if (run < RUNS) await clickTab(page, 'YAML');
  }
  const fields = await page.locator('[role="form"] [data-form-field]').count();
  const keystrokes = await typeInField(page, target.field, target.index, KEYSTROKES);
  await context.close();
  return { firstScreen, keystrokes, fields };
}

const userAgent = await browserUserAgent();
const server = await startKubeglass(100);
const browser = await launchChromium();
try {
  const targets = [
    { name: 'Deployment', path: await firstDeployment(server.url, userAgent), field: 'replicas', index: 0 },
    { name: 'Pod with 10 containers', path: await createTenContainerPod(server.url, userAgent), field: 'image', index: 2 },
    { name: 'PowerPlant (deep CRD)', path: '/c/demo/apis/energy.kubeglass.dev/v1/namespaces/demo/powerplants/riverside', field: 'watts', index: 0 },
  ];
  const figures = [];
  const details = {};
  for (const target of targets) {
    const result = await measure(browser, server.url, target);
    details[target.name] = { path: target.path, typedField: `${target.field}[${target.index}]`, fieldsOnScreen: result.fields, firstScreenMs: result.firstScreen, keystrokeMedianMs: median(result.keystrokes), keystrokeMs: result.keystrokes.map((x) => Math.round(x * 100) / 100) };
    console.log(`${target.name}: first screen median ${median(result.firstScreen).toFixed(1)} ms (${result.fields} fields), keystroke p95 ${percentile(result.keystrokes, 0.95).toFixed(2)} ms`);
    figures.push(figure({ figure: `form first screen: ${target.name}`, value: median(result.firstScreen), unit: 'ms', limit: FIRST_SCREEN_LIMIT_MS, target: '<= 200 ms, schema cached' }));
    figures.push(figure({ figure: `form keystroke p95: ${target.name}`, value: percentile(result.keystrokes, 0.95), unit: 'ms', limit: KEYSTROKE_LIMIT_MS, target: '<= 16.7 ms (one frame)' }));
  }
  // The machine's load while measuring: figures taken under load are not the quiet-machine figures.
  writeResult('form-bench', { figures, details: { ...details, runs: RUNS, keystrokes: KEYSTROKES, loadAverage: loadavg() } });
} finally {
  await browser.close();
  await server.stop();
}
