// @vitest-environment jsdom
// The outcome line where each write fails: Save and Apply on the edit page, Delete in its dialog. The answer is lost
// after the server applied the write (or refused before it): Check now tells which, and nothing is sent twice.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { parseApiPath } from '../../k8s/paths';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { MemoryStore } from '../../testing/memory-store';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { textareaEditor } from '../../testing/textarea-editor';
import { DeleteDialog } from './delete/delete-dialog';
import { loadDraft } from './draft-storage';
import { EditPage } from './edit-page';
import { textareaEditors } from './textarea-editors';

const CM_PATH = '/api/v1/namespaces/default/configmaps/c1';
const DRAFT_KEY = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default', name: 'c1' };

let server: KubeObject | null;
let writes: string[];
/** How the next write fails: applied and its answer lost, or a 503 Status before anything is done. */
let failNext: 'applied-then-dropped' | '503' | 'changed-meanwhile' | null;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const notFound = () => json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);

function bump(object: KubeObject, change: Partial<KubeObject>): KubeObject {
  const next = Number(server?.metadata.resourceVersion ?? '0') + 1;
  return { ...object, ...change, metadata: { ...object.metadata, ...change.metadata, resourceVersion: String(next) } };
}

function write(method: string, apply: () => KubeObject | null): Promise<Response> | Response {
  writes.push(method);
  const failing = failNext;
  failNext = null;
  if (failing === '503') return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'ServiceUnavailable', code: 503, message: 'unavailable' }, 503);
  if (failing === 'changed-meanwhile' && server) {
    server = bump(server, { data: { ...(server.data as object), b: 'theirs' } });
    return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, message: 'the object has been modified' }, 409);
  }
  server = apply();
  if (failing === 'applied-then-dropped') return Promise.reject(new TypeError('Failed to fetch'));
  return server ? json(server) : json({ kind: 'Status', apiVersion: 'v1', status: 'Success' });
}

function handle(url: string, init?: RequestInit): Response | Promise<Response> {
  const review = accessReviewResponse(url, init);
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  const method = init?.method ?? 'GET';
  if (parsed.pathname !== `/k8s/demo${CM_PATH}`) return notFound();
  const current = server;
  if (method === 'GET') return current ? json(current) : notFound();
  if (!current) return notFound();
  const body = init?.body ? (JSON.parse(String(init.body)) as KubeObject) : null;
  if (method === 'PATCH' && parsed.searchParams.get('dryRun') === 'All') return json({ ...current, data: { ...(current.data as object), ...(body?.data as object) } });
  if (method === 'PATCH') return write(method, () => bump(current, { data: { ...(current.data as object), ...(body?.data as object) } }));
  if (method === 'PUT') return write(method, () => bump(current, { data: body?.data }));
  if (method === 'DELETE') return write(method, () => null);
  return notFound();
}

const { shown, replace, editor } = textareaEditor('YAML of ConfigMap c1');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function renderEditor(store = new MemoryStore()) {
  renderInProviders(<EditPage context="demo" apiPath={CM_PATH} path={parseApiPath(CM_PATH)!} editors={textareaEditors} onCancel={() => {}} storage={store} />);
  return store;
}

beforeEach(() => {
  server = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: '10' }, data: { a: 'one' } };
  writes = [];
  failNext = null;
  stubFetch(handle);
});

cleanUpAfterEach();

describe('a failed Save', () => {
  it('applied, answer lost: unknown, the draft kept; Check now says done with the new resourceVersion; one PUT', async () => {
    const store = renderEditor();
    await shown();
    await accessSettled();
    replace('a: one', 'a: mine');
    failNext = 'applied-then-dropped';
    click('Save');
    const outcome = await screen.findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toMatch(/^Unknown: The connection failed before an answer came/);
    expect(editor().value).toContain('a: mine');
    expect(loadDraft(store, DRAFT_KEY)?.text).toContain('a: mine');

    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: the server has your change (resourceVersion 11).')).toBeTruthy();
    expect(writes).toEqual(['PUT']);
    expect(loadDraft(store, DRAFT_KEY)?.text).toContain('a: mine');

    // Only now, on the user's word, the draft gives way to the object the server has.
    fireEvent.click(within(outcome).getByRole('button', { name: "Continue from the server's object" }));
    expect((await screen.findByTestId('saved')).textContent).toContain('11');
    expect(loadDraft(store, DRAFT_KEY)).toBeNull();
    expect(screen.getByTestId('base-resource-version').textContent).toBe('resourceVersion 11');
    expect(writes).toEqual(['PUT']);
  });

  it('a 503 before anything was done: Check now says not done; only Save again sends the second PUT', async () => {
    renderEditor();
    await shown();
    await accessSettled();
    replace('a: one', 'a: mine');
    failNext = '503';
    click('Save');
    const outcome = await screen.findByTestId('write-outcome');
    expect(outcome.dataset.known).toBe('unknown');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Not done: the object is as it was (resourceVersion 10). Your draft is kept; Save again.')).toBeTruthy();
    expect(writes).toEqual(['PUT']);

    fireEvent.click(within(outcome).getByRole('button', { name: 'Save again' }));
    expect(await screen.findByTestId('saved')).toBeTruthy();
    expect(screen.queryByTestId('write-outcome')).toBeNull();
    expect(writes).toEqual(['PUT', 'PUT']);
    expect(server?.data).toEqual({ a: 'mine' });
  });
});

describe('a failed Apply', () => {
  it('applied, answer lost: the preview and its change stay; Check now says done; one PATCH', async () => {
    renderEditor();
    await shown();
    replace('a: one', 'a: mine');
    click('Preview');
    await screen.findByTestId('dry-run-ok');
    await accessSettled();
    failNext = 'applied-then-dropped';
    click('Apply');
    const outcome = await screen.findByTestId('write-outcome');
    expect(screen.getByTestId('patch-body').textContent).toContain('mine');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: the server has your change (resourceVersion 11).')).toBeTruthy();
    expect(writes).toEqual(['PATCH']);
  });

  it('refused as stale (409, changed meanwhile): not done, and no Apply again (it would be refused again)', async () => {
    renderEditor();
    await shown();
    replace('a: one', 'a: mine');
    click('Preview');
    await screen.findByTestId('dry-run-ok');
    await accessSettled();
    failNext = 'changed-meanwhile';
    click('Apply');
    const outcome = await screen.findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toBe('Not done: The server refused it (409 Conflict). Your draft is kept; Apply again when ready.');
    expect(await screen.findByTestId('stale')).toBeTruthy();
    expect(within(outcome).queryByRole('button', { name: 'Apply again' })).toBeNull();
    expect(writes).toEqual(['PATCH']);
  });
});

describe('a failed Delete', () => {
  it('applied, answer lost: the dialog and its choices stay; Check now says done (404), Close reports it deleted; one DELETE', async () => {
    const onDeleted = vi.fn();
    renderInProviders(<DeleteDialog context="demo" apiPath={CM_PATH} object={server!} resource="configmaps" clusterScoped={false} onClose={() => {}} onDeleted={onDeleted} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Foreground/ }));
    failNext = 'applied-then-dropped';
    fireEvent.click(within(dialog).getByRole('button', { name: /^Delete/ }));
    const outcome = await within(dialog).findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toMatch(/^Unknown: .*Check now looks at the server/);
    expect(within(dialog).getByTestId('delete-error').textContent).toMatch(/Whether it was deleted is shown above/);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Foreground/ }).checked).toBe(true);

    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: the object is gone (404).')).toBeTruthy();
    fireEvent.click(within(outcome).getByRole('button', { name: 'Close' }));
    expect(onDeleted).toHaveBeenCalledWith({ kind: 'deleted' });
    expect(writes).toEqual(['DELETE']);
  });

  it('a 503: unknown; the check finds it still there with the same uid: not done, Delete again offered', async () => {
    renderInProviders(<DeleteDialog context="demo" apiPath={CM_PATH} object={server!} resource="configmaps" clusterScoped={false} onClose={() => {}} onDeleted={() => {}} />);
    const dialog = screen.getByRole('dialog');
    failNext = '503';
    fireEvent.click(within(dialog).getByRole('button', { name: /^Delete/ }));
    const outcome = await within(dialog).findByTestId('write-outcome');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText(/^Not done: the object is still there, not marked for deletion \(resourceVersion 10\)/)).toBeTruthy();
    expect(within(outcome).getByRole('button', { name: 'Delete again' })).toBeTruthy();
    expect(writes).toEqual(['DELETE']);
  });
});
