// @vitest-environment jsdom
// A Secret's draft, edited or created, never reaches the browser's storage, and the screen says so.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { parseApiPath } from '../../k8s/paths';
import { accessReviewResponse } from '../../testing/access-reviews';
import { browserStorageText } from '../../testing/browser-storage';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { recordedDiscovery } from '../../testing/recorded-discovery';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { textareaEditor } from '../../testing/textarea-editor';
import { CreatePage } from './create/create-page';
import { clearCreateDraft, clearDraft, draftStorageKey } from '../../writes/draft/draft-storage';
import { EditPage } from './edit-page';
import { SECRET_DRAFT_NOTICE } from '../../writes/draft/secret-draft-notice';
import { textareaEditors } from '../../testing/textarea-editors';

const SECRET_PATH = '/api/v1/namespaces/default/secrets/web-tls';
const CONFIGMAP_PATH = '/api/v1/namespaces/default/configmaps/c1';
const SECRETS = '/api/v1/namespaces/default/secrets';
const CONFIGMAPS = '/api/v1/namespaces/default/configmaps';
const KEY_BYTES = 'MIIEvgIBADANBgkqhkiG9w0BAQEFAASC';

const secret: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'web-tls', namespace: 'default', resourceVersion: '7' }, type: 'kubernetes.io/tls', data: { 'tls.key': 'b2xk' } };
const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'default', resourceVersion: '3' }, data: { a: 'one' } };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init, () => false);
  if (review) return review;
  const path = new URL(url, 'http://localhost').pathname;
  if (path === `/k8s/demo${SECRET_PATH}`) return json(secret);
  if (path === `/k8s/demo${CONFIGMAP_PATH}`) return json(configMap);
  const discovery = (init?.method ?? 'GET') === 'GET' ? recordedDiscovery(path) : null;
  if (discovery) return discovery;
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

const edit = (apiPath: string) =>
  renderInProviders(<EditPage context="demo" apiPath={apiPath} path={parseApiPath(apiPath)!} editors={textareaEditors} onCancel={vi.fn()} storage={window.localStorage} />);
const create = (apiPath: string) =>
  renderInProviders(
    <CreatePage context="demo" apiPath={apiPath} path={parseApiPath(apiPath)!} editors={textareaEditors} onCancel={vi.fn()} onCreated={vi.fn()} storage={window.localStorage} />,
  );
const notice = () => screen.queryByTestId('secret-draft-notice')?.textContent ?? null;

beforeEach(() => stubFetch(handle));
cleanUpAfterEach();
afterEach(() => {
  for (const name of ['web-tls', 'c1']) clearDraft(window.localStorage, { context: 'demo', gvr: name === 'c1' ? '/v1/configmaps' : '/v1/secrets', namespace: 'default', name });
  for (const gvr of ['/v1/secrets', '/v1/configmaps']) clearCreateDraft(window.localStorage, { context: 'demo', gvr, namespace: 'default' });
  window.localStorage.clear();
});

describe('Secret drafts', () => {
  it('editing a Secret keeps the draft in memory only, says so, and keeps it across leaving and coming back', async () => {
    const { editor, shown, replace } = textareaEditor('YAML of Secret web-tls');
    const first = edit(SECRET_PATH);
    await shown();
    expect(notice()).toBe(SECRET_DRAFT_NOTICE);
    replace('tls.key: b2xk', `tls.key: ${KEY_BYTES}`);
    expect(editor().value).toContain(KEY_BYTES);
    expect(screen.getByTestId('draft-state').textContent).toBe('Draft kept in memory only');
    expect(browserStorageText()).not.toContain(KEY_BYTES);
    expect(browserStorageText()).not.toContain('tls.key');

    first.unmount();
    edit(SECRET_PATH);
    expect((await shown()).value).toContain(KEY_BYTES);
    expect(screen.getByTestId('draft-restored')).toBeTruthy();
    expect(browserStorageText()).not.toContain(KEY_BYTES);
  });

  it('a ConfigMap draft still goes to localStorage, without the notice', async () => {
    const { shown, replace } = textareaEditor('YAML of ConfigMap c1');
    edit(CONFIGMAP_PATH);
    await shown();
    replace('a: one', 'a: mine');
    expect(notice()).toBeNull();
    expect(screen.getByTestId('draft-state').textContent).toBe('Draft kept in this browser');
    expect(window.localStorage.getItem(draftStorageKey({ context: 'demo', gvr: '/v1/configmaps', namespace: 'default', name: 'c1' }))).toContain('a: mine');
  });

  it('creating a Secret: the key typed into the template stays out of storage', async () => {
    const { shown, type } = textareaEditor('YAML of the new Secret');
    create(SECRETS);
    await shown();
    expect(notice()).toBe(SECRET_DRAFT_NOTICE);
    type(`apiVersion: v1\nkind: Secret\nmetadata:\n  generateName: tls-\ntype: kubernetes.io/tls\ndata:\n  tls.key: ${KEY_BYTES}\n`);
    expect(screen.getByTestId('draft-state').textContent).toBe('Draft kept in memory only');
    expect(browserStorageText()).not.toContain(KEY_BYTES);
  });

  it('a Secret pasted into another kind\'s create screen is kept in memory too, and the notice appears', async () => {
    const { shown, type } = textareaEditor('YAML of the new ConfigMap');
    create(CONFIGMAPS);
    await shown();
    expect(notice()).toBeNull();
    type(`apiVersion: v1\nkind: "Secret"\nmetadata:\n  name: pasted\nstringData:\n  tls.key: ${KEY_BYTES}\n`);
    expect(notice()).toBe(SECRET_DRAFT_NOTICE);
    expect(browserStorageText()).not.toContain(KEY_BYTES);
  });

  it('a Secret draft left in localStorage is removed when the editor opens, and its text is shown', async () => {
    const key = draftStorageKey({ context: 'demo', gvr: '/v1/secrets', namespace: 'default', name: 'web-tls' });
    const text = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-tls\n  namespace: default\ndata:\n  tls.key: ${KEY_BYTES}\n`;
    window.localStorage.setItem(key, JSON.stringify({ text, base: secret, updatedAt: 1 }));
    const { shown } = textareaEditor('YAML of Secret web-tls');
    edit(SECRET_PATH);
    expect((await shown()).value).toBe(text);
    expect(window.localStorage.getItem(key)).toBeNull();
    expect(notice()).toBe(SECRET_DRAFT_NOTICE);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((await shown()).value).not.toContain(KEY_BYTES);
  });
});
