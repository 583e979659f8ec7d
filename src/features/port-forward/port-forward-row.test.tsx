// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortForward } from '../../k8s/port-forwards';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { PortForwardRow } from './port-forward-row';
import { PortForwardsPage } from './port-forwards-page';

cleanUpAfterEach();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const review = (allowed: boolean) => json(201, { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', status: { allowed, ...(allowed ? {} : { reason: 'no RBAC policy matched' }) } });
const forward = (over: Partial<PortForward> = {}): PortForward => ({
  id: 'f1',
  context: 'demo',
  namespace: 'shop',
  pod: 'web-1',
  port: 8080,
  localAddress: '127.0.0.1',
  localPort: 18080,
  startedAt: '2026-12-02T17:00:00Z',
  bytesIn: 2048,
  bytesOut: 100,
  connections: 1,
  connectionsTotal: 3,
  ...over,
});

describe('port forward controls', () => {
  it('starts a forward with the chosen local port and then shows its address, Open and Stop', async () => {
    let started: unknown;
    let list: PortForward[] = [];
    stubFetch((url, init) => {
      if (url.includes('selfsubjectaccessreviews')) return review(true);
      if (url === '/-/port-forwards' && init?.method === 'POST') {
        started = JSON.parse(String(init.body));
        list = [forward({ localPort: 18081 })];
        return json(201, list[0]);
      }
      if (url === '/-/port-forwards') return json(200, { items: list });
      return json(404, { kind: 'Status', code: 404, message: 'nothing' });
    });
    renderInProviders(
      <ul>
        <PortForwardRow context="demo" namespace="shop" pod="web-1" port={8080} label="web 8080/TCP" />
      </ul>,
    );
    const start = await screen.findByTestId('port-forward-start');
    await waitFor(() => expect(start.dataset.access).toBe('allowed'));
    fireEvent.change(screen.getByTestId('port-forward-local-port'), { target: { value: '18081' } });
    fireEvent.click(start);
    expect((await screen.findByTestId('port-forward-address')).textContent).toBe('127.0.0.1:18081');
    expect(started).toEqual({ context: 'demo', namespace: 'shop', pod: 'web-1', port: 8080, localPort: 18081 });
    expect(screen.getByTestId('port-forward-open').getAttribute('href')).toBe('http://127.0.0.1:18081/');
    expect(screen.getByTestId('port-forward-stop')).toBeTruthy();
  });

  it("shows the server's 403 explained when it refuses, and nothing as forwarded", async () => {
    stubFetch((url, init) => {
      if (url.includes('selfsubjectaccessreviews')) return json(500, { kind: 'Status', code: 500, message: 'review unavailable' });
      if (url === '/-/port-forwards' && init?.method === 'POST')
        return json(403, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 403, reason: 'Forbidden', message: 'you may not forward ports of pod "web-1" in namespace "shop": the cluster does not allow you to create pods/portforward there' });
      return json(200, { items: [] });
    });
    renderInProviders(
      <ul>
        <PortForwardRow context="demo" namespace="shop" pod="web-1" port={8080} label="web 8080/TCP" />
      </ul>,
    );
    const start = await screen.findByTestId('port-forward-start');
    await waitFor(() => expect(start.dataset.access).toBe('unknown'));
    fireEvent.click(start);
    const error = await screen.findByTestId('port-forward-error');
    expect(error.textContent).toContain('create pods/portforward');
    expect(error.textContent).toContain('403');
    expect(screen.queryByTestId('port-forward-address')).toBeNull();
  });

  it('lists forwards with traffic, and says why an ended one ended', async () => {
    stubFetch(() =>
      json(200, {
        items: [forward(), forward({ id: 'f2', pod: 'web-2', ended: { at: '2026-12-02T17:05:00Z', reason: 'PodDeleted', message: 'pod web-2 was deleted' } })],
      }),
    );
    renderInProviders(<PortForwardsPage />);
    const items = await screen.findAllByTestId('port-forward-item');
    expect(items).toHaveLength(2);
    expect(items[0]?.querySelector('[data-testid="port-forward-traffic"]')?.textContent).toBe('↑ 100 B ↓ 2.0 KiB');
    expect(items[0]?.querySelector('[data-testid="port-forward-open"]')?.getAttribute('href')).toBe('http://127.0.0.1:18080/');
    expect(items[1]?.querySelector('[data-testid="port-forward-state"]')?.textContent).toBe('ended (PodDeleted): pod web-2 was deleted');
    expect(items[1]?.querySelector('[data-testid="port-forward-dismiss"]')).not.toBeNull();
  });
});
