// @vitest-environment jsdom
// The outcome line where a Delete fails in its dialog. The answer is lost after the server applied the DELETE (or
// refused before it): Check now tells which, and nothing is sent twice.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { CM_PATH, flakyConfigMapServer, type FlakyConfigMapServer } from '../../testing/flaky-configmap-server';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { DeleteDialog } from './delete-dialog';

let api: FlakyConfigMapServer;

beforeEach(() => {
  api = flakyConfigMapServer();
  stubFetch(api.handle);
});

cleanUpAfterEach();

describe('a failed Delete', () => {
  it('applied, answer lost: the dialog and its choices stay; Check now says done (404), Close reports it deleted; one DELETE', async () => {
    const onDeleted = vi.fn();
    renderInProviders(<DeleteDialog context="demo" apiPath={CM_PATH} object={api.object!} resource="configmaps" clusterScoped={false} onClose={() => {}} onDeleted={onDeleted} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Foreground/ }));
    api.failNext = 'applied-then-dropped';
    fireEvent.click(within(dialog).getByRole('button', { name: /^Delete/ }));
    const outcome = await within(dialog).findByTestId('write-outcome');
    expect(within(outcome).getByRole('status').textContent).toMatch(/^Unknown: .*Check now looks at the server/);
    expect(within(dialog).getByTestId('delete-error').textContent).toMatch(/Whether it was deleted is shown above/);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Foreground/ }).checked).toBe(true);

    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText('Done: the object is gone (404).')).toBeTruthy();
    fireEvent.click(within(outcome).getByRole('button', { name: 'Close' }));
    expect(onDeleted).toHaveBeenCalledWith({ kind: 'deleted' });
    expect(api.writes).toEqual(['DELETE']);
  });

  it('a 503: unknown; the check finds it still there with the same uid: not done, Delete again offered', async () => {
    renderInProviders(<DeleteDialog context="demo" apiPath={CM_PATH} object={api.object!} resource="configmaps" clusterScoped={false} onClose={() => {}} onDeleted={() => {}} />);
    const dialog = screen.getByRole('dialog');
    api.failNext = '503';
    fireEvent.click(within(dialog).getByRole('button', { name: /^Delete/ }));
    const outcome = await within(dialog).findByTestId('write-outcome');
    fireEvent.click(within(outcome).getByRole('button', { name: 'Check now' }));
    expect(await within(outcome).findByText(/^Not done: the object is still there, not marked for deletion \(resourceVersion 10\)/)).toBeTruthy();
    expect(within(outcome).getByRole('button', { name: 'Delete again' })).toBeTruthy();
    expect(api.writes).toEqual(['DELETE']);
  });
});
