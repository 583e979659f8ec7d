// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../data/query-client';
import { kubeRequest } from '../../k8s/api-client';
import { requestRecorder } from '../../k8s/request-recorder';
import { WatchClient } from '../../k8s/watch-client';
import { watchLog } from '../../k8s/watch-log';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { FakeSocket } from '../../testing/fake-socket';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { RequestConsoleButton } from './request-console-button';

cleanUpAfterEach();
afterEach(() => {
  requestRecorder.clear();
  watchLog.clear();
});

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
    // The console is a lazy chunk: it shows once loaded.
    expect(await screen.findByRole('dialog', { name: 'API requests' })).toBeTruthy();

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

describe('RequestConsole watches and retries', () => {
  it('lists watches among the requests with their status and counts, filterable, and shows one in full with its kubectl get -w', async () => {
    stubFetch(() => new Response(JSON.stringify({ contexts: [{ name: 'demo', server: 'http://x', demo: true }], default: 'demo' }), { status: 200 }));
    const socket = new FakeSocket();
    const client = new WatchClient({ url: 'ws://t/-/ws', createSocket: () => socket });
    renderInProviders(<RequestConsoleButton />);
    fireEvent.click(screen.getByTestId('requests-button'));
    await screen.findByRole('dialog', { name: 'API requests' });

    const stop = client.watch({ context: 'demo', path: '/api/v1/namespaces/default/pods', query: { labelSelector: 'app=web', resourceVersion: '10' }, as: 'Table' }, () => {}, () => {});
    client.watch({ context: 'demo', path: '/api/v1/secrets', as: 'Object' }, () => {}, () => {});
    socket.open();
    const pod = (rv: string) => ({ kind: 'Pod', metadata: { name: 'p', resourceVersion: rv } });
    for (let i = 0; i < 300; i++) socket.deliver({ id: 'w1', event: { type: 'MODIFIED', object: pod(String(11 + i)) } });
    socket.deliver({ id: 'w1', event: { type: 'BOOKMARK', object: pod('400') } });
    socket.deliver({ id: 'w2', closed: true, status: { kind: 'Status', apiVersion: 'v1', code: 403, reason: 'Forbidden', message: 'secrets is forbidden' } });

    await waitFor(() => expect(screen.getAllByTestId('watch-row')).toHaveLength(2));
    const [secrets, pods] = screen.getAllByTestId('watch-row');
    expect(pods?.textContent).toBe('WATCH/api/v1/namespaces/default/pods?labelSelector=app=web&resourceVersion=10open300 ev');
    expect(secrets?.textContent).toMatch(/^WATCH\/api\/v1\/secrets403 Forbidden0 ev/);

    fireEvent.change(screen.getByRole('combobox', { name: 'Status class' }), { target: { value: '4xx' } });
    expect(screen.getAllByTestId('watch-row')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status class' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Method' }), { target: { value: 'WATCH' } });
    expect(screen.queryAllByTestId('request-row')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter requests' }), { target: { value: 'app=web' } });
    expect(screen.getAllByTestId('watch-row')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('watch-row'));
    const detail = screen.getByTestId('watch-detail');
    expect(within(detail).getByTestId('watch-status').textContent).toBe('open');
    expect(within(detail).getByTestId('watch-count-MODIFIED').textContent).toBe('300');
    expect(within(detail).getByTestId('watch-count-BOOKMARK').textContent).toBe('1');
    expect(within(detail).getByTestId('watch-last-rv').textContent).toBe('400');
    await within(detail).findByText(/^kubectl --kubeconfig=\/dev\/null --server http:\/\/localhost(:\d+)?\/k8s\/demo get pods -n default -l app=web -w$/);

    act(() => stop());
    await waitFor(() => expect(within(detail).getByTestId('watch-status').textContent).toBe('unwatched'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter requests' }), { target: { value: 'secrets' } });
    fireEvent.click(screen.getByTestId('watch-row'));
    expect(within(screen.getByTestId('watch-error')).getByTestId('error-reason').textContent).toBe('Forbidden');
    client.dispose();
  });

  it('marks the query client\'s retries of a throttled read, after the Retry-After it asked for', async () => {
    const answers = [
      new Response('{"kind":"Status","code":503,"reason":"ServiceUnavailable"}', { status: 503, headers: { 'retry-after': '0' } }),
      new Response('Too many requests, please try again later.', { status: 429, headers: { 'retry-after': '0', 'content-type': 'text/plain' } }),
      new Response('{"kind":"PodList","items":[]}', { status: 200 }),
    ];
    stubFetch((url) => (url.includes('/pods') ? answers.shift()! : new Response('{"contexts":[],"default":"demo"}')));
    await createQueryClient().fetchQuery({ queryKey: ['pods'], queryFn: () => kubeRequest('demo', '/api/v1/namespaces/default/pods') });

    renderInProviders(<RequestConsoleButton />);
    fireEvent.click(screen.getByTestId('requests-button'));
    await screen.findByRole('dialog', { name: 'API requests' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter requests' }), { target: { value: '/pods' } });
    const rows = screen.getAllByTestId('request-row');
    expect(rows.map((r) => r.dataset.retry)).toEqual(['2', '1', undefined]);
    expect(rows[0]?.textContent).toMatch(/retry 2 · waited \d\.\d s \(Retry-After: 0\)200/);
    expect(rows[2]?.textContent).toContain('503 ServiceUnavailable');
  });
});
