// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { parseApiPath } from '../../k8s/paths';
import { draftStorageKey } from '../../writes/draft/draft-storage';
import { EditPage } from './edit-page';
import { textareaEditors } from '../../testing/textarea-editors';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { MemoryStore } from '../../testing/memory-store';
import { renderInProviders } from '../../testing/render-in-providers';
import { textareaEditor } from '../../testing/textarea-editor';

const CM_PATH = '/api/v1/namespaces/default/configmaps/c1';
const DRAFT_KEY = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default', name: 'c1' };

let server: KubeObject;
let patches: Array<{ url: URL; contentType: string | null; body: Record<string, unknown> }>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init);
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  const method = init?.method ?? 'GET';
  if (parsed.pathname === `/k8s/demo${CM_PATH}` && method === 'GET') return json(server);
  if (parsed.pathname === `/k8s/demo${CM_PATH}` && method === 'PATCH') {
    const body = JSON.parse(String(init?.body)) as { data?: Record<string, string> };
    patches.push({ url: parsed, contentType: new Headers(init?.headers).get('content-type'), body });
    const result: KubeObject = { ...server, data: { ...(server.data as Record<string, string>), ...body.data } };
    if (parsed.searchParams.get('dryRun') === 'All') return json(result);
    server = { ...result, metadata: { ...result.metadata, resourceVersion: String(Number(server.metadata.resourceVersion) + 1) } };
    return json(server);
  }
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

function renderEditor(store = new MemoryStore()) {
  renderInProviders(<EditPage context="demo" apiPath={CM_PATH} path={parseApiPath(CM_PATH)!} editors={textareaEditors} onCancel={() => {}} storage={store} />);
  return store;
}

const { editor, shown, replace } = textareaEditor('YAML of ConfigMap c1');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  server = {
    kind: 'ConfigMap',
    apiVersion: 'v1',
    metadata: {
      name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: '10',
      managedFields: [{ manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', time: '2026-11-21T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } } }],
    },
    data: { a: 'one' },
  };
  patches = [];
  stubFetch(handle);
});

cleanUpAfterEach();

describe('edit page preview', () => {
  it('previews the edited text as a patch; Cancel goes back to the same text and draft', async () => {
    const store = renderEditor();
    await shown();
    replace('a: one', 'a: mine');
    click('Preview');
    expect(await screen.findByRole('heading', { name: 'Edit ConfigMap c1' })).toBeTruthy();
    await screen.findByTestId('dry-run-ok');
    expect(patches[0]!.url.searchParams.get('dryRun')).toBe('All');
    expect(patches[0]!.body).toEqual({ data: { a: 'mine' }, metadata: { resourceVersion: '10' } });
    expect(server.data).toEqual({ a: 'one' });

    click('Cancel');
    expect(editor().value).toContain('a: mine');
    expect(store.getItem(draftStorageKey(DRAFT_KEY))).toContain('mine');
  });

  it('applies from the preview: the draft is cleared and the editor holds the result', async () => {
    const store = renderEditor();
    await shown();
    replace('a: one', 'a: mine');
    click('Preview');
    await screen.findByTestId('dry-run-ok');
    await accessSettled();
    click('Apply');
    expect((await screen.findByTestId('saved')).textContent).toContain('Applied. New resourceVersion 11');
    await waitFor(() => expect(server.data).toEqual({ a: 'mine' }));
    expect(patches[1]!.url.searchParams.get('dryRun')).toBeNull();
    expect(editor().value).toContain('a: mine');
    expect(store.getItem(draftStorageKey(DRAFT_KEY))).toBeNull();
    expect(screen.getByTestId('base-resource-version').textContent).toContain('11');
  });

  it('checks the YAML before previewing, and shows the managed fields on request', async () => {
    renderEditor();
    await shown();
    replace('a: one', 'a: one b: c');
    click('Preview');
    expect((await screen.findByTestId('yaml-error')).textContent).toMatch(/Line \d+, column \d+/);
    expect(screen.queryByTestId('patch-body')).toBeNull();
    expect(patches).toHaveLength(0);

    click('Managed fields');
    expect(screen.getByRole('table', { name: 'Managed fields' }).textContent).toContain('kubectl-create');
    expect(screen.getByRole('table', { name: 'Managed fields' }).textContent).toContain('data.a');
  });
});
