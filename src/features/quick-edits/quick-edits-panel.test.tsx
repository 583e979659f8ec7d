// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { readFixture, readJsonFixture } from '../../testing/fixtures';
import { textareaEditors } from '../../testing/textarea-editors';
import { QuickEditsPanel } from './quick-edits-panel';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';

const CM_PATH = '/api/v1/namespaces/default/configmaps/c1';
const DEPLOY_PATH = '/apis/apps/v1/namespaces/fx/deployments/web';

// Generous: the machine is shared, and the first preview parses the recorded OpenAPI document.
const SLOW = { timeout: 5000 };

function configMap(): KubeObject {
  return {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: '7', labels: { app: 'web', tier: 'front' }, annotations: { note: 'hello' } },
    data: { a: 'one' },
  };
}

interface SentPatch {
  path: string;
  dryRun: boolean;
  contentType: string;
  body: unknown;
}

let patches: SentPatch[];
let scaleGets: number;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// A tiny apiserver: 1.20.2 discovery and OpenAPI from the recorded fixtures, the Scale, and PATCHes answered with the object as it was.
function handle(url: string, init: RequestInit | undefined, objects: Record<string, KubeObject>): Response {
  const review = accessReviewResponse(url, init, denied);
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  const path = parsed.pathname.replace(/^\/k8s\/demo/, '');
  const method = init?.method ?? 'GET';
  if (method === 'PATCH') {
    const contentType = new Headers(init?.headers).get('content-type') ?? '';
    patches.push({ path, dryRun: parsed.searchParams.get('dryRun') === 'All', contentType, body: JSON.parse(String(init?.body)) });
    const target = objects[path];
    return target ? json(target) : json({ kind: 'Status', code: 404, reason: 'NotFound', message: 'not found' }, 404);
  }
  if (path === '/openapi/v2') return new Response(readFixture('openapi-v2.json'), { headers: { 'content-type': 'application/json' } });
  if (path === '/api' || path === '/apis' || /^\/apis?\/[^/]+(\/[^/]+)?$/.test(path)) {
    try {
      return new Response(readFixture(`discovery/${path.slice(1).split('/').join('__')}.json`), { headers: { 'content-type': 'application/json' } });
    } catch {
      // Not a discovery document: fall through to objects.
    }
  }
  // A Deployment's rollout history lists its namespace's ReplicaSets: none here.
  if (path.endsWith('/replicasets')) return json({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '1' }, columnDefinitions: [], rows: [] });
  if (path.endsWith('/scale')) scaleGets++;
  const object = objects[path];
  return object ? json(object) : json({ kind: 'Status', code: 404, reason: 'NotFound', message: `${path} not found` }, 404);
}

async function renderPanel(apiPath: string, object: KubeObject, extra: Record<string, KubeObject> = {}) {
  const objects = { [apiPath]: object, ...extra };
  vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => Promise.resolve(handle(url, init, objects))));
  const ui = (live: KubeObject) => <QuickEditsPanel context="demo" apiPath={apiPath} object={live} editors={textareaEditors} />;
  const { rerender } = renderInProviders(ui(object));
  await accessSettled();
  return { rerender: (live: KubeObject) => rerender(ui(live)) };
}

/** Waits for the dry run, checks it, then applies: returns the dry-run PATCH and the applied one. */
async function dryRunAndApply(): Promise<[SentPatch, SentPatch]> {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('dry-run-ok', {}, SLOW);
  const dry = patches.at(-1)!;
  expect(dry.dryRun).toBe(true);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
  const applied = patches.at(-1)!;
  expect(applied.dryRun).toBe(false);
  expect(applied.body).toEqual(dry.body);
  return [dry, applied];
}

let denied: (a: { verb?: string; subresource?: string }) => boolean;

beforeEach(() => {
  denied = () => false;
  patches = [];
  scaleGets = 0;
});

cleanUpAfterEach();

describe('labels and annotations', () => {
  it('removes a label with a merge patch guarded by the resourceVersion, in a modal dialog named by the change', async () => {
    await renderPanel(CM_PATH, configMap());
    const remove = screen.getByRole('button', { name: 'Remove label tier' });
    remove.focus();
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove label tier from ConfigMap c1' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    const [dry] = await dryRunAndApply();
    expect(dry).toMatchObject({ path: CM_PATH, contentType: 'application/merge-patch+json', body: { metadata: { labels: { tier: null }, resourceVersion: '7' } } });
    expect(screen.getByTestId('quick-edit-applied').textContent).toContain('Applied: Remove label tier from ConfigMap c1');
    expect(document.activeElement).toBe(remove);
  });

  it('refuses an invalid key inline, sends nothing and keeps the typed text', async () => {
    await renderPanel(CM_PATH, configMap());
    const key = screen.getByLabelText<HTMLInputElement>('Label key');
    fireEvent.change(key, { target: { value: 'bad key' } });
    fireEvent.change(screen.getByLabelText('Label value'), { target: { value: '-x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([expect.stringContaining('Key: name part must consist of letters'), expect.stringContaining('Value: must be empty or consist of letters')]);
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(key.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(key.getAttribute('aria-describedby')!)?.textContent).toContain('name part');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(key.value).toBe('bad key');

    fireEvent.change(key, { target: { value: 'example.com/bad key' } });
    expect(screen.getAllByRole('alert')[0]?.textContent).toContain('Key: name part must consist');
    fireEvent.change(key, { target: { value: 'example.com/tier' } });
    fireEvent.change(screen.getByLabelText('Label value'), { target: { value: 'x' } });
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(patches).toEqual([]);
  });

  it('adds a label; Escape closes the preview keeping the form, Apply clears it', async () => {
    await renderPanel(CM_PATH, configMap());
    const key = screen.getByLabelText<HTMLInputElement>('Label key');
    fireEvent.change(key, { target: { value: 'example.com/release' } });
    fireEvent.change(screen.getByLabelText('Label value'), { target: { value: 'v2' } });
    const add = screen.getByRole('button', { name: 'Add label' });
    add.focus();
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add label example.com/release=v2 to ConfigMap c1' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
    expect(key.value).toBe('example.com/release');

    fireEvent.click(add);
    const [dry] = await dryRunAndApply();
    expect(dry.body).toEqual({ metadata: { labels: { 'example.com/release': 'v2' }, resourceVersion: '7' } });
    expect(key.value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Label value').value).toBe('');
  });

  it('a key that exists changes its value; the same value is refused', async () => {
    await renderPanel(CM_PATH, configMap());
    fireEvent.change(screen.getByLabelText('Label key'), { target: { value: 'app' } });
    fireEvent.change(screen.getByLabelText('Label value'), { target: { value: 'web' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change label' }));
    expect(screen.getByRole('alert').textContent).toBe('Key: label app already has this value');
    fireEvent.change(screen.getByLabelText('Label value'), { target: { value: 'api' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change label' }));
    expect(await screen.findByRole('dialog', { name: 'Change label app to api on ConfigMap c1' })).toBeTruthy();
  });

  it('edits a chip value in place; Cancel in the preview keeps the edit', async () => {
    await renderPanel(CM_PATH, configMap());
    fireEvent.click(screen.getByRole('button', { name: 'Edit annotation note' }));
    const value = screen.getByLabelText<HTMLTextAreaElement>('Value of annotation note');
    expect(value.value).toBe('hello');
    fireEvent.change(value, { target: { value: 'line one\nline two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change annotation note to line one\nline two on ConfigMap c1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Value of annotation note').value).toBe('line one\nline two');

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const [dry] = await dryRunAndApply();
    expect(dry.body).toEqual({ metadata: { annotations: { note: 'line one\nline two' }, resourceVersion: '7' } });
    expect(screen.queryByLabelText('Value of annotation note')).toBeNull();
  });

  it('an invalid label value typed into a chip is refused inline', async () => {
    await renderPanel(CM_PATH, configMap());
    fireEvent.click(screen.getByRole('button', { name: 'Edit label app' }));
    fireEvent.change(screen.getByLabelText('Value of label app'), { target: { value: 'has space' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert').textContent).toContain('Value: must be empty or consist of letters');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no replicas, images, suspend or cordon for a ConfigMap', async () => {
    await renderPanel(CM_PATH, configMap());
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).endsWith('/apis/apps/v1'))).toBe(true), SLOW);
    expect(screen.queryByLabelText('Replicas')).toBeNull();
    expect(screen.queryByText('Container images')).toBeNull();
    expect(screen.queryByRole('button', { name: /Suspend|Resume|Cordon|Uncordon/ })).toBeNull();
  });

  it('renders nothing for a subresource path', async () => {
    await renderPanel(`${CM_PATH}/status`, configMap());
    expect(screen.queryByTestId('quick-edits')).toBeNull();
  });
});

describe('replicas', () => {
  const deployment = () => readJsonFixture<KubeObject>('objects/apis__apps__v1__namespaces__fx__deployments__web.json');
  const scale = (replicas: number) => ({
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: 'web', namespace: 'fx', resourceVersion: deployment().metadata.resourceVersion },
    spec: { replicas },
    status: { replicas, selector: 'app=web' },
  });

  it('scales through the /scale subresource that discovery lists, with a merge patch', async () => {
    await renderPanel(DEPLOY_PATH, deployment(), { [`${DEPLOY_PATH}/scale`]: scale(2) });
    const input = await screen.findByLabelText<HTMLInputElement>('Replicas', {}, SLOW);
    await accessSettled();
    expect(input.value).toBe('2');
    expect(screen.getByTestId('replicas-status').textContent).toBe('desired 2 · current 2');
    expect(screen.getByRole('button', { name: 'Scale' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'More replicas' }));
    fireEvent.click(screen.getByRole('button', { name: 'More replicas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer replicas' }));
    expect(input.value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Scale' }));
    await screen.findByRole('dialog', { name: 'Scale Deployment web to 3 replicas' });
    const [dry] = await dryRunAndApply();
    expect(dry).toMatchObject({
      path: `${DEPLOY_PATH}/scale`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { resourceVersion: deployment().metadata.resourceVersion }, spec: { replicas: 3 } },
    });
    expect(scaleGets).toBe(1);
    expect(input.value).toBe('2');
  });

  it('refuses a count that is not a whole number of 0 or more, keeping it', async () => {
    await renderPanel(DEPLOY_PATH, deployment(), { [`${DEPLOY_PATH}/scale`]: scale(0) });
    const input = await screen.findByLabelText<HTMLInputElement>('Replicas', {}, SLOW);
    await accessSettled();
    expect(screen.getByRole('button', { name: 'Fewer replicas' })).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '-1' } });
    expect(screen.getByRole('alert').textContent).toBe('Replicas must be a whole number of 0 or more');
    fireEvent.click(screen.getByRole('button', { name: 'Scale' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input.value).toBe('-1');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input.value).toBe('0');
  });

  it('shows the Status when the Scale cannot be read', async () => {
    await renderPanel(DEPLOY_PATH, deployment());
    expect((await screen.findByTestId('scale-error', {}, SLOW)).textContent).toContain('Getting the scale subresource');
  });

  describe('permissions', () => {
    it('a user who may not patch the object sees every quick edit disabled with the reason', async () => {
      denied = (a) => a.verb === 'patch';
      await renderPanel(DEPLOY_PATH, deployment(), { [`${DEPLOY_PATH}/scale`]: scale(2) });
      await screen.findByLabelText<HTMLInputElement>('Replicas', {}, SLOW);
      await accessSettled();
      expect(screen.getByTestId('quick-edits-access').textContent).toBe('You may not patch deployments.apps "web" in namespace fx.');
      for (const id of ['quick-edits-metadata', 'quick-edits-replicas', 'quick-edits-spec']) {
        expect(screen.getByTestId(id)).toHaveProperty('disabled', true);
      }
      // The fieldset disables every control inside it, as a browser sees them (:disabled).
      for (const name of ['Add label', 'More replicas']) expect(screen.getByRole('button', { name }).matches(':disabled')).toBe(true);
      expect(screen.getByLabelText<HTMLInputElement>('Replicas').matches(':disabled')).toBe(true);
    });

    it('scale alone can be refused: the rest stays enabled', async () => {
      denied = (a) => a.subresource === 'scale';
      await renderPanel(DEPLOY_PATH, deployment(), { [`${DEPLOY_PATH}/scale`]: scale(2) });
      await screen.findByLabelText<HTMLInputElement>('Replicas', {}, SLOW);
      await accessSettled();
      expect(screen.getByTestId('quick-edits-replicas')).toHaveProperty('disabled', true);
      expect(screen.getByTestId('scale-access').textContent).toBe('You may not patch deployments.apps/scale "web" in namespace fx.');
      expect(screen.getByTestId('quick-edits-metadata')).toHaveProperty('disabled', false);
    });
  });
});

describe('container images', () => {
  it('sets one container image with a strategic merge patch keyed by name', async () => {
    const live = readJsonFixture<KubeObject>('objects/apis__apps__v1__namespaces__fx__deployments__web.json');
    await renderPanel(DEPLOY_PATH, live, { [`${DEPLOY_PATH}/scale`]: { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: 'web' }, spec: { replicas: 2 } } });
    const image = screen.getByLabelText<HTMLInputElement>('Image of container nginx');
    expect(image.value).toBe('nginx:1.27');
    fireEvent.change(image, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set image of container nginx' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an image');
    fireEvent.change(image, { target: { value: 'nginx:1.28' } });
    expect(screen.getByText('was nginx:1.27')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set image of container nginx' }));
    await screen.findByRole('dialog', { name: 'Set image of container nginx in Deployment web to nginx:1.28' });
    const [dry] = await dryRunAndApply();
    expect(dry).toMatchObject({
      path: DEPLOY_PATH,
      contentType: 'application/strategic-merge-patch+json',
      body: {
        metadata: { resourceVersion: live.metadata.resourceVersion },
        spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'nginx' }], containers: [{ name: 'nginx', image: 'nginx:1.28' }] } } },
      },
    });
  });

  it("shows a Job's images read-only with the reason", async () => {
    const job: KubeObject = {
      kind: 'Job',
      apiVersion: 'batch/v1',
      metadata: { name: 'migrate', namespace: 'default', resourceVersion: '4' },
      spec: { template: { spec: { containers: [{ name: 'm', image: 'tool:1' }] } } },
    };
    await renderPanel('/apis/batch/v1/namespaces/default/jobs/migrate', job);
    expect(screen.getByText("A Job's pod template cannot change after it is created.")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Image of container m').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /Set image/ })).toBeNull();
  });
});

describe('suspend and cordon', () => {
  it('suspends a CronJob', async () => {
    const path = '/apis/batch/v1beta1/namespaces/default/cronjobs/nightly';
    const cronJob: KubeObject = {
      kind: 'CronJob',
      apiVersion: 'batch/v1beta1',
      metadata: { name: 'nightly', namespace: 'default', resourceVersion: '3' },
      spec: { schedule: '0 1 * * *', suspend: false, jobTemplate: { spec: { template: { spec: { containers: [{ name: 'r', image: 'report:1' }] } } } } },
    };
    await renderPanel(path, cronJob);
    expect(screen.getByTestId('cronjob-state').textContent).toBe('Active');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    await screen.findByRole('dialog', { name: 'Suspend CronJob nightly' });
    const [dry] = await dryRunAndApply();
    expect(dry).toMatchObject({ path, contentType: 'application/merge-patch+json', body: { metadata: { resourceVersion: '3' }, spec: { suspend: true } } });
  });

  it('cordons and uncordons a Node', async () => {
    const path = '/api/v1/nodes/node-a';
    const node = (unschedulable?: boolean): KubeObject => ({
      kind: 'Node',
      apiVersion: 'v1',
      metadata: { name: 'node-a', resourceVersion: '5' },
      spec: unschedulable ? { podCIDR: '10.0.0.0/24', unschedulable } : { podCIDR: '10.0.0.0/24' },
    });
    await renderPanel(path, node());
    expect(screen.getByTestId('node-scheduling').textContent).toBe('Schedulable');
    fireEvent.click(screen.getByRole('button', { name: 'Cordon' }));
    await screen.findByRole('dialog', { name: 'Cordon Node node-a' });
    const [cordon] = await dryRunAndApply();
    expect(cordon).toMatchObject({ path, contentType: 'application/merge-patch+json', body: { metadata: { resourceVersion: '5' }, spec: { unschedulable: true } } });

    cleanup();
    patches = [];
    await renderPanel(path, node(true));
    expect(screen.getByTestId('node-scheduling').textContent).toBe('SchedulingDisabled');
    fireEvent.click(screen.getByRole('button', { name: 'Uncordon' }));
    const [uncordon] = await dryRunAndApply();
    expect(uncordon.body).toEqual({ metadata: { resourceVersion: '5' }, spec: { unschedulable: null } });
  });
});

describe('the dialog', () => {
  it('keeps Tab inside and returns focus to the section when the opener is gone', async () => {
    const { rerender } = await renderPanel(CM_PATH, configMap());
    const remove = screen.getByRole('button', { name: 'Remove label tier' });
    remove.focus();
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('dry-run-ok', {}, SLOW);
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), textarea:not([disabled])')];
    const first = focusable[0]!;
    const last = focusable.at(-1)!;
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    // Someone else removed the label meanwhile: the chip that opened the dialog is gone.
    const live = configMap();
    live.metadata.labels = { app: 'web' };
    rerender(live);
    expect(screen.queryByRole('button', { name: 'Remove label tier' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByTestId('quick-edits'));
  });
});
