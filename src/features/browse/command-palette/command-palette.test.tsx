// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { objectExistsQueryOptions } from '../../../data/object-exists-query';
import { useUiStore } from '../../../stores/ui-store';
import { namespaceBoundUserEachTest } from '../../../testing/namespace-bound-user';
import { renderAppAt } from '../../../testing/render-app';

const firstHref = () => screen.queryAllByTestId('palette-option')[0]?.getAttribute('data-href');

async function openPaletteAndType(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('namespace-picker').title).toContain('You may not list namespaces'));
  fireEvent.click(screen.getByTestId('palette-open'));
  fireEvent.change(screen.getByRole('combobox', { name: 'Jump to a resource' }), { target: { value: text } });
}

const requests = namespaceBoundUserEachTest({ context: 'dev', contextNamespace: 'fx', accessIn: ['fx', 'shop'], objects: ['/api/v1/namespaces/fx/pods/web-1'] });

describe('command palette when listing namespaces is forbidden', () => {
  it('reads `po shop` as the namespace when no pod "shop" exists', async () => {
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await openPaletteAndType('po shop');
    await waitFor(() => expect(firstHref()).toBe('/c/dev/api/v1/namespaces/shop/pods'));
    expect(screen.getAllByTestId('palette-option')[1]?.getAttribute('data-href')).toBe('/c/dev/api/v1/namespaces/fx/pods/shop');
    expect(requests()).toContain('GET /k8s/dev/api/v1/namespaces/fx/pods/shop');
  });

  it('keeps the object first when it exists', async () => {
    const { queryClient } = renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await openPaletteAndType('po web-1');
    const probe = objectExistsQueryOptions('dev', '/api/v1/namespaces/fx/pods/web-1').queryKey;
    await waitFor(() => expect(queryClient.getQueryData(probe)).toBe(true));
    expect(firstHref()).toBe('/c/dev/api/v1/namespaces/fx/pods/web-1');
  });

  it('knows the used namespaces and the context namespace without asking', async () => {
    useUiStore.setState({ usedNamespacesByContext: { dev: ['shop'] } });
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await openPaletteAndType('po shop');
    await waitFor(() => expect(firstHref()).toBe('/c/dev/api/v1/namespaces/shop/pods'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Jump to a resource' }), { target: { value: 'svc fx' } });
    await waitFor(() => expect(firstHref()).toBe('/c/dev/api/v1/namespaces/fx/services'));
    expect(requests().filter((c) => /\/pods\/shop$|\/services\/fx$/.test(c))).toEqual([]);
    // The refused list is an answer: opening the palette does not ask it again.
    expect(requests().filter((c) => c === 'GET /k8s/dev/api/v1/namespaces')).toHaveLength(1);
  });

  it('offers `explain deploy.spec.strategy` as the Explain page of deployments', async () => {
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await openPaletteAndType('explain deploy.spec.strategy');
    await waitFor(() => expect(firstHref()).toBe('/c/dev/-/explain?resource=deployments.apps&field=spec.strategy'));
    expect(screen.getAllByTestId('palette-option')[0]?.textContent).toContain('explain deployments.apps.spec.strategy');
  });
});
