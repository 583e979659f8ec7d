// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { decodeErrorResponse, networkError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { WriteOutcomePanel } from './write-outcome-panel';
import type { WriteTarget } from './write-recheck';

const PATH = '/api/v1/namespaces/default/configmaps/c1';
const base: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: '10' }, data: { a: 'one' } };
const sent: KubeObject = { ...base, data: { a: 'mine' } };
const update: WriteTarget = { verb: 'update', apiPath: PATH, base, sent };
const dropped = networkError('PUT', `/k8s/demo${PATH}`, new TypeError('Failed to fetch'));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function refused(code: number, reason: string) {
  const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message: 'refused' });
  return decodeErrorResponse({ method: 'PUT', url: `/k8s/demo${PATH}`, httpStatus: code, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), body });
}

cleanUpAfterEach();

describe('WriteOutcomePanel', () => {
  it('refused (422): says not done, the draft kept; Check now and Save again offered; nothing is sent by itself', () => {
    const fetch = stubFetch(() => json(base));
    const onSendAgain = vi.fn();
    renderInProviders(<WriteOutcomePanel context="demo" error={refused(422, 'Invalid')} target={update} action="Save" onSendAgain={onSendAgain} />);
    expect(screen.getByRole('status').textContent).toBe('Not done: The server refused it (422 Invalid). Your draft is kept; Save again when ready.');
    expect(screen.getByTestId('write-outcome').dataset.known).toBe('not-done');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save again' }));
    expect(onSendAgain).toHaveBeenCalledOnce();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('no answer: unknown; Check now GETs once and finds the change: done, with the resourceVersion, Save again gone', async () => {
    const fetch = stubFetch(() => json({ ...sent, metadata: { ...sent.metadata, resourceVersion: '11' } }));
    renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={update} action="Save" onSendAgain={() => {}} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Unknown: The connection failed before an answer came/);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Done: the server has your change (resourceVersion 11).')).toBeTruthy();
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]![0]).toBe(`/k8s/demo${PATH}`);
    expect(fetch.mock.calls[0]![1]?.method).toBe('GET');
    expect(screen.queryByRole('button', { name: 'Save again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  it('no answer, and the object is as it was: not done, Save again offered', async () => {
    stubFetch(() => json(base));
    renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={update} action="Save" onSendAgain={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Not done: the object is as it was (resourceVersion 10). Your draft is kept; Save again.')).toBeTruthy();
    expect(screen.getByTestId('write-outcome').dataset.known).toBe('not-done');
    expect(screen.getByRole('button', { name: 'Save again' })).toBeTruthy();
  });

  it('changed by someone else: review, no Save again', async () => {
    stubFetch(() => json({ ...base, metadata: { ...base.metadata, resourceVersion: '12' }, data: { a: 'theirs' } }));
    renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={update} action="Save" onSendAgain={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/^Changed since, by someone else or your write/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save again' })).toBeNull();
  });

  it('the check fails too: still unknown, Check now offered again', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={update} action="Save" />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/^Unknown: the check could not read the object either/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeTruthy();
  });

  it('Create with generateName: Create again warns it may make a second object; Check now says the name cannot be known', async () => {
    const fetch = stubFetch(() => json({}));
    const generated: WriteTarget = { verb: 'create', collectionPath: '/api/v1/namespaces/default/configmaps', sent: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'c-' } } };
    renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={generated} action="Create" onSendAgain={() => {}} />);
    expect(screen.getByTestId('send-again-warning').textContent).toMatch(/Create again makes a second object/);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(/generateName c-\), so the object cannot be looked up/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('done after a check: the done action gets the object found', async () => {
    const found = { ...sent, metadata: { ...sent.metadata, resourceVersion: '11' } };
    stubFetch(() => json(found));
    const run = vi.fn();
    renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={update} action="Save" onDone={{ label: 'Use it', run }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use it' }));
    expect(run).toHaveBeenCalledWith(found);
  });

  it('a new failure starts over: the previous check is not shown for it', async () => {
    stubFetch(() => json({ ...sent, metadata: { ...sent.metadata, resourceVersion: '11' } }));
    const view = renderInProviders(<WriteOutcomePanel context="demo" error={dropped} target={update} action="Save" />);
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await screen.findByText(/^Done:/);
    view.rerender(<WriteOutcomePanel context="demo" error={refused(403, 'Forbidden')} target={update} action="Save" />);
    expect(screen.getByRole('status').textContent).toMatch(/^Not done: The server refused it \(403 Forbidden\)/);
  });
});
