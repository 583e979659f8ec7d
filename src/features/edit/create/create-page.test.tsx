// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../../k8s/kube-object';
import { parseApiPath } from '../../../k8s/paths';
import { useUiStore } from '../../../stores/ui-store';
import { readFixture } from '../../../testing/fixtures';
import { createDraftStorageKey, saveCreateDraft } from '../../../writes/draft/draft-storage';
import { textareaEditors } from '../../../testing/textarea-editors';
import { CreatePage } from './create-page';
import { accessReviewResponse, expectRefused } from '../../../testing/access-reviews';
import { stubFetch } from '../../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../../testing/clean-up-after-each';
import { MemoryStore } from '../../../testing/memory-store';
import { renderInProviders } from '../../../testing/render-in-providers';
import { textareaEditor } from '../../../testing/textarea-editor';
import { recordedDiscovery } from '../../../testing/recorded-discovery';

const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
const DRAFT_KEY = { context: 'demo', gvr: 'apps/v1/deployments', namespace: 'default' };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

interface Post {
  url: URL;
  body: KubeObject;
}

let posts: Post[];
let nextFailure: { status: number; body: unknown } | null;

/** What the apiserver does with a new Deployment: a generated name, system fields, defaults. */
function created(body: KubeObject): KubeObject {
  const { generateName, name } = body.metadata;
  const spec = body.spec as Record<string, unknown>;
  return {
    ...body,
    metadata: { ...body.metadata, name: name ?? `${generateName ?? ''}x7k2p`, uid: 'uid-1', resourceVersion: '500', generation: 1, creationTimestamp: '2026-11-21T00:00:00Z', managedFields: [{ manager: 'kubeglass' }] },
    spec: { ...spec, revisionHistoryLimit: 10, strategy: { type: 'RollingUpdate' } },
    status: {},
  };
}

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init, (a) => denied.includes(a.verb ?? ''));
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  const path = parsed.pathname;
  const method = init?.method ?? 'GET';
  if (path === `/k8s/demo${DEPLOYMENTS}` && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as KubeObject;
    posts.push({ url: parsed, body });
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return json(failure.body, failure.status);
    }
    return json(created(body), 201, { warning: '299 - "spec.template.spec.containers[0].image: a test warning"' });
  }
  // Discovery as a 1.20.2 apiserver answers it (legacy documents).
  const discovery = method === 'GET' ? recordedDiscovery(path) : null;
  if (discovery) return discovery;
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

function renderCreate(store = new MemoryStore(), apiPath = DEPLOYMENTS) {
  const onCreated = vi.fn();
  const onCancel = vi.fn();
  const view = renderInProviders(
    <CreatePage context="demo" apiPath={apiPath} path={parseApiPath(apiPath)!} editors={textareaEditors} onCancel={onCancel} onCreated={onCreated} storage={store} />,
  );
  return { store, onCreated, onCancel, unmount: view.unmount };
}

const { editor, shown, type, replace } = textareaEditor('YAML of the new Deployment');

/** Renders the create screen for deployments and waits for the template in the editor. */
async function openCreate() {
  const view = renderCreate();
  await shown();
  return view;
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

let denied: string[] = [];

beforeEach(() => {
  denied = [];
  posts = [];
  nextFailure = null;
  useUiStore.setState({ namespaceByContext: {} });
  stubFetch(handle);
});

cleanUpAfterEach();

describe('create page', () => {
  it('starts from the kind\'s template; Ctrl+S previews with a dry run, Create posts and opens the new object', async () => {
    const { store, onCreated } = await openCreate();
    expect(editor().value).toContain('generateName: web-');
    expect(editor().value).toContain('namespace: default');
    expect(screen.getByRole('heading', { name: 'Create Deployment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('title')).toContain('Ctrl+S');

    replace('replicas: 2', 'replicas: 3');
    expect(store.getItem(createDraftStorageKey(DRAFT_KEY))).toContain('replicas: 3');
    expect(screen.getByTestId('draft-state').textContent).toBe('Draft kept in this browser');

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    const preview = await screen.findByTestId('create-preview');
    expect(posts).toHaveLength(1);
    expect(Object.fromEntries(posts[0]!.url.searchParams)).toEqual({ dryRun: 'All', fieldManager: 'kubeglass', fieldValidation: 'Strict' });
    expect(posts[0]!.body.metadata).toEqual({ generateName: 'web-', namespace: 'default' });
    expect(within(preview).getByTestId('preview-name').textContent).toBe('web-x7k2p');
    const added = within(preview).getByTestId('preview-added').textContent;
    for (const field of ['metadata.name', 'metadata.uid', 'spec.revisionHistoryLimit', 'spec.strategy', 'status']) expect(added).toContain(field);
    expect(added).not.toContain('managedFields');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/what the server would create \(right\)$/).value).toContain('revisionHistoryLimit: 10');
    expect(screen.getByTestId('create-warnings').textContent).toContain('a test warning');
    fireEvent.click(within(preview).getByRole('tab', { name: 'Server object' }));
    expect(screen.getByTestId('preview-object').textContent).toContain('uid: uid-1');

    fireEvent.click(screen.getByRole('tab', { name: 'Your YAML' }));
    replace('replicas: 3', 'replicas: 4');
    fireEvent.click(screen.getByRole('tab', { name: 'Server preview' }));
    expect(screen.getByTestId('preview-stale')).toBeTruthy();

    click('Create');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('/c/demo/apis/apps/v1/namespaces/default/deployments/web-x7k2p'));
    expect(posts).toHaveLength(2);
    expect(posts[1]!.url.searchParams.get('dryRun')).toBeNull();
    expect((posts[1]!.body.spec as { replicas: number }).replicas).toBe(4);
    expect(store.getItem(createDraftStorageKey(DRAFT_KEY))).toBeNull();
  });

  it('a user who may not create in the namespace cannot Create, and is told why', async () => {
    denied = ['create'];
    await openCreate();
    await expectRefused('create-button', 'You may not create deployments.apps in namespace default');
  });

  it('restores the draft after a remount, and asks before a template replaces edited text', async () => {
    const store = new MemoryStore();
    saveCreateDraft(store, DRAFT_KEY, { text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: mine\n', templateId: 'deployment', updatedAt: 1 });
    renderCreate(store);
    expect((await shown()).value).toContain('name: mine');
    expect(screen.getByTestId('draft-restored')).toBeTruthy();

    const picker = await screen.findByRole('combobox', { name: 'Template' });
    fireEvent.change(picker, { target: { value: 'skeleton' } });
    expect(screen.getByTestId('template-confirm').textContent).toContain('Your changes would be lost');
    click('Keep my text');
    expect(screen.queryByTestId('template-confirm')).toBeNull();
    expect(editor().value).toContain('name: mine');
    expect((picker as HTMLSelectElement).value).toBe('deployment');

    fireEvent.change(picker, { target: { value: 'skeleton' } });
    click('Replace my text');
    expect(editor().value).toBe('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  generateName: deployment-\n  namespace: default\n');
    expect(store.getItem(createDraftStorageKey(DRAFT_KEY))).toBeNull();
    expect(screen.queryByTestId('draft-restored')).toBeNull();

    // Unedited text: another template replaces it without asking.
    fireEvent.change(picker, { target: { value: 'deployment' } });
    expect(screen.queryByTestId('template-confirm')).toBeNull();
    expect(editor().value).toContain('generateName: web-');
  });

  it('sends nothing for invalid YAML, two documents, a wrong kind or another namespace', async () => {
    await openCreate();
    const template = editor().value;

    type(template.replace('replicas: 2', 'replicas: 2 x: y'));
    click('Preview');
    expect((await screen.findByTestId('yaml-error')).textContent).toMatch(/Line \d+, column \d+/);
    expect(screen.getByTestId('editor-markers').textContent).not.toBe('');

    type(`${template}---\n${template}`);
    click('Create');
    expect((await screen.findByTestId('yaml-error')).textContent).toContain('Create makes one object at a time');

    type(template.replace('kind: Deployment', 'kind: StatefulSet').replace('apiVersion: apps/v1', 'apiVersion: apps/v1beta2'));
    click('Preview');
    const wrong = await screen.findByTestId('object-error');
    expect(wrong.textContent).toContain('kind is "StatefulSet", but deployments in apps/v1 holds kind "Deployment"');
    expect(wrong.textContent).toContain('apiVersion is "apps/v1beta2"');
    expect(screen.getByTestId('editor-markers').textContent).toContain('2:1 kind is "StatefulSet"');
    expect(within(wrong).getByRole('button', { name: 'apiVersion' })).toBeTruthy();

    type(template.replace('namespace: default', 'namespace: prod'));
    click('Create');
    expect((await screen.findByTestId('object-error')).textContent).toContain('you are creating in namespace "default"');
    expect(posts).toHaveLength(0);
    expect(editor().value).toContain('namespace: prod');
  });

  it('shows a 422 Status fully, marks the fields in the text, and keeps it', async () => {
    const { onCreated } = await openCreate();
    replace('replicas: 2', 'replicas: -1');
    nextFailure = { status: 422, body: JSON.parse(readFixture('errors/422-invalid-deployment.json')) as unknown };
    click('Create');
    const error = await screen.findByTestId('create-error');
    expect(within(error).getByTestId('error-code').textContent).toBe('422');
    expect(within(error).getByTestId('error-reason').textContent).toBe('Invalid');
    expect(error.textContent).toContain('Nothing was created. Your text is kept');
    expect(within(error).getByRole('button', { name: 'spec.replicas' })).toBeTruthy();
    expect(screen.getByTestId('editor-markers').textContent).toMatch(/\d+:3 spec\.replicas: Invalid value: -1/);
    expect(editor().value).toContain('replicas: -1');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('after a 409 AlreadyExists links to the object that exists, keeping the text', async () => {
    await openCreate();
    // The recorded 1.20.2 body, for a Deployment: details name the object, kind is the resource.
    const recorded = JSON.parse(readFixture('errors/409-already-exists.json')) as Record<string, unknown>;
    nextFailure = { status: 409, body: { ...recorded, message: 'deployments.apps "web" already exists', details: { name: 'web', group: 'apps', kind: 'deployments' } } };
    click('Create');
    const error = await screen.findByTestId('create-error');
    expect(within(error).getByTestId('error-reason').textContent).toBe('AlreadyExists');
    expect(within(error).getByTestId('error-explanation').textContent).toMatch(/already exists/);
    expect(within(error).getByRole('link', { name: 'Open the existing deployments web' }).getAttribute('href')).toBe(`/c/demo${DEPLOYMENTS}/web`);
    expect(editor().value).toContain('kind: Deployment');
  });

  it('says so when the server does not offer create for the resource', async () => {
    renderCreate(new MemoryStore(), '/api/v1/componentstatuses');
    expect((await screen.findByTestId('create-not-allowed')).textContent).toContain('its verbs: get, list');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
  });
});
