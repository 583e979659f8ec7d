// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { cleanUpAfterEach } from '../../../testing/clean-up-after-each';
import { readFixture } from '../../../testing/fixtures';
import { renderAppAt } from '../../../testing/render-app';
import { stubFetch } from '../../../testing/stub-fetch';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function names(...objects: Array<[namespace: string, name: string]>) {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '1' },
    columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', description: 'Name', priority: 0 }],
    rows: objects.map(([namespace, name]) => ({ cells: [name], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name, namespace } } })),
  };
}

const forbidden = (what: string) => json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: `${what} is forbidden`, reason: 'Forbidden', code: 403 }, 403);

let requests: string[] = [];

beforeEach(() => {
  useUiStore.setState({ namespaceByContext: {}, pinnedResources: [], recentResources: [] });
  requests = [];
  stubFetch((url) => {
    const { pathname: path, searchParams } = new URL(url, 'http://localhost');
    requests.push(`${path}${searchParams.get('limit') ? `?limit=${searchParams.get('limit')}` : ''}`);
    if (path === '/-/contexts') return json({ contexts: [{ name: 'demo', server: 'https://127.0.0.1:6443', demo: true }], default: 'demo' });
    if (path === '/k8s/demo/api/v1/namespaces') return json(names(['', 'default'], ['', 'shop']));
    if (path === '/k8s/demo/api/v1/pods') return json(names(['default', 'web-1'], ['shop', 'db-0']));
    if (path === '/k8s/demo/apis/apps/v1/deployments') return json(names(['default', 'web']));
    // Secrets may not be listed across namespaces, only in shop; services not at all.
    if (path === '/k8s/demo/api/v1/secrets') return forbidden('secrets');
    if (path === '/k8s/demo/api/v1/namespaces/shop/secrets') return json(names(['shop', 'web-tls']));
    if (path === '/k8s/demo/api/v1/namespaces/default/secrets') return forbidden('secrets');
    if (path === '/k8s/demo/api/v1/services') return forbidden('services');
    const discovery = /^\/k8s\/demo\/(apis?(?:\/[^/]+){0,2})$/.exec(path);
    if (discovery?.[1]) {
      try {
        return json(JSON.parse(readFixture(`discovery/${discovery[1].split('/').join('__')}.json`)));
      } catch {
        // Not recorded: 404 below.
      }
    }
    return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'not found', reason: 'NotFound', code: 404 }, 404);
  });
});

cleanUpAfterEach();

const hrefs = () => screen.queryAllByTestId('palette-option').map((o) => o.getAttribute('data-href') ?? '');

describe('command palette: find by name', () => {
  it('lists pods, deployments and secrets named like the word after the matching resource types', async () => {
    renderAppAt('/c/demo/api/v1/pods');
    await screen.findByTestId('resource-table');
    const before = requests.length;
    fireEvent.click(screen.getByTestId('palette-open'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Jump to a resource' }), { target: { value: 'web' } });
    await waitFor(() => expect(hrefs()).toContain('/c/demo/api/v1/namespaces/shop/secrets/web-tls'), { timeout: 5000 });
    const found = hrefs().filter((h) => /\/namespaces\/[^/]+\/[^/]+\/[^/]+$/.test(h));
    expect(found).toEqual(['/c/demo/api/v1/namespaces/default/pods/web-1', '/c/demo/apis/apps/v1/namespaces/default/deployments/web', '/c/demo/api/v1/namespaces/shop/secrets/web-tls']);
    // Resource types (the webhook configurations) come first.
    expect(hrefs()[0]).toContain('webhookconfigurations');
    expect(hrefs().indexOf(found[0] ?? '')).toBeGreaterThan(0);
    expect(screen.getAllByTestId('palette-option').find((o) => o.getAttribute('data-href') === found[0])?.textContent).toContain('pod/web-1');
    // One list per kind with a limit, not one per keystroke.
    fireEvent.change(screen.getByRole('combobox', { name: 'Jump to a resource' }), { target: { value: 'web-' } });
    await waitFor(() => expect(hrefs()).not.toContain('/c/demo/apis/apps/v1/namespaces/default/deployments/web'));
    expect(requests.slice(before).filter((r) => r === '/k8s/demo/api/v1/pods?limit=500')).toHaveLength(1);
    // Secrets refused across namespaces were listed per namespace; the refused one is simply left out.
    expect(requests.slice(before)).toContain('/k8s/demo/api/v1/namespaces/default/secrets?limit=500');
  });

  it('searches only the chosen namespace', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/shop/pods');
    await screen.findByTestId('palette-open');
    fireEvent.click(screen.getByTestId('palette-open'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Jump to a resource' }), { target: { value: 'web' } });
    await waitFor(() => expect(hrefs()).toContain('/c/demo/api/v1/namespaces/shop/secrets/web-tls'), { timeout: 5000 });
    expect(requests).toContain('/k8s/demo/api/v1/namespaces/shop/pods?limit=500');
    expect(requests).not.toContain('/k8s/demo/api/v1/pods?limit=500');
  });
});
