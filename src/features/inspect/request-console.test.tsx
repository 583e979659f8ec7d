// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kubeRequest } from '../../k8s/api-client';
import { requestRecorder } from '../../k8s/request-recorder';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { RequestConsoleButton } from './request-console-button';

cleanUpAfterEach();
afterEach(() => requestRecorder.clear());

const notFound = { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'pods "gone" not found', details: { name: 'gone', kind: 'pods' } };

function answerPods(url: string): Response {
  if (url.endsWith('/pods/gone')) return new Response(JSON.stringify(notFound), { status: 404, statusText: 'Not Found', headers: { 'content-type': 'application/json' } });
  return new Response('{"kind":"PodList","items":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('RequestConsole', () => {
  it('lists requests newest first, filters them, and shows the selected one with its curl line and explained error', async () => {
    stubFetch(answerPods);
    renderInProviders(<RequestConsoleButton />);
    fireEvent.keyDown(window, { altKey: true, code: 'KeyR', key: 'r' });
    expect(screen.getByRole('dialog', { name: 'API requests' })).toBeTruthy();

    await act(async () => {
      await kubeRequest('demo', '/api/v1/namespaces/default/pods', { query: { limit: 500 } });
      await kubeRequest('demo', '/api/v1/namespaces/default/pods/gone').catch(() => undefined);
    });
    const rows = screen.getAllByTestId('request-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('/api/v1/namespaces/default/pods/gone404 NotFound'),
      expect.stringContaining('/api/v1/namespaces/default/pods?limit=500200'),
    ]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status class' }), { target: { value: '4xx' } });
    expect(screen.getAllByTestId('request-row')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status class' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter requests' }), { target: { value: 'limit=' } });
    const [list] = screen.getAllByTestId('request-row');
    expect(screen.getAllByTestId('request-row')).toHaveLength(1);

    fireEvent.click(list!);
    expect(screen.getByTestId('request-curl').textContent).toBe(
      `curl -sS -X GET -H 'Accept: application/json' '${window.location.origin}/k8s/demo/api/v1/namespaces/default/pods?limit=500'`,
    );
    expect(screen.getByTestId('response-body').textContent).toContain('"kind": "PodList"');
    expect(screen.queryByTestId('request-error')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Filter requests' }), { target: { value: 'gone' } });
    fireEvent.click(screen.getByTestId('request-row'));
    const error = screen.getByTestId('request-error');
    expect(within(error).getByTestId('error-reason').textContent).toBe('NotFound');
    expect(within(error).getByTestId('error-message').textContent).toBe('pods "gone" not found');

    fireEvent.click(screen.getByRole('button', { name: 'Close requests' }));
    expect(screen.queryByRole('dialog', { name: 'API requests' })).toBeNull();
  });
});
