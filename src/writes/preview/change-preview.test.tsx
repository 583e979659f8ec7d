// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { readFixture, readJsonFixture } from '../../testing/fixtures';
import { textareaEditors } from '../../testing/textarea-editors';
import { ChangePreview } from './change-preview';
import type { ChangeRequest } from './change-request';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';

const DEPLOYMENT_PATH = '/apis/apps/v1/namespaces/fx/deployments/web';
const WIDGET_PATH = '/apis/fx.example.com/v1/namespaces/fx/widgets/w1';

interface Sent {
  url: URL;
  method: string;
  contentType: string | null;
  body: string;
}

type Container = Record<string, unknown>;
const containersOf = (o: KubeObject) => (o.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers;

let latest: KubeObject;
let sent: Sent[];
/** What the fake apiserver answers to the next PATCHes, in order; when empty, `answer` with a Warning header. */
let failures: Array<{ status: number; body: string }>;
let answer: KubeObject;
let pending: Array<() => void>;
let holdPatches: boolean;
/** Runs before each GET of the object answers: a server that keeps moving on. */
let beforeGet: (() => void) | null;

function json(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
}

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init);
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  const method = init?.method ?? 'GET';
  if (parsed.pathname === '/k8s/demo/openapi/v2') return json(readFixture('openapi-v2.json'));
  if (parsed.pathname.startsWith('/k8s/demo/openapi')) return json('{}', 404);
  if (method === 'GET' && (parsed.pathname === `/k8s/demo${DEPLOYMENT_PATH}` || parsed.pathname === `/k8s/demo${WIDGET_PATH}`)) {
    beforeGet?.();
    return json(JSON.stringify(latest));
  }
  if (method === 'PATCH') {
    const headers = new Headers(init?.headers);
    sent.push({ url: parsed, method, contentType: headers.get('content-type'), body: String(init?.body) });
    const failure = failures.shift();
    if (failure) return json(failure.body, failure.status);
    return json(JSON.stringify(answer), 200, { warning: '299 - "spec.template.spec.containers[1].image: no tag, latest assumed"' });
  }
  return json(readFixture('errors/404-not-found.json'), 404);
}

function deployment(): KubeObject {
  return readJsonFixture<KubeObject>('objects/apis__apps__v1__namespaces__fx__deployments__web.json');
}

/** The user's change: a new env var on nginx and a sidecar without the fields the server defaults. */
function edited(base: KubeObject): KubeObject {
  const modified = structuredClone(base);
  const containers = containersOf(modified);
  containers[0]!.env = [{ name: 'MODE', value: 'preview' }];
  containers.push({ name: 'sidecar', image: 'busybox' });
  return modified;
}

function defaulted(modified: KubeObject): KubeObject {
  const result = structuredClone(modified);
  Object.assign(containersOf(result)[1]!, { terminationMessagePath: '/dev/termination-log', imagePullPolicy: 'Always' });
  return result;
}

async function renderPreview(change: ChangeRequest) {
  const onApplied = vi.fn();
  const onCancel = vi.fn();
  // The kind's schema is server data: read through a query.
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChangePreview context="demo" change={change} editors={textareaEditors} onApplied={onApplied} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  await accessSettled();
  return { onApplied, onCancel };
}

const applyButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Apply' });
const patchBody = () => screen.getByLabelText('Patch body').textContent ?? '';
const pick = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const patches = () => sent.filter((s) => s.method === 'PATCH');

beforeEach(() => {
  latest = deployment();
  sent = [];
  failures = [];
  pending = [];
  holdPatches = false;
  beforeGet = null;
  answer = defaulted(edited(latest));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (holdPatches && init?.method === 'PATCH') await new Promise<void>((resolve) => pending.push(resolve));
      return handle(url, init);
    }),
  );
});

cleanUpAfterEach();

describe('ChangePreview', () => {
  it('previews a strategic merge patch of a Deployment with dryRun=All, lists what the server added, and applies the same request', async () => {
    const base = deployment();
    const { onApplied } = await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web' });

    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Strategic merge patch' }).checked).toBe(true);
    expect(await screen.findByTestId('dry-run-ok')).toBeTruthy();
    const body = JSON.parse(patchBody()) as { metadata: { resourceVersion: string }; spec: unknown };
    expect(body.metadata.resourceVersion).toBe('333');
    expect(patchBody()).toContain('"$setElementOrder/containers"');
    expect(patchBody()).toContain('"MODE"');

    const dry = patches()[0]!;
    expect(dry.contentType).toBe('application/strategic-merge-patch+json');
    expect(dry.url.searchParams.get('dryRun')).toBe('All');
    expect(dry.url.searchParams.get('fieldManager')).toBe('kubeglass');
    expect(screen.getByTestId('server-set-paths').textContent).toContain('spec.template.spec.containers[1].terminationMessagePath');
    expect(screen.getByTestId('server-set-paths').textContent).toContain('spec.template.spec.containers[1].imagePullPolicy');
    expect(screen.getByTestId('server-set-paths').textContent).not.toContain('env');
    expect(screen.getByTestId('dry-run-warnings').textContent).toContain('no tag, latest assumed');

    const right = screen.getByLabelText<HTMLTextAreaElement>(/^Dry run of the Strategic merge patch: live object \(left\) and the server's answer \(right\)$/);
    expect(right.value).toContain('terminationMessagePath: /dev/termination-log');
    expect(right.value).not.toContain('managedFields');
    fireEvent.click(screen.getByRole('button', { name: 'Show managed fields' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>(/\(right\)$/).value).toContain('managedFields');

    const applied = { ...answer, metadata: { ...answer.metadata, resourceVersion: '334' } };
    answer = applied;
    fireEvent.click(applyButton());
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(onApplied).toHaveBeenCalledWith(applied, ['spec.template.spec.containers[1].image: no tag, latest assumed']);
    const real = patches()[1]!;
    expect(real.url.searchParams.get('dryRun')).toBeNull();
    expect(real.body).toBe(dry.body);
    expect(real.contentType).toBe(dry.contentType);
  });

  it('builds each patch type on request; Apply waits for the dry run of the type shown', async () => {
    const base = deployment();
    await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web', patchKind: 'json' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'JSON patch' }).checked).toBe(true);
    await screen.findByTestId('dry-run-ok');
    const ops = JSON.parse(patchBody()) as Array<{ op: string; path: string; value?: unknown }>;
    expect(ops[0]).toEqual({ op: 'test', path: '/metadata/resourceVersion', value: '333' });
    expect(ops.map((o) => o.op)).toContain('add');
    expect(patches()[0]!.contentType).toBe('application/json-patch+json');

    holdPatches = true;
    pick('JSON merge patch');
    expect(await screen.findByTestId('dry-run-running')).toBeTruthy();
    expect(applyButton().disabled).toBe(true);
    expect(JSON.parse(patchBody())).toMatchObject({ metadata: { resourceVersion: '333' } });
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!();
    await screen.findByTestId('dry-run-ok');
    expect(applyButton().disabled).toBe(false);
    expect(patches().at(-1)!.contentType).toBe('application/merge-patch+json');

    holdPatches = false;
    pick('Server-side apply');
    await waitFor(() => expect(patches().at(-1)!.contentType).toBe('application/apply-patch+yaml'));
    expect(patchBody()).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\nmetadata:/);
    expect(patchBody()).not.toContain('resourceVersion');
    expect(patchBody()).not.toContain('managedFields');
  });

  it('offers no strategic merge patch for a custom resource, and says why', async () => {
    const base = readJsonFixture<KubeObject>('objects/apis__fx.example.com__v1__namespaces__fx__widgets__w1.json');
    latest = base;
    const modified = structuredClone(base);
    (modified.spec as Record<string, unknown>).size = 5;
    answer = modified;
    await renderPreview({ apiPath: WIDGET_PATH, original: base, modified, title: 'Edit widget w1', patchKind: 'strategic' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Strategic merge patch' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'JSON merge patch' }).checked).toBe(true);
    expect(screen.getByTestId('unavailable-strategic').textContent).toContain('415');
    await screen.findByTestId('dry-run-ok');
    expect(patches().every((p) => p.contentType === 'application/merge-patch+json')).toBe(true);
  });

  it('says when there is nothing to apply and sends nothing', async () => {
    const base = deployment();
    await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: structuredClone(base), title: 'Edit deployment web' });
    expect(screen.getByTestId('no-changes')).toBeTruthy();
    expect(applyButton().disabled).toBe(true);
    // A merge patch needs no schema: a change would be sent (dry run) in the very commit that picks it.
    pick('JSON merge patch');
    expect(screen.getByTestId('no-changes')).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('turns a failed JSON-patch test into "changed on the server" and rebases the change onto the latest', async () => {
    const base = deployment();
    latest = structuredClone(base);
    latest.metadata.resourceVersion = '340';
    (latest.metadata.labels as Record<string, string>).tier = 'frontend';
    containersOf(latest)[0]!.image = 'nginx:1.28';
    failures.push({ status: 422, body: readFixture('errors/422-json-patch-test-failed.json') });
    const modified = edited(base);
    containersOf(modified)[0]!.image = 'nginx:1.29';
    await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified, title: 'Edit deployment web', patchKind: 'json' });

    const stale = await screen.findByTestId('stale');
    expect(stale.textContent).toContain('resourceVersion 333, now 340');
    expect(within(stale).getByTestId('stale-paths').textContent).toContain('metadata.labels.tier');
    expect(within(stale).getByTestId('error-code').textContent).toBe('422');
    expect(applyButton().disabled).toBe(true);

    fireEvent.click(within(stale).getByRole('button', { name: 'Preview against the latest' }));
    await screen.findByTestId('dry-run-ok');
    const ops = JSON.parse(patchBody()) as Array<{ op: string; path: string; value?: unknown }>;
    expect(ops[0]).toEqual({ op: 'test', path: '/metadata/resourceVersion', value: '340' });
    expect(ops).toContainEqual({ op: 'replace', path: '/spec/template/spec/containers/0/image', value: 'nginx:1.29' });
    expect(ops.some((o) => o.path.includes('tier'))).toBe(false);
    expect(screen.getByTestId('rebased').textContent).toContain('resourceVersion 340, was 333');
    expect(screen.getByTestId('rebased-overlap-paths').textContent).toContain('image');
  });

  it('lists server-side apply conflicts by manager and field, and forces only after confirmation', async () => {
    const base = deployment();
    const modified = edited(base);
    (modified.spec as { replicas: number }).replicas = 5;
    failures.push({ status: 409, body: readFixture('errors/409-apply-conflict.json') });
    const { onApplied } = await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified, title: 'Edit deployment web', patchKind: 'apply' });

    expect(screen.getByTestId('other-owners').textContent).toContain('spec.replicas (kubectl-client-side-apply, Update)');
    const conflicts = await screen.findByTestId('apply-conflicts');
    const row = within(conflicts).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['kubectl-client-side-apply', 'Update (apps/v1)', 'spec.replicas']);
    expect(applyButton().disabled).toBe(true);
    expect(patches()).toHaveLength(1);

    fireEvent.click(within(conflicts).getByRole('button', { name: 'Force apply…' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('Take these fields from kubectl-client-side-apply?');
    expect(patches()).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Dry run with force' }));
    await screen.findByTestId('dry-run-ok');
    expect(screen.getByTestId('forcing')).toBeTruthy();
    expect(patches()[1]!.url.searchParams.get('force')).toBe('true');
    expect(patches()[1]!.url.searchParams.get('dryRun')).toBe('All');

    fireEvent.click(applyButton());
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(patches()[2]!.url.searchParams.get('force')).toBe('true');
    expect(patches()[2]!.url.searchParams.get('dryRun')).toBeNull();
  });

  it('shows a failed Apply as its full Status and keeps the change for another try', async () => {
    const base = deployment();
    const { onApplied } = await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web', patchKind: 'merge' });
    await screen.findByTestId('dry-run-ok');
    failures.push({ status: 422, body: readFixture('errors/422-invalid-deployment.json') });
    fireEvent.click(applyButton());
    const error = await screen.findByTestId('preview-error');
    expect(within(error).getByTestId('error-reason').textContent).toBe('Invalid');
    expect(within(error).getByTestId('error-causes').textContent).toContain('spec.replicas');
    expect(onApplied).not.toHaveBeenCalled();
    expect(patchBody()).toContain('"MODE"');
    expect(applyButton().disabled).toBe(false);
    fireEvent.click(applyButton());
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
  });
});

describe('ChangePreview patch sides', () => {
  it('patches only what the user changed: no managedFields, status or metadata the server owns', async () => {
    const base = deployment();
    base.status = { replicas: 2 };
    const modified = structuredClone(base);
    delete modified.metadata.managedFields;
    delete modified.metadata.uid;
    delete modified.status;
    (modified.metadata.labels as Record<string, string>).tier = 'web';
    await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified, title: 'Label deployment web', patchKind: 'merge' });
    await screen.findByTestId('dry-run-ok');
    expect(JSON.parse(patchBody())).toEqual({ metadata: { labels: { tier: 'web' }, resourceVersion: '333' } });
    pick('JSON patch');
    await waitFor(() => expect(patches().at(-1)!.contentType).toBe('application/json-patch+json'));
    expect(JSON.parse(patchBody())).toEqual([
      { op: 'test', path: '/metadata/resourceVersion', value: '333' },
      { op: 'add', path: '/metadata/labels/tier', value: 'web' },
    ]);
  });
});

describe('ChangePreview dry run again', () => {
  it('sends the same dry run again on request and shows the newer answer', async () => {
    const base = deployment();
    const { onCancel } = await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web', patchKind: 'merge' });
    await screen.findByTestId('dry-run-ok');
    expect(screen.queryByTestId('dry-run-warnings')).toBeTruthy();
    answer = { ...answer, metadata: { ...answer.metadata, annotations: { 'webhook.example.com/injected': 'yes' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Dry run again' }));
    await waitFor(() => expect(screen.getByTestId('server-set-paths').textContent).toContain('metadata.annotations'));
    expect(patches()).toHaveLength(2);
    expect(patches()[1]!.body).toBe(patches()[0]!.body);
    expect(patches()[1]!.url.searchParams.get('dryRun')).toBe('All');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('ChangePreview over status-only changes', () => {
  const conflict = () => ({ status: 409, body: readFixture('errors/409-conflict-put.json') });
  /** The server moved on with only status (a controller at work): a newer resourceVersion, nothing the user edits. */
  function statusMoved(to: string) {
    latest = structuredClone(latest);
    latest.metadata.resourceVersion = to;
    latest.status = { observedGeneration: Number(to), replicas: 1 };
  }
  const sentVersion = (s: Sent) => (JSON.parse(s.body) as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
  const withoutVersion = (s: Sent) => s.body.replace(/"resourceVersion":"\d+"/, '');

  it('sends the dry run and the Apply again over a newer resourceVersion by itself, and says so', async () => {
    const base = deployment();
    statusMoved('340');
    failures.push(conflict());
    const { onApplied } = await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web', patchKind: 'merge' });
    await screen.findByTestId('dry-run-ok');
    expect(screen.queryByTestId('stale')).toBeNull();
    expect(screen.getByTestId('rebased').textContent).toContain('resourceVersion 340, was 333');
    expect(screen.getByTestId('rebased-server-owned')).toBeTruthy();
    expect(JSON.parse(patchBody())).toMatchObject({ metadata: { resourceVersion: '340' } });

    statusMoved('345');
    failures.push(conflict());
    fireEvent.click(applyButton());
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(patches().map(sentVersion)).toEqual(['333', '340', '340', '345']);
    expect(patches().map((p) => p.url.searchParams.get('dryRun'))).toEqual(['All', 'All', null, null]);
    expect(new Set(patches().map(withoutVersion)).size).toBe(1);
    expect(screen.queryByTestId('stale')).toBeNull();
  });

  it('stops after three tries in a row and shows the conflict, the change kept', async () => {
    const base = deployment();
    const { onApplied } = await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web', patchKind: 'merge' });
    await screen.findByTestId('dry-run-ok');
    let version = 350;
    beforeGet = () => statusMoved(String(version++));
    failures.push(conflict(), conflict(), conflict());
    fireEvent.click(applyButton());
    const stale = await screen.findByTestId('stale');
    expect(within(stale).getByTestId('error-code').textContent).toBe('409');
    expect(onApplied).not.toHaveBeenCalled();
    expect(patches().filter((p) => p.url.searchParams.get('dryRun') === null)).toHaveLength(3);
    expect(patchBody()).toContain('"MODE"');
  });

  it('does not go over changes the user would see: a new label is the user\'s to preview', async () => {
    const base = deployment();
    statusMoved('360');
    (latest.metadata.labels as Record<string, string>).tier = 'frontend';
    failures.push(conflict());
    await renderPreview({ apiPath: DEPLOYMENT_PATH, original: base, modified: edited(base), title: 'Edit deployment web', patchKind: 'merge' });
    const stale = await screen.findByTestId('stale');
    expect(within(stale).getByTestId('stale-paths').textContent).toContain('metadata.labels.tier');
    expect(patches()).toHaveLength(1);
  });
});
