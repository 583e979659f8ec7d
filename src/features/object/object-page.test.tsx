// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireWatchEvent } from '../../../wire/ws-protocol';
import type { KubeEvent } from '../../k8s/kube-event';
import type { KubeObject } from '../../k8s/kube-object';
import type { KubeStatus } from '../../k8s/kube-status';
import { readFixture } from '../../testing/fixtures';
import { renderAppAt } from '../../testing/render-app';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';

const NOW = Date.parse('2026-11-21T22:30:00Z');
const POD_PATH = '/api/v1/namespaces/default/pods/web-1';

function makePod(rv: string, labels: Record<string, string> = { app: 'web' }): KubeObject {
  return {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: {
      name: 'web-1',
      namespace: 'default',
      uid: 'uid-web-1',
      resourceVersion: rv,
      creationTimestamp: new Date(NOW - 300_000).toISOString(),
      labels,
      annotations: { note: 'x'.repeat(100) },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc', uid: 'rs', controller: true }],
      managedFields: [{ manager: 'kube-controller-manager', operation: 'Update', apiVersion: 'v1', time: '2026-11-21T22:25:00Z', fieldsType: 'FieldsV1', fieldsV1: {} }],
    },
    spec: { nodeName: 'node-a', serviceAccountName: 'default', containers: [{ name: 'web', image: 'nginx:1.27' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: new Date(NOW - 120_000).toISOString() }],
    },
  };
}

function event(name: string, reason: string, involvedName = 'web-1'): KubeEvent {
  return {
    kind: 'Event',
    apiVersion: 'v1',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '40' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: involvedName, uid: `uid-${involvedName}` },
    type: 'Normal',
    reason,
    message: `${reason} happened`,
    source: { component: 'kubelet', host: 'node-a' },
    lastTimestamp: new Date(NOW - 60_000).toISOString(),
    count: 1,
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake API server of one test: what it holds and answers, and the requests it saw. */
interface FakeCluster {
  /** null: deleted (GET answers 404). */
  pod: KubeObject | null;
  /** false: events with a field selector answer 400, as some servers do. */
  eventsSelectorSupported: boolean;
  /** false: the access review denies update. */
  mayUpdate: boolean;
  requests: string[];
}

let cluster: FakeCluster;

function routeFetch(url: string, init?: RequestInit): Response {
  const review = accessReviewResponse(url, init, (a) => a.verb === 'update' && !cluster.mayUpdate);
  if (review) return review;
  const parsed = new URL(url, 'http://localhost');
  const path = parsed.pathname;
  cluster.requests.push(`${path}${parsed.search}`);
  if (path === '/-/contexts') return json({ contexts: [{ name: 'demo', server: 'https://127.0.0.1:6443', demo: true }], default: 'demo' });
  if (path === '/k8s/demo/api/v1/namespaces') return json(readFixture('tables/api__v1__namespaces.json'));
  if (path === `/k8s/demo${POD_PATH}`) {
    return cluster.pod ? json(cluster.pod) : json({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'pods "web-1" not found', reason: 'NotFound', details: { name: 'web-1', kind: 'pods' }, code: 404 }, 404);
  }
  if (path === '/k8s/demo/api/v1/namespaces/default/pods' && parsed.searchParams.get('fieldSelector') === 'metadata.name=web-1') {
    // A real list: items without kind/apiVersion, the list's own (current) resourceVersion.
    const items = cluster.pod ? [{ ...cluster.pod, kind: undefined, apiVersion: undefined }] : [];
    return json({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '950' }, items });
  }
  if (path === '/k8s/demo/api/v1/namespaces/kube-system/secrets/admin-token') return json(readFixture('errors/403-forbidden.json'), 403);
  if (path === '/k8s/demo/api/v1/namespaces/default/events') {
    const selector = parsed.searchParams.get('fieldSelector');
    if (selector && !cluster.eventsSelectorSupported) return json(readFixture('errors/400-bad-field-selector.json'), 400);
    const items = [event('web-1.a', 'Scheduled'), event('other.b', 'Pulled', 'other')];
    return json({ kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '50' }, items: selector ? items.slice(0, 1) : items });
  }
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', code: 404 }, 404);
}

const podEvent = (type: WireWatchEvent['type'], object: unknown): WireWatchEvent => ({ type, object });
const yamlText = () => screen.getByTestId('object-yaml').textContent ?? '';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  cluster = { pod: makePod('100'), eventsSelectorSupported: true, mayUpdate: true, requests: [] };
  stubFetch(routeFetch);
});

cleanUpAfterEach();

describe('object page', () => {
  it('offers Edit once the server says the user may update the object, and says why not otherwise', async () => {
    renderAppAt(`/c/demo${POD_PATH}`);
    await screen.findByTestId('edit-link');
    await accessSettled();
    const edit = screen.getByTestId('edit-link');
    expect(edit.tagName).toBe('A');
    expect(edit.getAttribute('href')).toBe(`/c/demo${POD_PATH}?edit=1`);
    cleanup();

    cluster.mayUpdate = false;
    renderAppAt(`/c/demo${POD_PATH}`);
    await screen.findByTestId('edit-link');
    await accessSettled();
    const refused = screen.getByTestId('edit-link');
    expect(refused.tagName).toBe('BUTTON');
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect(refused.getAttribute('title')).toBe('You may not update pods "web-1" in namespace default');
  });

  it('shows the object, its YAML without managedFields, links, conditions and events, and watches it by name', async () => {
    const { channel } = renderAppAt(`/c/demo${POD_PATH}`);
    await screen.findByTestId('object-yaml');
    expect(screen.getByTestId('object-kind').textContent).toBe('Pod');
    expect(screen.getByTestId('object-name').textContent).toBe('web-1');
    expect(screen.getByTestId('object-namespace').getAttribute('href')).toBe('/c/demo/api/v1/namespaces/default/pods');
    expect(screen.getByTestId('object-age').textContent).toBe('5m');
    expect(yamlText()).toContain('name: web-1');
    expect(yamlText()).not.toContain('managedFields');

    fireEvent.click(screen.getByLabelText(/Show managedFields/));
    expect(yamlText()).toContain('manager: kube-controller-manager');
    fireEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(JSON.parse(screen.getByTestId('object-json').textContent ?? '')).toEqual(cluster.pod);

    expect(screen.getAllByTestId('label-chip').map((c) => c.textContent)).toEqual(['app=web']);
    const note = screen.getByTestId('annotation-chip');
    expect(note.getAttribute('title')).toBe('x'.repeat(100));
    expect(note.textContent).toContain('…');
    fireEvent.click(within(note).getByRole('button', { name: 'Show all of note' }));
    expect(note.textContent).toContain('x'.repeat(100));

    expect(screen.getByTestId('owner-link').getAttribute('href')).toBe('/c/demo/apis/apps/v1/namespaces/default/replicasets/web-abc');
    expect(screen.getAllByTestId('reference-link').map((a) => a.getAttribute('href'))).toEqual([
      '/c/demo/api/v1/nodes/node-a',
      '/c/demo/api/v1/namespaces/default/serviceaccounts/default',
    ]);
    expect(within(screen.getByTestId('conditions')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ready', 'True', '', '', '2m']);

    const events = await screen.findByTestId('object-events');
    expect(within(events).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['NormalScheduled60skubelet, node-aScheduled happened']);
    expect(cluster.requests).toContain('/k8s/demo/api/v1/namespaces/default/events?fieldSelector=involvedObject.name%3Dweb-1%2CinvolvedObject.uid%3Duid-web-1');

    await waitFor(() => expect(screen.getByTestId('watch-state').textContent).toBe('live'));
    expect(channel.active('/api/v1/namespaces/default/pods').params).toEqual({
      context: 'demo',
      path: '/api/v1/namespaces/default/pods',
      query: { fieldSelector: 'metadata.name=web-1', allowWatchBookmarks: 'true', resourceVersion: '100' },
      as: 'Object',
    });
    expect(channel.active('/api/v1/namespaces/default/events').params.query).toEqual({
      fieldSelector: 'involvedObject.name=web-1,involvedObject.uid=uid-web-1',
      allowWatchBookmarks: 'true',
      resourceVersion: '50',
    });
  });

  it('folds MODIFIED into the view, and on DELETED keeps the last content under a deleted notice', async () => {
    const { channel } = renderAppAt(`/c/demo${POD_PATH}`);
    await screen.findByTestId('object-yaml');
    await waitFor(() => expect(screen.getByTestId('watch-state').textContent).toBe('live'));
    const watch = channel.active('/api/v1/namespaces/default/pods');

    act(() => watch.onEvent(podEvent('MODIFIED', makePod('101', { app: 'web', tier: 'frontend' }))));
    await waitFor(() => expect(screen.getAllByTestId('label-chip').map((c) => c.textContent)).toEqual(['app=web', 'tier=frontend']));
    expect(yamlText()).toContain('tier: frontend');
    expect(yamlText()).toContain('resourceVersion: "101"');
    // A BOOKMARK carries only a resourceVersion: it must not replace the object.
    act(() => watch.onEvent(podEvent('BOOKMARK', { kind: 'Pod', apiVersion: 'v1', metadata: { resourceVersion: '102' } })));
    expect(yamlText()).toContain('tier: frontend');
    expect(screen.queryByTestId('object-deleted')).toBeNull();

    const last = makePod('103', { app: 'web', tier: 'frontend' });
    last.metadata.deletionTimestamp = new Date(NOW).toISOString();
    act(() => watch.onEvent(podEvent('DELETED', last)));
    const notice = await screen.findByTestId('object-deleted');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('Deleted on the server');
    expect(yamlText()).toContain('tier: frontend');
    expect(yamlText()).toContain('deletionTimestamp');
    expect(screen.getByTestId('watch-state').textContent).toBe('stale');
  });

  it('after a 410 ERROR event lists the object by name and watches from the list resourceVersion, not the too-old object one', async () => {
    const { channel } = renderAppAt(`/c/demo${POD_PATH}`);
    await screen.findByTestId('object-yaml');
    await waitFor(() => expect(screen.getByTestId('watch-state').textContent).toBe('live'));
    const first = channel.active('/api/v1/namespaces/default/pods');
    cluster.pod = makePod('900', { app: 'web', fresh: 'yes' });
    const expired = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 100 (800)', reason: 'Expired', code: 410 };
    act(() => first.onEvent(podEvent('ERROR', expired)));
    await waitFor(() => expect(yamlText()).toContain('fresh: "yes"'));
    expect(yamlText().startsWith('kind: Pod\napiVersion: v1\n')).toBe(true);
    expect(first.stopped).toBe(true);
    await waitFor(() => expect(channel.active('/api/v1/namespaces/default/pods').params.query?.resourceVersion).toBe('950'));
    expect(cluster.requests).toContain('/k8s/demo/api/v1/namespaces/default/pods?fieldSelector=metadata.name%3Dweb-1');
    expect(screen.queryByTestId('object-deleted')).toBeNull();

    // Deleted while the watch was lost: the list comes back empty.
    cluster.pod = null;
    act(() => channel.active('/api/v1/namespaces/default/pods').onClosed(expired as KubeStatus));
    await screen.findByTestId('object-deleted');
    expect(yamlText()).toContain('fresh: "yes"');
  });

  it('filters events in the browser when the server refuses involvedObject field selectors, and adds watched events', async () => {
    cluster.eventsSelectorSupported = false;
    const { channel } = renderAppAt(`/c/demo${POD_PATH}`);
    const events = await screen.findByTestId('object-events');
    expect(within(events).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('filtered in the browser')).toBeTruthy();
    await waitFor(() => expect(channel.active('/api/v1/namespaces/default/events').params.query).toEqual({ allowWatchBookmarks: 'true', resourceVersion: '50' }));
    const watch = channel.active('/api/v1/namespaces/default/events');
    act(() => watch.onEvent(podEvent('ADDED', event('other.c', 'Killing', 'other'))));
    act(() => watch.onEvent(podEvent('ADDED', { ...event('web-1.d', 'Pulled'), lastTimestamp: new Date(NOW - 5_000).toISOString() })));
    await waitFor(() => expect(within(screen.getByTestId('object-events')).getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByText('Killing')).toBeNull();
  });

  it('shows the NotFound Status of a missing object as an alert', async () => {
    cluster.pod = null;
    renderAppAt(`/c/demo${POD_PATH}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('error-code').textContent).toBe('404');
    expect(within(alert).getByTestId('error-reason').textContent).toBe('NotFound');
    expect(within(alert).getByTestId('error-message').textContent).toBe('pods "web-1" not found');
    expect(screen.queryByTestId('object-yaml')).toBeNull();
  });

  it('shows a 403 Forbidden Status as an alert, without watching', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/namespaces/kube-system/secrets/admin-token');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('error-code').textContent).toBe('403');
    expect(within(alert).getByTestId('error-reason').textContent).toBe('Forbidden');
    expect(within(alert).getByTestId('error-message').textContent).toContain('forbidden');
    expect(channel.watches.filter((w) => w.params.path.endsWith('/secrets'))).toHaveLength(0);
  });
});
