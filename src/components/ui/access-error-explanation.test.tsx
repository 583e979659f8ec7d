// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { decodeErrorResponse } from '../../k8s/kube-api-error';
import { readFixture } from '../../testing/fixtures';
import { KubeErrorPanel } from './kube-error-panel';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { recordedDiscovery } from '../../testing/recorded-discovery';

function recordedError(file: string, method: string, url: string, httpStatus: number) {
  return decodeErrorResponse({ method, url, httpStatus, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), body: readFixture(file), warnings: [] });
}

/** Discovery of 1.20.2 (no SelfSubjectReview) or a newer one that serves it, and the context list. */
function fakeServer(servesSelfSubjectReview: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const json = (body: unknown, status = 200) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/-/contexts') {
        return json({
          contexts: [
            { name: 'real-viewer', server: 'https://x', user: 'real-viewer', demo: false, kubeconfigPath: '/home/u/.kube/config' },
            { name: 'demo-viewer', server: 'http://127.0.0.1:1', user: 'viewer', demo: true },
          ],
          default: 'real-viewer',
        });
      }
      if (path === '/k8s/real-viewer/apis/authentication.k8s.io/v1/selfsubjectreviews' && init?.method === 'POST') {
        return json({ status: { userInfo: { username: 'viewer', groups: ['system:authenticated'] } } }, 201);
      }
      if (path === '/k8s/real-viewer/apis/authentication.k8s.io/v1' && servesSelfSubjectReview) {
        return json({ kind: 'APIResourceList', groupVersion: 'authentication.k8s.io/v1', resources: [{ name: 'selfsubjectreviews', namespaced: false, kind: 'SelfSubjectReview', verbs: ['create'] }, { name: 'tokenreviews', namespaced: false, kind: 'TokenReview', verbs: ['create'] }] });
      }
      const discovery = recordedDiscovery(path);
      if (discovery) return discovery;
      return json({ kind: 'Status', code: 404, reason: 'NotFound', message: 'not found' }, 404);
    }),
  );
}

function renderPanel(error: unknown) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <KubeErrorPanel error={error} title="Listing secrets" />
    </QueryClientProvider>,
  );
}

cleanUpAfterEach();

describe('401 and 403 explained', () => {
  it('a 403 says what was denied and, on 1.20, the kubeconfig user', async () => {
    fakeServer(false);
    renderPanel(recordedError('errors/403-forbidden.json', 'GET', '/k8s/real-viewer/api/v1/namespaces/fx/secrets', 403));
    expect(screen.getByTestId('denied-verb').textContent).toBe('list');
    expect(screen.getByTestId('denied-resource').textContent).toBe('secrets');
    expect(screen.getByTestId('access-explanation').textContent).toContain('in namespace fx');
    // As the context's own user: a bare `kubectl auth can-i` would ask as the shell's current context.
    await waitFor(() => expect(screen.getByTestId('can-i-ask').textContent).toBe('kubectl --kubeconfig /home/u/.kube/config --context real-viewer auth can-i list secrets -n fx'));
    await waitFor(() => expect(screen.getByTestId('whoami').textContent).toContain('kubeconfig user real-viewer of context real-viewer'));
  });

  it("a demo context's question goes to its proxy with no kubeconfig of the shell's", async () => {
    fakeServer(false);
    renderPanel(recordedError('errors/403-forbidden.json', 'GET', '/k8s/demo-viewer/api/v1/namespaces/fx/secrets', 403));
    await waitFor(() =>
      expect(screen.getByTestId('can-i-ask').textContent).toBe(`kubectl --kubeconfig=/dev/null --server ${window.location.origin}/k8s/demo-viewer auth can-i list secrets -n fx`),
    );
  });

  it('a server with SelfSubjectReview names the user and groups', async () => {
    fakeServer(true);
    renderPanel(recordedError('errors/403-forbidden.json', 'GET', '/k8s/real-viewer/api/v1/namespaces/fx/secrets', 403));
    await waitFor(() => expect(screen.getByTestId('whoami').textContent).toBe('The server knows you as viewer (groups system:authenticated).'));
  });

  it('a 401 says the credentials were rejected and what to check', () => {
    fakeServer(false);
    renderPanel(recordedError('errors/401-unauthorized.json', 'GET', '/k8s/real-viewer/api/v1/pods', 401));
    expect(screen.getByTestId('access-explanation').textContent).toMatch(/rejected the credentials of context real-viewer.*expired or revoked token.*exec plugin.*client certificate/);
  });
});
