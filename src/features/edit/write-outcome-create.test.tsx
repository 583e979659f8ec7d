// @vitest-environment jsdom
// The outcome line of a failed Create: the POST reached the server, its answer was lost. A fixed name is looked up
// (done, then Open it); a generated one cannot be, and Create again warns that it may make a second object.
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
import { CreatePage } from './create/create-page';
import { loadCreateDraft } from '../../writes/draft/draft-storage';
import { textareaEditors } from '../../testing/textarea-editors';
import { recordedDiscovery } from '../../testing/recorded-discovery';

const CONFIGMAPS = '/api/v1/namespaces/default/configmaps';
const DRAFT_KEY = { context: 'demo', gvr: '/v1/configmaps', namespace: 'default' };

let stored: Map<string, KubeObject>;
let posts = 0;
let generated = 0;

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function handle(url: string, init?: RequestInit): Response | Promise<Response> {
  const review = accessReviewResponse(url, init);
  if (review) return review;
  const path = new URL(url, 'http://localhost').pathname;
  const method = init?.method ?? 'GET';
  if (path === `/k8s/demo${CONFIGMAPS}` && method === 'POST') {
    posts++;
    const body = JSON.parse(String(init?.body)) as KubeObject;
    const name = body.metadata.name ?? `${body.metadata.generateName ?? ''}g${generated++}`;
    stored.set(name, { ...body, metadata: { ...body.metadata, name, uid: `uid-${name}`, resourceVersion: '900' } });
    // Stored, and the answer never arrives.
    return Promise.reject(new TypeError('Failed to fetch'));
  }
  const object = path.startsWith(`/k8s/demo${CONFIGMAPS}/`) ? stored.get(decodeURIComponent(path.split('/').at(-1) ?? '')) : undefined;
  if (method === 'GET' && object) return json(object);
  const discovery = method === 'GET' ? recordedDiscovery(path) : null;
  if (discovery) return discovery;
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

const { shown, replace, editor } = textareaEditor('YAML of the new ConfigMap');

async function renderCreate() {
  const store = new MemoryStore();
  const onCreated = vi.fn();
  renderInProviders(
    <CreatePage context="demo" apiPath={CONFIGMAPS} path={parseApiPath(CONFIGMAPS)!} editors={textareaEditors} onCancel={() => {}} onCreated={onCreated} storage={store} />,
  );
  await shown();
  await accessSettled();
  return { store, onCreated };
}

beforeEach(() => {
  stored = new Map();
  posts = 0;
  generated = 0;
  stubFetch(handle);
});

cleanUpAfterEach();

describe('a failed Create', () => {
  it('a fixed name: unknown, the text kept; Check now finds it as sent (done); Open it opens it and drops the draft; one POST', async () => {
    const { store, onCreated } = await renderCreate();
    replace('generateName: config-', 'name: settings');
    fireEvent.click(screen.getByTestId('create-button'));
    const outcome = await screen.findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toMatch(/^Unknown: The connection failed before an answer came/);
    expect(screen.queryByTestId('send-again-warning')).toBeNull();
    expect(editor().value).toContain('name: settings');
    expect(loadCreateDraft(store, DRAFT_KEY)?.text).toContain('name: settings');

    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: settings exists as you sent it (resourceVersion 900).')).toBeTruthy();
    fireEvent.click(within(outcome).getByRole('button', { name: 'Open it' }));
    expect(onCreated).toHaveBeenCalledWith('/c/demo/api/v1/namespaces/default/configmaps/settings');
    expect(loadCreateDraft(store, DRAFT_KEY)).toBeNull();
    expect(posts).toBe(1);
  });

  it('a generated name: Check now says it cannot be looked up; Create again warns of a second object and is only sent on click', async () => {
    const { store } = await renderCreate();
    replace('app.mode: dev', 'app.mode: prod');
    fireEvent.click(screen.getByTestId('create-button'));
    const outcome = await screen.findByTestId('write-outcome');
    expect(screen.getByTestId('send-again-warning').textContent).toMatch(/Create again makes a second object/);
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText(/^Unknown: the server was to generate the name \(generateName config-\)/)).toBeTruthy();
    expect(posts).toBe(1);
    expect(loadCreateDraft(store, DRAFT_KEY)?.text).toContain('app.mode: prod');

    fireEvent.click(within(outcome).getByRole('button', { name: 'Create again' }));
    await vi.waitFor(() => expect(posts).toBe(2));
    expect([...stored.keys()]).toEqual(['config-g0', 'config-g1']);
  });
});
