// @vitest-environment jsdom
// The outcome line where a write of the edit page fails: Save and Apply. The answer is lost after the server applied
// the write (or refused before it): Check now tells which, and nothing is sent twice.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseApiPath } from '../../k8s/paths';
import { accessSettled } from '../../testing/access-reviews';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { CM_PATH, flakyConfigMapServer, type FlakyConfigMapServer } from '../../testing/flaky-configmap-server';
import { MemoryStore } from '../../testing/memory-store';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { textareaEditor } from '../../testing/textarea-editor';
import { textareaEditors } from '../../testing/textarea-editors';
import { loadDraft } from '../../writes/draft/draft-storage';
import { EditPage } from './edit-page';

const DRAFT_KEY = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default', name: 'c1' };

let api: FlakyConfigMapServer;

const { shown, replace, editor } = textareaEditor('YAML of ConfigMap c1');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function renderEditor(store = new MemoryStore()) {
  renderInProviders(<EditPage context="demo" apiPath={CM_PATH} path={parseApiPath(CM_PATH)!} editors={textareaEditors} onCancel={() => {}} storage={store} />);
  return store;
}

beforeEach(() => {
  api = flakyConfigMapServer();
  stubFetch(api.handle);
});

cleanUpAfterEach();

describe('a failed Save', () => {
  it('applied, answer lost: unknown, the draft kept; Check now says done with the new resourceVersion; one PUT', async () => {
    const store = renderEditor();
    await shown();
    await accessSettled();
    replace('a: one', 'a: mine');
    api.failNext = 'applied-then-dropped';
    click('Save');
    const outcome = await screen.findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toMatch(/^Unknown: The connection failed before an answer came/);
    expect(editor().value).toContain('a: mine');
    expect(loadDraft(store, DRAFT_KEY)?.text).toContain('a: mine');

    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: the server has your change (resourceVersion 11).')).toBeTruthy();
    expect(api.writes).toEqual(['PUT']);
    expect(loadDraft(store, DRAFT_KEY)?.text).toContain('a: mine');

    // Only now, on the user's word, the draft gives way to the object the server has.
    fireEvent.click(within(outcome).getByRole('button', { name: "Continue from the server's object" }));
    expect((await screen.findByTestId('saved')).textContent).toContain('11');
    expect(loadDraft(store, DRAFT_KEY)).toBeNull();
    expect(screen.getByTestId('base-resource-version').textContent).toBe('resourceVersion 11');
    expect(api.writes).toEqual(['PUT']);
  });

  it('a 503 before anything was done: Check now says not done; only Save again sends the second PUT', async () => {
    renderEditor();
    await shown();
    await accessSettled();
    replace('a: one', 'a: mine');
    api.failNext = '503';
    click('Save');
    const outcome = await screen.findByTestId('write-outcome');
    expect(outcome.dataset.known).toBe('unknown');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Not done: the object is as it was (resourceVersion 10). Your draft is kept; Save again.')).toBeTruthy();
    expect(api.writes).toEqual(['PUT']);

    fireEvent.click(within(outcome).getByRole('button', { name: 'Save again' }));
    expect(await screen.findByTestId('saved')).toBeTruthy();
    expect(screen.queryByTestId('write-outcome')).toBeNull();
    expect(api.writes).toEqual(['PUT', 'PUT']);
    expect(api.object?.data).toEqual({ a: 'mine' });
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
    api.failNext = 'applied-then-dropped';
    click('Apply');
    const outcome = await screen.findByTestId('write-outcome');
    expect(screen.getByTestId('patch-body').textContent).toContain('mine');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: the server has your change (resourceVersion 11).')).toBeTruthy();
    expect(api.writes).toEqual(['PATCH']);
  });

  it('refused as stale (409, changed meanwhile): not done, and no Apply again (it would be refused again)', async () => {
    renderEditor();
    await shown();
    replace('a: one', 'a: mine');
    click('Preview');
    await screen.findByTestId('dry-run-ok');
    await accessSettled();
    api.failNext = 'changed-meanwhile';
    click('Apply');
    const outcome = await screen.findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toBe('Not done: The server refused it (409 Conflict). Your draft is kept; Apply again when ready.');
    expect(await screen.findByTestId('stale')).toBeTruthy();
    expect(within(outcome).queryByRole('button', { name: 'Apply again' })).toBeNull();
    expect(api.writes).toEqual(['PATCH']);
  });
});
