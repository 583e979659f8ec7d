// @vitest-environment jsdom
// The create screen's Form view: the same draft as the YAML, built from the 1.20.2 OpenAPI v2 (no v3 there), and
// the form's schema checks refusing a Preview before anything is sent.
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseApiPath } from '../../../k8s/paths';
import { useUiStore } from '../../../stores/ui-store';
import { readFixture } from '../../../testing/fixtures';
import { accessReviewResponse } from '../../../testing/access-reviews';
import { stubFetch } from '../../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../../testing/clean-up-after-each';
import { MemoryStore } from '../../../testing/memory-store';
import { renderInProviders } from '../../../testing/render-in-providers';
import { textareaEditor } from '../../../testing/textarea-editor';
import { textareaEditors } from '../../../testing/textarea-editors';
import { CreatePage } from './create-page';
import { recordedDiscovery } from '../../../testing/recorded-discovery';

const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
let posts = 0;

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init, () => false);
  if (review) return review;
  const path = new URL(url, 'http://localhost').pathname;
  if ((init?.method ?? 'GET') === 'POST') posts++;
  if (path === '/k8s/demo/openapi/v2') return json(readFixture('openapi-v2.json'));
  const discovery = recordedDiscovery(path);
  if (discovery) return discovery;
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

const { editor, shown } = textareaEditor('YAML of the new Deployment');

beforeEach(() => {
  posts = 0;
  useUiStore.setState({ namespaceByContext: {} });
  stubFetch(handle);
});

cleanUpAfterEach();

describe('create page: Form view', () => {
  it('edits the template through the form, and refuses an invalid quantity before sending', async () => {
    renderInProviders(
      <CreatePage context="demo" apiPath={DEPLOYMENTS} path={parseApiPath(DEPLOYMENTS)!} editors={textareaEditors} onCancel={vi.fn()} onCreated={vi.fn()} storage={new MemoryStore()} />,
    );
    await shown();
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));
    const replicas = (await screen.findByRole('textbox', { name: 'replicas' })) as HTMLInputElement;
    fireEvent.change(replicas, { target: { value: '5' } });
    const [resourcesAdd] = screen.getAllByRole('combobox', { name: /^Add field to spec\.template\.spec\.containers\[0\]/ });
    expect(resourcesAdd).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'YAML' }));
    expect(editor().value).toMatch(/replicas: 5\b/);
    // A quantity typed in the YAML shows on its form field, and the form's Preview refuses it.
    fireEvent.change(editor(), { target: { value: editor().value.replace(/(\n\s+)image: (.*)\n/, '$1image: $2$1resources:$1  limits:$1    cpu: 1GB\n') } });
    fireEvent.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByText(/limits\[cpu\]: quantities must match the regular expression/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByTestId('field-problems').textContent).toContain('Not sent: the schema refuses a field, nothing was sent.');
    expect(posts).toBe(0);
  });
});
