// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { readFixture } from '../../testing/fixtures';
import { renderAppAt } from '../../testing/render-app';
import { stubFetch } from '../../testing/stub-fetch';

cleanUpAfterEach();

const DEPRECATED = '299 - "networking.k8s.io/v1beta1 Ingress is deprecated in v1.19+, unavailable in v1.22+; use networking.k8s.io/v1 Ingress"';
const EMPTY_LIST = JSON.stringify({ kind: 'IngressList', apiVersion: 'v1', metadata: {}, items: [] });

/** The recorded 1.20.2 cluster: discovery, /openapi/v2 (v3 is 404), and ingress lists (v1beta1 with its deprecation Warning). */
function stubCluster(openApiV2: () => Response = () => new Response(readFixture('openapi-v2.json'), { headers: { 'content-type': 'application/json' } })) {
  return stubFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/-/contexts') return Response.json({ contexts: [{ name: 'dev', server: 'https://127.0.0.1:6443', namespace: 'fx', user: 'admin' }], default: 'dev' });
    if (path === '/k8s/dev/openapi/v2') return openApiV2();
    if (path === '/k8s/dev/apis/networking.k8s.io/v1beta1/ingresses') return new Response(EMPTY_LIST, { headers: { 'content-type': 'application/json', warning: DEPRECATED } });
    if (path === '/k8s/dev/apis/networking.k8s.io/v1/ingresses') return new Response(EMPTY_LIST, { headers: { 'content-type': 'application/json' } });
    const discovery = /^\/k8s\/dev\/(apis?(?:\/[^/]+){0,2})$/.exec(path);
    if (discovery?.[1]) {
      try {
        return new Response(readFixture(`discovery/${discovery[1].split('/').join('__')}.json`), { headers: { 'content-type': 'application/json' } });
      } catch {
        // Not recorded: 404 below.
      }
    }
    return Response.json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, { status: 404 });
  });
}

describe('Explain page (recorded 1.20.2 discovery and /openapi/v2)', () => {
  it('shows the resource, flags the version whose list carried a deprecation Warning, and opens the URL field', async () => {
    stubCluster();
    renderAppAt('/c/dev/-/explain?resource=ing&field=spec.rules');
    const field = await screen.findByTestId('explain-field', {}, { timeout: 5000 });
    expect(within(field).getByTestId('explain-field-path').textContent).toBe('Ingress.spec.rules');
    expect(within(field).getByTestId('explain-field-type').textContent).toBe('<[]IngressRule>');
    expect(screen.getByTestId('explain-short-names').textContent).toBe('ing');
    await waitFor(() => expect(screen.getByTestId('explain-deprecations').textContent).toContain('networking.k8s.io/v1beta1 Ingress is deprecated'));
    const versions = screen.getAllByTestId('explain-version');
    expect(versions.map((v) => [v.textContent, v.dataset.deprecated ?? null])).toEqual([
      ['v1preferred', null],
      ['v1beta1deprecated', 'true'],
    ]);
    const tree = screen.getByRole('tree', { name: 'Fields' });
    const rules = within(tree).getAllByRole('treeitem').find((item) => item.dataset.path === 'spec.rules');
    expect(rules?.getAttribute('aria-selected')).toBe('true');
    expect(rules?.getAttribute('aria-expanded')).toBe('true');
  });

  it('is usable from the keyboard: arrows move, Right and Left expand and collapse', async () => {
    stubCluster();
    renderAppAt('/c/dev/-/explain?resource=deployments.apps');
    const tree = await screen.findByRole('tree', { name: 'Fields' }, { timeout: 5000 });
    const item = (path: string) => within(tree).queryAllByRole('treeitem').find((i) => i.dataset.path === path);
    const first = item('apiVersion');
    expect(first?.tabIndex).toBe(0);
    first?.focus();
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).dataset.path).toBe('spec');
    expect(item('spec.strategy')).toBeUndefined();
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await waitFor(() => expect(item('spec.strategy')).toBeDefined());
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(item('spec.minReadySeconds'));
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(item('spec'));
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    await waitFor(() => expect(item('spec.strategy')).toBeUndefined());
  });

  it('says why there is no schema when the OpenAPI document fails', async () => {
    stubCluster(() => new Response('etcd is down', { status: 503 }));
    renderAppAt('/c/dev/-/explain?resource=deploy&field=spec');
    const error = await screen.findByTestId('explain-error', {}, { timeout: 5000 });
    await waitFor(() => expect(error.textContent).toContain('No schema for Deployment (apps/v1): /openapi/v2: HTTP 503 etcd is down'), { timeout: 5000 });
    expect(screen.getByTestId('explain-kind').textContent).toBe('Deployment');
  });

  it('renders descriptions as text, never as HTML', async () => {
    const doc = JSON.parse(readFixture('openapi-v2.json')) as { definitions: Record<string, { description?: string }> };
    const strategy = doc.definitions['io.k8s.api.apps.v1.DeploymentStrategy'];
    if (strategy) strategy.description = '<img src=x onerror="alert(1)"> strategy';
    stubCluster(() => Response.json(doc));
    renderAppAt('/c/dev/-/explain?resource=deploy&field=spec.strategy.type');
    await screen.findByTestId('explain-field', {}, { timeout: 5000 });
    const tree = screen.getByRole('tree', { name: 'Fields' });
    const row = within(tree).getAllByRole('treeitem').find((i) => i.dataset.path === 'spec.strategy');
    expect(row?.textContent).toContain('<DeploymentStrategy>');
    expect(document.querySelector('img')).toBeNull();
  });
});
