// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { readJsonFixture } from '../../testing/fixtures';
import { ManagedFieldsView } from './managed-fields-view';

afterEach(cleanup);

describe('ManagedFieldsView', () => {
  it('shows one row per manager with its operation, apiVersion, time and fields', () => {
    render(<ManagedFieldsView object={readJsonFixture<KubeObject>('objects/deployment-merge-patch-dryrun.json')} />);
    const rows = within(screen.getByRole('table', { name: 'Managed fields' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(rows[1]!)).toEqual(['curl', 'Update', 'apps/v1', '2026-11-21T22:22:17Z', 'spec.replicas']);
    expect(cells(rows[0]!)[0]).toBe('kubectl-client-side-apply');
    expect(within(rows[0]!).getByText('spec.template.spec.containers[name=nginx].image')).toBeTruthy();
  });

  it('says so when there are no managedFields', () => {
    render(<ManagedFieldsView object={{ metadata: { name: 'x' } }} />);
    expect(screen.getByTestId('managed-fields').textContent).toContain('no managedFields');
  });
});
