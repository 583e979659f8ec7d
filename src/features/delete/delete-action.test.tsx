// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { parseApiPath } from '../../k8s/paths';
import { DeleteAction } from './delete-action';
import { DeletionStatus } from './deletion-status';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { recordedDiscovery } from '../../testing/recorded-discovery';

const DEPLOYMENT_PATH = '/apis/apps/v1/namespaces/default/deployments/web';
const NAMESPACE_PATH = '/api/v1/namespaces/team-a';

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const deployment: KubeObject = {
  kind: 'Deployment',
  apiVersion: 'apps/v1',
  metadata: { name: 'web', namespace: 'default', uid: 'uid-web', resourceVersion: '77' },
  spec: { replicas: 1 },
};

interface Delete {
  path: string;
  body: Record<string, unknown>;
}

let deletes: Delete[];
let serverResourceVersion: string;
let denied: (a: { verb?: string }) => boolean;

function handle(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init, denied);
  if (review) return review;
  const path = new URL(url, 'http://localhost').pathname;
  const method = init?.method ?? 'GET';
  if (method === 'DELETE') {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    deletes.push({ path, body });
    const pre = body.preconditions as { resourceVersion?: string } | undefined;
    if (pre?.resourceVersion && pre.resourceVersion !== serverResourceVersion) {
      return json(
        {
          kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Conflict', code: 409, details: { name: 'web', kind: 'Deployment' },
          message: `Operation cannot be fulfilled on Deployment "web": the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${serverResourceVersion}). The object might have been modified`,
        },
        409,
      );
    }
    if (body.propagationPolicy === 'Foreground') {
      return json({ ...deployment, metadata: { ...deployment.metadata, deletionTimestamp: '2026-11-21T00:00:00Z', deletionGracePeriodSeconds: 0, finalizers: ['foregroundDeletion'] } });
    }
    return json({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'web', group: 'apps', kind: 'deployments', uid: 'uid-web' } });
  }
  const discovery = recordedDiscovery(path);
  if (discovery) return discovery;
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);
}

async function renderAction(apiPath = DEPLOYMENT_PATH, object = deployment) {
  const onDeleted = vi.fn();
  renderInProviders(<DeleteAction context="demo" apiPath={apiPath} path={parseApiPath(apiPath)!} object={object} onDeleted={onDeleted} />);
  await accessSettled();
  return { onDeleted };
}

async function openDialog(name = 'Delete Deployment web in default?') {
  const button = await screen.findByRole('button', { name: 'Delete' });
  await accessSettled();
  fireEvent.click(button);
  return screen.getByRole('dialog', { name });
}

beforeEach(() => {
  denied = () => false;
  deletes = [];
  serverResourceVersion = '77';
  stubFetch(handle);
});

cleanUpAfterEach();

describe('delete action', () => {
  it('opens a modal dialog that keeps focus inside, closes on Escape and gives focus back', async () => {
    await renderAction();
    const opener = await screen.findByRole('button', { name: 'Delete' });
    opener.focus();
    const dialog = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Background/ }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /Only if uid is uid-web/ }).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /Only if resourceVersion is still 77/ }).checked).toBe(false);

    const buttons = within(dialog).getAllByRole('button');
    buttons.at(-1)!.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getAllByRole('radio')[0]);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons.at(-1));
    opener.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Escape works wherever the focus is, even when it fell to <body>.
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(deletes).toHaveLength(0);
  });

  it('previews with a dry run (Status Success, then Foreground waiting for its finalizer), then deletes', async () => {
    const { onDeleted } = await renderAction();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByTestId('delete-preview')).textContent).toContain('the server would delete Deployment web at once. Nothing was deleted.');
    expect(deletes[0]).toEqual({
      path: `/k8s/demo${DEPLOYMENT_PATH}`,
      body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background', preconditions: { uid: 'uid-web' }, dryRun: ['All'] },
    });

    fireEvent.click(within(dialog).getByRole('radio', { name: /Foreground/ }));
    expect(within(dialog).getByTestId('delete-preview').textContent).toContain('The options changed since this preview');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(within(dialog).getByTestId('preview-finalizers').textContent).toContain('foregroundDeletion: the garbage collector deletes the dependents first'));
    expect(within(dialog).getByTestId('delete-preview').textContent).not.toContain('options changed');

    fireEvent.click(within(dialog).getByRole('radio', { name: /Background/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes.at(-1)!.body).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background', preconditions: { uid: 'uid-web' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the 409 of a stale resourceVersion precondition and stays open; a pending deletion does not leave the page', async () => {
    const { onDeleted } = await renderAction();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Only if resourceVersion/ }));
    serverResourceVersion = '78';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const error = await within(dialog).findByTestId('delete-error');
    expect(within(error).getByTestId('error-code').textContent).toBe('409');
    expect(within(error).getByTestId('error-reason').textContent).toBe('Conflict');
    expect(error.textContent).toContain('the ResourceVersion in the precondition (77) does not match the ResourceVersion in record (78)');
    expect(error.textContent).toContain('A precondition failed: nothing was deleted');
    expect(deletes[0]!.body.preconditions).toEqual({ uid: 'uid-web', resourceVersion: '77' });
    expect(onDeleted).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Only if resourceVersion/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Foreground/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a user who may not delete sees Delete disabled with the reason; clicking opens nothing', async () => {
    denied = (a) => a.verb === 'delete';
    await renderAction();
    const button = await screen.findByRole('button', { name: 'Delete' });
    await accessSettled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe('You may not delete deployments.apps "web" in namespace default');
    expect(screen.getByText('You may not delete deployments.apps "web" in namespace default', { selector: 'span' })).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes).toEqual([]);
  });

  it('asks for the name before deleting a namespace', async () => {
    const ns: KubeObject = { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'team-a', uid: 'uid-ns', resourceVersion: '5' } };
    await renderAction(NAMESPACE_PATH, ns);
    const dialog = await openDialog('Delete Namespace team-a?');
    const remove = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    expect(remove.disabled).toBe(true);
    const input = within(dialog).getByRole('textbox', { name: /Type team-a to confirm/ });
    fireEvent.change(input, { target: { value: 'team-' } });
    expect(remove.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'team-a' } });
    expect(remove.disabled).toBe(false);
  });

  it('offers no Delete when discovery does not list the verb', async () => {
    const statusPath = '/api/v1/componentstatuses/etcd-0';
    renderInProviders(
      <>
        <DeleteAction context="demo" apiPath={statusPath} path={parseApiPath(statusPath)!} object={{ kind: 'ComponentStatus', metadata: { name: 'etcd-0' } }} onDeleted={vi.fn()} />
        <DeleteAction context="demo" apiPath={DEPLOYMENT_PATH} path={parseApiPath(DEPLOYMENT_PATH)!} object={deployment} onDeleted={vi.fn()} />
      </>,
    );
    // Once discovery is in (the deployment's button shows), the componentstatus still has none.
    await screen.findByRole('button', { name: 'Delete' });
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });
});

describe('deletion status', () => {
  it('says what a requested deletion waits for', () => {
    render(<DeletionStatus object={{ kind: 'Deployment', metadata: { name: 'web', deletionTimestamp: '2026-11-21T00:00:00Z', finalizers: ['foregroundDeletion', 'example.com/x'] } }} />);
    expect(screen.getByTestId('deletion-pending').textContent).toBe(
      'Deletion requested; waiting for finalizers: foregroundDeletion — the garbage collector deletes the dependents first (Foreground); example.com/x. ' +
        'The object goes when the last one is removed. (deletionTimestamp 2026-11-21T00:00:00Z)',
    );
    cleanup();
    render(<DeletionStatus object={{ kind: 'Deployment', metadata: { name: 'web' } }} />);
    expect(screen.queryByTestId('deletion-pending')).toBeNull();
  });
});
