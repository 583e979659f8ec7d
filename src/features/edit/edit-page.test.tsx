// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import type { KubeStatus } from '../../k8s/kube-status';
import { parseApiPath } from '../../k8s/paths';
import { draftStorageKey, saveDraft } from '../../writes/draft/draft-storage';
import { EditPage } from './edit-page';
import { textareaEditors } from '../../testing/textarea-editors';
import { FakeWatchChannel } from '../../testing/fake-watch-channel';
import { accessReviewResponse, accessSettled, expectRefused } from '../../testing/access-reviews';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { MemoryStore } from '../../testing/memory-store';
import { renderInProviders } from '../../testing/render-in-providers';
import { textareaEditor } from '../../testing/textarea-editor';

const CM_PATH = '/api/v1/namespaces/default/configmaps/c1';
const DRAFT_KEY = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default', name: 'c1' };

function configMap(rv: string, data: Record<string, string>): KubeObject {
  return {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: rv, creationTimestamp: '2026-11-21T00:00:00Z', managedFields: [{ manager: 'kubectl' }] },
    data,
  };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

let server: KubeObject;
let puts: Array<{ url: URL; body: KubeObject }>;
let nextPutFailure: { status: number; body: KubeStatus } | null;

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init, (a) => denied.includes(a.verb ?? ''));
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname === `/k8s/demo${CM_PATH}` && (init?.method ?? 'GET') === 'GET') return json(server);
  if (parsed.pathname === `/k8s/demo${CM_PATH}` && init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as KubeObject;
    puts.push({ url: parsed, body });
    if (nextPutFailure) {
      const failure = nextPutFailure;
      nextPutFailure = null;
      return json(failure.body, failure.status);
    }
    if (body.metadata.resourceVersion !== server.metadata.resourceVersion) {
      return json(
        { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, details: { name: 'c1', kind: 'configmaps' },
          message: 'Operation cannot be fulfilled on configmaps "c1": the object has been modified; please apply your changes to the latest version and try again' },
        409,
      );
    }
    server = { ...body, metadata: { ...body.metadata, resourceVersion: String(Number(server.metadata.resourceVersion) + 1) } };
    return json(server, 200, { warning: '299 - "metadata.annotations: this is a test warning"' });
  }
  if (parsed.pathname.startsWith('/k8s/demo/openapi')) return json({}, 404);
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

function renderEditor(store = new MemoryStore()) {
  const channel = new FakeWatchChannel();
  const onCancel = vi.fn();
  renderInProviders(<EditPage context="demo" apiPath={CM_PATH} path={parseApiPath(CM_PATH)!} editors={textareaEditors} onCancel={onCancel} storage={store} />, channel);
  return { channel, store, onCancel };
}

const { editor, shown, replace } = textareaEditor('YAML of ConfigMap c1');

/** Renders the editor and waits for the object's YAML in it. */
async function openEditor() {
  const view = renderEditor();
  await shown();
  return view;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

let denied: string[] = [];

beforeEach(() => {
  denied = [];
  server = configMap('10', { a: 'one', b: 'two' });
  puts = [];
  nextPutFailure = null;
  stubFetch(handle);
});

cleanUpAfterEach();

describe('edit page', () => {
  it('edits without the server-owned fields, keeps a draft, and PUTs with the base resourceVersion on Ctrl+S', async () => {
    const { store } = await openEditor();
    expect(editor().value).toContain('a: one');
    expect(editor().value).not.toMatch(/resourceVersion|uid|managedFields|creationTimestamp/);
    expect(screen.getByTestId('hidden-fields-note').textContent).toContain('metadata.resourceVersion');

    replace('a: one', 'a: one-mine');
    expect(store.getItem(draftStorageKey(DRAFT_KEY))).toContain('one-mine');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(await screen.findByTestId('saved')).toHaveProperty('textContent', expect.stringContaining('New resourceVersion 11'));

    expect(puts).toHaveLength(1);
    expect(puts[0]!.url.searchParams.get('fieldManager')).toBe('kubeglass');
    expect(puts[0]!.url.searchParams.get('fieldValidation')).toBe('Strict');
    expect(puts[0]!.body.metadata).toMatchObject({ resourceVersion: '10', uid: 'u1' });
    expect(puts[0]!.body.metadata.managedFields).toBeUndefined();
    expect(puts[0]!.body.data).toEqual({ a: 'one-mine', b: 'two' });
    expect(screen.getByTestId('save-warnings').textContent).toContain('this is a test warning');
    expect(store.getItem(draftStorageKey(DRAFT_KEY))).toBeNull();
  });

  it('a user who may not update the object cannot Save, by button or Ctrl+S, and is told why', async () => {
    denied = ['update'];
    await openEditor();
    await expectRefused('save-button', 'You may not update configmaps "c1" in namespace default');
    replace('a: one', 'a: one-mine');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await accessSettled();
    expect(puts).toHaveLength(0);
  });

  it('restores a draft with its base after a reload, and Discard drops it once confirmed', async () => {
    const store = new MemoryStore();
    saveDraft(store, DRAFT_KEY, { text: 'kind: ConfigMap\napiVersion: v1\nmetadata:\n  name: c1\n  namespace: default\ndata:\n  a: drafted\n', base: configMap('7', { a: 'one' }), updatedAt: 1 });
    renderEditor(store);
    expect(editor().value).toContain('a: drafted');
    expect(screen.getByTestId('draft-restored')).toBeTruthy();
    expect(screen.getByTestId('base-resource-version').textContent).toContain('7');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    // Typed text is never dropped by one click: Keep editing leaves it, Discard changes drops it.
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(editor().value).toContain('a: drafted');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await screen.findByText(/^resourceVersion 10$/);
    expect(editor().value).toContain('a: one');
    expect(store.getItem(draftStorageKey(DRAFT_KEY))).toBeNull();
  });

  it('shows live changes without touching the text, then merges them in after the 409', async () => {
    const { channel } = await openEditor();
    replace('a: one', 'a: one-mine');
    server = configMap('12', { a: 'one', b: 'two-theirs' });
    act(() => channel.send({ type: 'MODIFIED', object: server }));
    expect((await screen.findByTestId('server-changed-paths')).textContent).toBe('data.b');
    expect(editor().value).toContain('b: two\n');

    save();
    await screen.findByTestId('merged');
    expect(screen.getByTestId('merged-paths').textContent).toBe('data.b');
    expect(editor().value).toContain('a: one-mine');
    expect(editor().value).toContain('b: two-theirs');
    expect(puts).toHaveLength(1);

    save();
    await screen.findByTestId('saved');
    expect(puts[1]!.body.metadata.resourceVersion).toBe('12');
    expect(server.data).toEqual({ a: 'one-mine', b: 'two-theirs' });
  });

  it('after its own Save, a status-only update changes nothing; a change to a shown field is followed and told quietly', async () => {
    const { channel } = await openEditor();
    replace('a: one', 'a: one-mine');
    save();
    await screen.findByTestId('saved');
    act(() => channel.send({ type: 'MODIFIED', object: server }));
    // What a controller does right after a write: status, generation and managedFields move, the text's fields do not.
    const afterSave = server;
    const statusOnly: KubeObject = {
      ...afterSave,
      metadata: { ...afterSave.metadata, resourceVersion: '12', generation: 2, managedFields: [{ manager: 'kubectl' }, { manager: 'controller' }] },
      status: { observedGeneration: 2 },
    };
    act(() => channel.send({ type: 'MODIFIED', object: statusOnly }));
    await screen.findByText(/^resourceVersion 11$/);
    expect(screen.queryByTestId('server-changed')).toBeNull();

    act(() => channel.send({ type: 'MODIFIED', object: { ...statusOnly, metadata: { ...statusOnly.metadata, resourceVersion: '13' }, data: { a: 'one-mine', b: 'two-theirs' } } }));
    // Nothing typed since the save: the text is the server's, the save's notice stays, one grey line says what moved.
    expect((await screen.findByTestId('server-followed')).textContent).toContain('data.b');
    expect(screen.getByTestId('saved').textContent).toContain('New resourceVersion 11');
    expect(screen.queryByTestId('server-changed')).toBeNull();
    expect(editor().value).toContain('b: two-theirs');
    await screen.findByText(/^resourceVersion 13$/);
    // Once something is typed, a later server change is a banner again and the text is not touched.
    replace('a: one-mine', 'a: one-more');
    act(() => channel.send({ type: 'MODIFIED', object: { ...statusOnly, metadata: { ...statusOnly.metadata, resourceVersion: '14' }, data: { a: 'one-mine', b: 'three' } } }));
    expect((await screen.findByTestId('server-changed-paths')).textContent).toBe('data.b');
    expect(editor().value).toContain('b: two-theirs');
  });

  it('a refused Save after a good one: the old "Saved" is gone, only the refusal shows', async () => {
    await openEditor();
    replace('a: one', 'a: one-mine');
    save();
    await screen.findByTestId('saved');
    replace('a: one-mine', 'a: [unclosed');
    save();
    await screen.findByText(/Not saved/);
    expect(screen.queryByTestId('saved')).toBeNull();
  });

  it('opened and untouched, the text follows a later server version; never an older one', async () => {
    const { channel } = await openEditor();
    act(() => channel.send({ type: 'MODIFIED', object: configMap('12', { a: 'one', b: 'new' }) }));
    expect((await screen.findByTestId('server-followed')).textContent).toContain('data.b');
    expect(editor().value).toContain('b: new');
    act(() => channel.send({ type: 'MODIFIED', object: configMap('11', { a: 'old' }) }));
    expect(editor().value).toContain('b: new');
    expect(editor().value).not.toContain('a: old');
  });

  it('after its own Save, an older copy from the watch (a relist taken before the Save) is no change on the server', async () => {
    const { channel } = await openEditor();
    replace('a: one', 'a: one-mine');
    save();
    await screen.findByTestId('saved');
    act(() => channel.send({ type: 'MODIFIED', object: configMap('10', { a: 'one', b: 'two' }) }));
    await screen.findByText(/^resourceVersion 11$/);
    expect(screen.queryByTestId('server-changed')).toBeNull();
    expect(editor().value).toContain('a: one-mine');
  });

  it('opens the resolve view when both changed the same key; the right side is what gets saved', async () => {
    await openEditor();
    replace('a: one', 'a: one-mine');
    server = configMap('12', { a: 'one-theirs', b: 'two' });
    save();
    const conflict = await screen.findByTestId('conflict');
    expect(within(conflict).getByTestId('conflict-paths').textContent).toContain('data.a');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/\(server\)$/).value).toContain('a: one-theirs');
    const mine = screen.getByLabelText<HTMLTextAreaElement>('Resolve ConfigMap c1: server (left) and yours (right)');
    expect(mine.value).toContain('a: one-mine');
    fireEvent.change(mine, { target: { value: mine.value.replace('one-mine', 'both') } });
    save();
    await screen.findByTestId('saved');
    expect(puts.at(-1)!.body.metadata.resourceVersion).toBe('12');
    expect(server.data).toEqual({ a: 'both', b: 'two' });
  });

  it('sends nothing for invalid YAML or a renamed object; shows a 422 fully and keeps the text', async () => {
    await openEditor();
    replace('a: one', 'a: one b: c');
    save();
    expect((await screen.findByTestId('yaml-error')).textContent).toMatch(/Line 7, column \d+/);
    expect(screen.getByTestId('editor-markers').textContent).toContain('7:');
    replace('a: one b: c', 'a: one');
    replace('name: c1', 'name: c2');
    save();
    expect((await screen.findByTestId('identity-error')).textContent).toContain('metadata.name is "c2"');
    expect(puts).toHaveLength(0);

    replace('name: c2', 'name: c1');
    replace('a: one', 'a: bad');
    nextPutFailure = {
      status: 422,
      body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Invalid', code: 422, message: 'ConfigMap "c1" is invalid: data[a]: Invalid value: "bad"',
        details: { name: 'c1', kind: 'ConfigMap', causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "bad"', field: 'data[a]' }] } },
    };
    save();
    const error = await screen.findByTestId('save-error');
    expect(within(error).getByTestId('error-code').textContent).toBe('422');
    expect(within(error).getByTestId('error-reason').textContent).toBe('Invalid');
    expect(within(error).getByRole('button', { name: 'data[a]' })).toBeTruthy();
    expect(screen.getByTestId('editor-markers').textContent).toContain('7:3 data[a]: Invalid value');
    expect(editor().value).toContain('a: bad');
  });
});
