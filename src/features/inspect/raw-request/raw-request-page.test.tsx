// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestRecorder } from '../../../k8s/request-recorder';
import { cleanUpAfterEach } from '../../../testing/clean-up-after-each';
import { FakeWatchChannel } from '../../../testing/fake-watch-channel';
import { renderInProviders } from '../../../testing/render-in-providers';
import { stubFetch } from '../../../testing/stub-fetch';
import { RawRequestPage } from './raw-request-page';
import type { BodyEditorProps, RawRequestTools } from './raw-request-tools';

cleanUpAfterEach();
afterEach(() => requestRecorder.clear());

function TextareaEditor({ value, onChange, markers, label }: BodyEditorProps) {
  return (
    <div>
      <textarea aria-label={label} defaultValue={value} onChange={(e) => onChange(e.target.value)} />
      <ul data-testid="editor-markers">
        {markers.map((m) => (
          <li key={`${m.line}:${m.message}`}>
            {m.line}:{m.column} {m.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

const tools: RawRequestTools = {
  CodeEditor: TextareaEditor,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default', resourceVersion: '7' } };

/** Answers the object at /configmaps/a and the tool's writes; everything else (discovery, completion lists) is 404. */
function stubApi() {
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/k8s/demo/api/v1/namespaces/default/configmaps/a') && method === 'GET') return json(configMap);
    if (method === 'POST') {
      return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Invalid', code: 422, message: 'ConfigMap "Bad_Name" is invalid', details: { causes: [{ reason: 'FieldValueInvalid', field: 'metadata.name', message: 'Invalid value: "Bad_Name"' }] } }, 422);
    }
    if (method === 'DELETE') return json({ kind: 'Status', apiVersion: 'v1', status: 'Success', code: 200 });
    return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }, 404);
  });
}

const toolCalls = (fetch: ReturnType<typeof stubApi>, method: string) =>
  fetch.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url.includes('/configmaps'));

function renderPage(search: string, channel = new FakeWatchChannel()) {
  const onReplaceUrl = vi.fn();
  const view = renderInProviders(<RawRequestPage context="demo" search={search} tools={tools} onReplaceUrl={onReplaceUrl} />, channel);
  return { ...view, channel, onReplaceUrl };
}

describe('RawRequestPage', () => {
  it('sends a GET link with send=1 on open and shows the answer', async () => {
    const fetch = stubApi();
    renderPage('?verb=GET&path=/api/v1/namespaces/default/configmaps/a&send=1');
    expect(await screen.findByText(/Response headers \(HTTP 200/)).toBeTruthy();
    expect(screen.getByTestId('response-body').textContent).toContain('"name": "a"');
    expect(toolCalls(fetch, 'GET').map(([url]) => url)).toEqual(['/k8s/demo/api/v1/namespaces/default/configmaps/a']);
  });

  it('never sends a DELETE link on open; Send sends it, with dryRun=All', async () => {
    const fetch = stubApi();
    renderPage('?verb=DELETE&path=/api/v1/namespaces/default/configmaps/a&dryRun=1&send=1');
    expect(screen.getByTestId('not-sent-on-open').textContent).toContain('send a DELETE on open');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(toolCalls(fetch, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toolCalls(fetch, 'DELETE').map(([url]) => url)).toEqual(['/k8s/demo/api/v1/namespaces/default/configmaps/a?dryRun=All']));
  });

  it('sends a YAML body as JSON for application/json and marks the line a 422 cause names', async () => {
    const fetch = stubApi();
    const body = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Bad_Name\n';
    renderPage(`?verb=POST&path=/api/v1/namespaces/default/configmaps&contentType=json&body=${encodeURIComponent(body)}`);
    fireEvent.keyDown(screen.getByLabelText('Request body'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(toolCalls(fetch, 'POST')).toHaveLength(1));
    const [, init] = toolCalls(fetch, 'POST')[0] ?? [];
    expect(init?.body).toBe('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"Bad_Name"}}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    await waitFor(() => expect(screen.getByTestId('editor-markers').textContent).toBe('4:3 metadata.name: Invalid value: "Bad_Name"'));
  });

  it('refuses to send a body that is not YAML, saying where', async () => {
    const fetch = stubApi();
    renderPage('?verb=PATCH&path=/api/v1/namespaces/default/configmaps/a&contentType=json-patch');
    fireEvent.change(screen.getByLabelText('Request body'), { target: { value: '{"op": "remove"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('body-problems')).textContent).toContain('A JSON patch is a list of operations');
    expect(toolCalls(fetch, 'PATCH')).toEqual([]);
  });

  it('keeps the link in step with the form', () => {
    stubApi();
    const { onReplaceUrl } = renderPage('');
    fireEvent.change(screen.getByRole('combobox', { name: 'API path' }), { target: { value: '/api/v1/pods' } });
    expect(onReplaceUrl).toHaveBeenLastCalledWith('/c/demo/-/request?verb=GET&path=%2Fapi%2Fv1%2Fpods');
  });

  it('streams a watch through the channel until Stop, and leaves none open when the page goes', async () => {
    stubApi();
    const { channel, unmount } = renderPage(`?path=${encodeURIComponent('/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=5')}&send=1`);
    await waitFor(() => expect(channel.watches).toHaveLength(1));
    expect(channel.last().params).toEqual({ context: 'demo', path: '/api/v1/namespaces/default/configmaps', query: { resourceVersion: '5' }, as: 'Object' });
    act(() => channel.send({ type: 'ADDED', object: configMap }));
    act(() => channel.send({ type: 'MODIFIED', object: { ...configMap, metadata: { ...configMap.metadata, resourceVersion: '8' } } }));
    expect(screen.getByTestId('watch-count').textContent).toBe('2 events');
    expect(screen.getAllByTestId('watch-event').map((e) => e.dataset.type)).toEqual(['MODIFIED', 'ADDED']);

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(channel.last().stopped).toBe(true);
    expect(screen.getByTestId('watch-phase').dataset.phase).toBe('stopped');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(channel.watches).toHaveLength(2);
    unmount();
    expect(channel.watches.every((w) => w.stopped)).toBe(true);
  });

  it('shows an ERROR event\'s Status explained', async () => {
    stubApi();
    const { channel } = renderPage(`?path=${encodeURIComponent('/api/v1/configmaps?watch=1&resourceVersion=1')}&send=1`);
    await waitFor(() => expect(channel.watches).toHaveLength(1));
    act(() => channel.send({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410, message: 'too old resource version: 1 (242)' } }));
    act(() => channel.last().onClosed(null));
    expect(screen.getByTestId('error-code').textContent).toBe('410');
    expect(screen.getByTestId('error-reason').textContent).toBe('Expired');
    expect(screen.getByTestId('error-explanation').textContent).toContain('too old');
    expect(screen.getByTestId('watch-phase').dataset.phase).toBe('closed');
  });
});
