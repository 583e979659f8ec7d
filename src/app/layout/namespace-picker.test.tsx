// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../stores/ui-store';
import { namespaceBoundUserEachTest } from '../../testing/namespace-bound-user';
import { renderAppAt } from '../../testing/render-app';
import { namespaceNameProblem } from './namespace-picker';

const picker = () => screen.getByRole('combobox', { name: 'Namespace' }) as HTMLSelectElement;
const optionTexts = () => within(picker()).getAllByRole('option').map((o) => o.textContent);

/** Chooses "Type a namespace…" and returns the text box that takes its place. */
function startTyping(): HTMLInputElement {
  const typeOption = within(picker()).getByRole('option', { name: 'Type a namespace…' }) as HTMLOptionElement;
  fireEvent.change(picker(), { target: { value: typeOption.value } });
  return screen.getByRole('combobox', { name: 'Namespace' }) as HTMLInputElement;
}

function typeNamespace(name: string): void {
  const input = startTyping();
  expect(document.activeElement).toBe(input);
  fireEvent.change(input, { target: { value: name } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const requests = namespaceBoundUserEachTest({ context: 'dev', contextNamespace: 'fx', accessIn: ['fx', 'shop'] });

describe('namespace picker for a user who may not list namespaces', () => {
  it('says so in its title and starts from the context namespace', async () => {
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await waitFor(() => expect(picker().title).toBe('You may not list namespaces: type one you work in'));
    expect(picker().value).toBe('fx');
    // Listing pods across all namespaces is a cluster-scope list, which this user is refused: not offered.
    await waitFor(() => expect(optionTexts()).toEqual(['All namespaces — you may not list pods across them', 'fx', 'Type a namespace…']));
    expect((within(picker()).getAllByRole('option')[0] as HTMLOptionElement).disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a typed namespace, goes there, and offers it next time', async () => {
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await waitFor(() => expect(picker().title).toContain('You may not list namespaces'));
    typeNamespace('shop');
    expect(window.location.pathname).toBe('/c/dev/api/v1/namespaces/shop/pods');
    // Back on the select, so the keyboard keeps its place.
    expect(document.activeElement).toBe(screen.getByTestId('namespace-picker'));
    await waitFor(() => expect(useUiStore.getState().usedNamespacesByContext.dev).toContain('shop'));
    expect(requests()).toContain('POST /k8s/dev/apis/authorization.k8s.io/v1/selfsubjectrulesreviews');
    const stored = JSON.parse(localStorage.getItem('kubeglass-ui') ?? '{}') as { state?: { usedNamespacesByContext?: Record<string, string[]> } };
    expect(stored.state?.usedNamespacesByContext?.dev).toContain('shop');

    cleanup();
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await waitFor(() => expect(optionTexts()).toEqual(['All namespaces — you may not list pods across them', 'fx', 'shop', 'Type a namespace…']));
    fireEvent.change(picker(), { target: { value: 'shop' } });
    expect(window.location.pathname).toBe('/c/dev/api/v1/namespaces/shop/pods');
  });

  it('marks a tried namespace where the rules review grants nothing, keeps it, and does not remember it', async () => {
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await waitFor(() => expect(picker().title).toContain('You may not list namespaces'));
    typeNamespace('kube-system');
    expect(window.location.pathname).toBe('/c/dev/api/v1/namespaces/kube-system/pods');
    await waitFor(() => expect(optionTexts()).toContain('kube-system — no access here'));
    expect(picker().value).toBe('kube-system');
    expect(picker().title).toContain('You have no access in namespace kube-system');
    expect(optionTexts()).toContain('fx');
    expect(useUiStore.getState().usedNamespacesByContext.dev).toEqual(['fx']);
  });

  it('cancels with Escape and refuses what cannot name a namespace', async () => {
    renderAppAt('/c/dev/api/v1/namespaces/fx/pods');
    await waitFor(() => expect(picker().title).toContain('You may not list namespaces'));
    let input = startTyping();
    fireEvent.change(input, { target: { value: 'Shop_1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/lowercase letters, digits and "-"/)).toBeTruthy();
    expect(window.location.pathname).toBe('/c/dev/api/v1/namespaces/fx/pods');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByTestId('namespace-picker'));
    expect(picker().value).toBe('fx');
    input = startTyping();
    expect(input.value).toBe('');
  });
});

describe('namespaceNameProblem', () => {
  it('accepts DNS-1123 labels only', () => {
    expect(namespaceNameProblem('kube-system')).toBeNull();
    expect(namespaceNameProblem('')).not.toBeNull();
    expect(namespaceNameProblem('-a')).not.toBeNull();
    expect(namespaceNameProblem('a.b')).not.toBeNull();
    expect(namespaceNameProblem('x'.repeat(64))).toContain('63');
  });
});
