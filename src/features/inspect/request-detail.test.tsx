// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContextList } from '../../../wire/contexts';
import { createRequestRecorder, type RecordedRequest, type RequestRecord } from '../../k8s/request-recorder';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { readFixture } from '../../testing/fixtures';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { RequestDetail } from './request-detail';

cleanUpAfterEach();
const recorder = createRequestRecorder();
afterEach(() => recorder.clear());

const ORIGIN = 'http://127.0.0.1:7070';
const contexts: ContextList = { contexts: [{ name: 'demo', server: 'http://127.0.0.1:1', demo: true }], default: 'demo' };

/** The request as the recorder keeps it. */
function recorded(overrides: Partial<RequestRecord>): RecordedRequest {
  recorder.record({
    startedAt: 0, method: 'GET', context: 'demo', path: '/api/v1/namespaces/default/configmaps/c', accept: 'application/json', contentType: null,
    requestBody: undefined, status: 200, statusText: 'OK', reason: '', durationMs: 3, responseHeaders: [], warnings: [], responseBody: '{}', failure: null,
    ...overrides,
  });
  return recorder.getSnapshot()[0]!;
}

function renderDetail(request: RecordedRequest) {
  stubFetch((url) => {
    if (url === '/-/contexts') return new Response(JSON.stringify(contexts), { status: 200 });
    throw new Error(`unexpected fetch ${url}`);
  });
  return renderInProviders(<RequestDetail request={request} origin={ORIGIN} />);
}

describe('RequestDetail', () => {
  it('shows a JSON body as indented JSON or as YAML', () => {
    renderDetail(recorded({ responseBody: '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"},"data":{"a":"1"}}' }));
    expect(screen.getByTestId('response-body').textContent).toContain('"kind": "ConfigMap"');
    fireEvent.click(within(screen.getByRole('tablist', { name: 'Response body format' })).getByRole('tab', { name: 'YAML' }));
    expect(screen.getByTestId('response-body').textContent).toBe('kind: ConfigMap\napiVersion: v1\nmetadata:\n  name: c\ndata:\n  a: "1"\n');
  });

  it('shows a Table response as a table of its columns and cells, and as JSON on demand', () => {
    renderDetail(recorded({ path: '/apis/apps/v1/deployments', responseBody: readFixture('tables/apis__apps__v1__deployments.json') }));
    const table = screen.getByTestId('response-body-table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Ready', 'Up-to-date', 'Available', 'Age', 'Containers', 'Images', 'Selector']);
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('web0/4003m2snginxnginx:1.28app=web');
    fireEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(screen.queryByTestId('response-body-table')).toBeNull();
    expect(screen.getByTestId('response-body').textContent).toContain('"kind": "Table"');
  });

  it('shows a cut or non-JSON body as received, saying it was cut, with no format choice', () => {
    renderDetail(recorded({ status: 502, statusText: 'Bad Gateway', reason: 'InternalError', responseBody: '<html><b>bad gateway</b></html>' }));
    expect(screen.getByTestId('response-body').textContent).toBe('<html><b>bad gateway</b></html>');
    expect(screen.getByTestId('response-body').querySelector('b')).toBeNull();
    expect(screen.queryByRole('tablist', { name: 'Response body format' })).toBeNull();
  });

  it('says a body was truncated', () => {
    const big = `{"a":"${'x'.repeat(300 * 1024)}"}`;
    renderDetail(recorded({ responseBody: big }));
    expect(screen.getByText(`truncated: the first 256 KiB of ${big.length} bytes`)).toBeTruthy();
    expect(screen.getByTestId('response-body').textContent).toHaveLength(256 * 1024);
    expect(screen.queryByRole('tablist', { name: 'Response body format' })).toBeNull();
  });

  it('shows the kubectl line beside curl, through the proxy for the demo context, with Copy buttons', async () => {
    renderDetail(recorded({ path: '/api/v1/namespaces/default/configmaps?labelSelector=a%3Db' }));
    // Until /-/contexts answers, the context is named as in a kubeconfig; then the demo proxy is known.
    const kubectl = await screen.findByText(`kubectl --kubeconfig=/dev/null --server ${ORIGIN}/k8s/demo get configmaps -n default -l a=b -o yaml`);
    expect(kubectl.dataset.testid).toBe('request-kubectl');
    expect(kubectl.className).toContain('select-all');
    expect(screen.getByRole('button', { name: 'Copy kubectl' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy curl' })).toBeTruthy();
  });

  it('says when kubectl has no equivalent', () => {
    renderDetail(recorded({ method: 'POST', path: '/api/v1/namespaces/default/pods/p/eviction', requestBody: '{}', contentType: 'application/json' }));
    expect(screen.getByTestId('request-kubectl-none').textContent).toContain('No kubectl equivalent');
    expect(screen.queryByTestId('request-kubectl')).toBeNull();
  });

  it('says a read retried a failed one, after how long and at whose request', () => {
    recorded({ status: 503, reason: 'ServiceUnavailable', startedAt: 1_000, durationMs: 100, responseHeaders: [['retry-after', '2']] });
    renderDetail(recorded({ startedAt: 3_100 }));
    expect(screen.getByTestId('request-retry').textContent).toMatch(/^retry 1 · waited 2\.0 s \(Retry-After: 2\) after request #\d+ failed$/);
  });
});
