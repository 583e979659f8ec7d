// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../k8s/request-recorder';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { RequestDetail } from './request-detail';

cleanUpAfterEach();

const get: RecordedRequest = {
  id: 1,
  startedAt: 0,
  method: 'GET',
  context: 'demo',
  path: '/api/v1/namespaces/default/pods/web',
  accept: 'application/json',
  contentType: null,
  requestBody: null,
  status: 200,
  statusText: 'OK',
  reason: '',
  durationMs: 3,
  responseHeaders: [],
  warnings: [],
  responseBody: null,
  failure: null,
};

function contexts(accessTokenRequired: boolean): void {
  stubFetch(() => new Response(JSON.stringify({ contexts: [{ name: 'demo', server: 'http://x', demo: true }], default: 'demo', accessTokenRequired }), { status: 200 }));
}

describe('RequestDetail with the access token (GET /-/contexts says whether kubeglass demands it)', () => {
  it('sends the token in the curl line and says why there is no kubectl line, even on loopback', async () => {
    contexts(true);
    renderInProviders(<RequestDetail request={get} origin="http://127.0.0.1:7070" />);
    await waitFor(() => expect(screen.getByTestId('request-curl').textContent).toContain('Authorization: Bearer $KUBEGLASS_TOKEN'));
    expect(screen.getByTestId('request-kubectl-none').textContent).toMatch(/demands its access token, and kubectl sends a token over HTTPS only/);
  });

  it('leaves both lines as they are when kubeglass does not demand it', async () => {
    contexts(false);
    renderInProviders(<RequestDetail request={get} origin="http://127.0.0.1:7070" />);
    await screen.findByText(/^kubectl --kubeconfig=\/dev\/null --server http:\/\/127\.0\.0\.1:7070\/k8s\/demo get pods web -n default -o yaml$/);
    expect(screen.getByTestId('request-curl').textContent).not.toContain('KUBEGLASS_TOKEN');
  });
});
