// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { k8sKeys } from '../../../data/query-keys';
import { useUiStore } from '../../../stores/ui-store';
import { readFixture } from '../../../testing/fixtures';
import type { FakeWatchChannel } from '../../../testing/fake-watch-channel';
import { renderAppAt } from '../../../testing/render-app';
import { stubFetch } from '../../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../../testing/clean-up-after-each';

const CRD_PATH = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const crdWatches = (channel: FakeWatchChannel) => channel.watches.filter((w) => w.params.path === CRD_PATH);

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function status(code: number, reason: string, message: string): Response {
  return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message, reason, code }, code);
}

const gadgets = { name: 'gadgets', singularName: 'gadget', namespaced: false, kind: 'Gadget', verbs: ['get', 'list', 'watch'], shortNames: ['gdg'] };

/** Per-test changes to what the fake cluster answers. */
let overrides: Record<string, () => Response> = {};
let calls: string[] = [];

function routeFetch(url: string): Response {
  const u = new URL(url, 'http://localhost');
  const path = u.pathname;
  calls.push(`${path}${u.search}`);
  const override = overrides[path];
  if (override) return override();
  if (path === '/-/contexts') return json({ contexts: [{ name: 'demo', server: 'https://127.0.0.1:6443', demo: true }], default: 'demo' });
  if (path === '/k8s/demo/api/v1/namespaces') return json(readFixture('tables/api__v1__namespaces.json'));
  if (path === '/k8s/demo/apis/apiextensions.k8s.io/v1/customresourcedefinitions') {
    return json({ kind: 'CustomResourceDefinitionList', apiVersion: 'apiextensions.k8s.io/v1', metadata: { resourceVersion: '77' }, items: [] });
  }
  const discovery = /^\/k8s\/demo(\/apis?(\/.*)?)$/.exec(path);
  if (discovery?.[1] && !/\/(namespaces|pods|nodes|deployments|configmaps|services)/.test(discovery[1])) {
    try {
      return json(readFixture(`discovery/${discovery[1].slice(1).split('/').join('__')}.json`));
    } catch {
      return status(404, 'NotFound', 'the server could not find the requested resource');
    }
  }
  return status(404, 'NotFound', 'the server could not find the requested resource');
}

const nav = () => screen.getByRole('navigation', { name: 'Resources' });
const group = (label: string) => within(nav()).getByRole('region', { name: `API group ${label}` });
const link = (scope: HTMLElement, resource: string) =>
  within(scope).queryAllByRole('link').find((a) => a.closest('[data-testid="nav-resource"]')?.getAttribute('data-resource') === resource);

/** Opens the app while one discovery path answers `failure`; resolves to the text of the navigator's notice `testId`. */
async function navigatorWhenFailing(path: string, failure: () => Response, testId: string): Promise<string | null> {
  overrides[path] = failure;
  renderAppAt('/c/demo/api/v1/namespaces/default/pods');
  return (await within(nav()).findByTestId(testId)).textContent;
}

beforeEach(() => {
  overrides = {};
  calls = [];
  localStorage.clear();
  useUiStore.setState({ namespaceByContext: {}, pinnedResources: [], recentResources: [] });
  stubFetch(routeFetch);
});

cleanUpAfterEach();

describe('resource navigator', () => {
  it('lists every listable resource from discovery by group, core first, linking to the namespace or the cluster', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/kube-system/pods');
    await waitFor(() => expect(within(nav()).getAllByTestId('api-group').length).toBeGreaterThan(10));
    const labels = within(nav()).getAllByTestId('api-group').map((g) => g.getAttribute('data-group'));
    expect(labels.slice(0, 3)).toEqual(['core', 'admissionregistration.k8s.io', 'apiextensions.k8s.io']);
    expect(labels).toContain('fx.example.com');
    expect(link(group('core'), 'pods')?.getAttribute('href')).toBe('/c/demo/api/v1/namespaces/kube-system/pods');
    expect(link(group('core'), 'pods')?.getAttribute('aria-current')).toBe('page');
    expect(link(group('core'), 'nodes')?.getAttribute('href')).toBe('/c/demo/api/v1/nodes');
    expect(link(group('apps'), 'deployments.apps')?.getAttribute('href')).toBe('/c/demo/apis/apps/v1/namespaces/kube-system/deployments');
    expect(link(group('core'), 'bindings')).toBeUndefined();
    expect(within(nav()).queryByText(/pods\/log|\/status/)).toBeNull();
  });

  it('follows links keeping the namespace; discovery decides that nodes take no namespace', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/kube-system/pods');
    await waitFor(() => expect(link(group('core'), 'nodes')).toBeTruthy());
    fireEvent.click(link(group('core'), 'nodes') as HTMLElement);
    expect(window.location.pathname).toBe('/c/demo/api/v1/nodes');
    expect((screen.getByTestId('namespace-picker') as HTMLSelectElement).disabled).toBe(true);
    expect(link(group('core'), 'configmaps')?.getAttribute('href')).toBe('/c/demo/api/v1/namespaces/kube-system/configmaps');
    // A namespaced resource listed across all namespaces keeps the picker.
    fireEvent.click(link(group('core'), 'configmaps') as HTMLElement);
    expect((screen.getByTestId('namespace-picker') as HTMLSelectElement).disabled).toBe(false);
  });

  it('filters by short name, kind and category, and collapses groups', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await waitFor(() => expect(link(group('apps'), 'deployments.apps')).toBeTruthy());
    const filter = screen.getByRole('searchbox', { name: 'Filter resources' });
    fireEvent.change(filter, { target: { value: 'deploy' } });
    expect(within(nav()).getAllByTestId('nav-resource').map((r) => r.getAttribute('data-resource'))).toEqual(['deployments.apps']);
    fireEvent.change(filter, { target: { value: 'all' } });
    // The members of the category as the navigator lists everything: by group (core first), by name within one.
    expect(within(nav()).getAllByTestId('nav-resource').map((r) => r.getAttribute('data-resource'))).toEqual([
      'pods', 'replicationcontrollers', 'services',
      'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps',
      'horizontalpodautoscalers.autoscaling',
      'cronjobs.batch', 'jobs.batch',
      'widgets.fx.example.com',
    ]);
    fireEvent.change(filter, { target: { value: 'nothing-like-this' } });
    expect(screen.getByTestId('navigator-empty').textContent).toContain('nothing-like-this');
    fireEvent.keyDown(filter, { key: 'Escape' });
    const toggle = within(group('apps')).getByRole('button', { expanded: true });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(link(group('apps'), 'deployments.apps')).toBeUndefined();
  });

  it('opens the only match on Enter, and nothing while several or none match', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await waitFor(() => expect(link(group('apps'), 'deployments.apps')).toBeTruthy());
    const filter = screen.getByRole('searchbox', { name: 'Filter resources' });
    fireEvent.change(filter, { target: { value: 'all' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    fireEvent.change(filter, { target: { value: 'nothing-like-this' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(window.location.pathname).toBe('/c/demo/api/v1/namespaces/default/pods');
    fireEvent.change(filter, { target: { value: 'deploy' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(window.location.pathname).toBe('/c/demo/apis/apps/v1/namespaces/default/deployments');
    expect(filter.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(filter.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter opens the only match.');
  });

  it('shows other versions behind a version switch', async () => {
    renderAppAt('/c/demo/apis/autoscaling/v2beta2/namespaces/default/horizontalpodautoscalers');
    await waitFor(() => expect(link(group('autoscaling'), 'horizontalpodautoscalers.autoscaling')).toBeTruthy());
    const toggle = within(group('autoscaling')).getByRole('button', { name: 'Versions of horizontalpodautoscalers.autoscaling' });
    expect(toggle.textContent).toBe('v2beta2');
    fireEvent.click(toggle);
    const versions = within(group('autoscaling')).getByRole('list', { name: 'Versions of horizontalpodautoscalers.autoscaling' });
    expect(within(versions).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['autoscaling/v1 (preferred)', '/c/demo/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers'],
      ['autoscaling/v2beta1', '/c/demo/apis/autoscaling/v2beta1/namespaces/default/horizontalpodautoscalers'],
      ['autoscaling/v2beta2', '/c/demo/apis/autoscaling/v2beta2/namespaces/default/horizontalpodautoscalers'],
    ]);
  });

  it('shows a failed group-version as unavailable with its Status', async () => {
    const failed = await navigatorWhenFailing('/k8s/demo/apis/fx.example.com/v1', () => status(503, 'ServiceUnavailable', 'the widget backend is down'), 'failed-group-version');
    expect(failed).toContain('fx.example.com/v1 unavailable');
    expect(failed).toContain('503 ServiceUnavailable');
    expect(failed).toContain('the widget backend is down');
  });

  it('pins and unpins resources (persisted) and remembers recent ones', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await waitFor(() => expect(link(group('apps'), 'deployments.apps')).toBeTruthy());
    expect(within(screen.getByTestId('recent-resources')).getByRole('link').textContent).toContain('pods');
    fireEvent.click(within(group('apps')).getByRole('button', { name: 'Pin deployments.apps' }));
    const pinned = screen.getByTestId('pinned-resources');
    expect(link(pinned, 'deployments.apps')?.getAttribute('href')).toBe('/c/demo/apis/apps/v1/namespaces/default/deployments');
    expect(JSON.parse(localStorage.getItem('kubeglass-ui') ?? '{}').state.pinnedResources).toEqual(['deployments.apps']);
    fireEvent.click(link(pinned, 'deployments.apps') as HTMLElement);
    await waitFor(() =>
      expect(within(screen.getByTestId('recent-resources')).getAllByTestId('nav-resource').map((r) => r.getAttribute('data-resource'))).toEqual([
        'pods',
      ]),
    );
    expect(useUiStore.getState().recentResources).toEqual(['deployments.apps', 'pods']);
    fireEvent.click(within(screen.getByTestId('pinned-resources')).getByRole('button', { name: 'Unpin deployments.apps' }));
    expect(screen.queryByTestId('pinned-resources')).toBeNull();
  });

  it('refetches discovery when a CRD changes (list, then watch from its resourceVersion) and on refresh', async () => {
    const { channel } = renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await waitFor(() => expect(crdWatches(channel)).toHaveLength(1));
    expect(calls).toContain('/k8s/demo/apis/apiextensions.k8s.io/v1/customresourcedefinitions?limit=1');
    expect(crdWatches(channel)[0]?.params.query?.resourceVersion).toBe('77');
    expect(within(group('fx.example.com')).queryByText('gadgets')).toBeNull();

    const withGadgets = JSON.parse(readFixture('discovery/apis__fx.example.com__v1.json')) as { resources: unknown[] };
    withGadgets.resources.push(gadgets);
    overrides['/k8s/demo/apis/fx.example.com/v1'] = () => json(withGadgets);
    act(() => crdWatches(channel)[0]?.onEvent({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '78' } } }));
    act(() => crdWatches(channel)[0]?.onEvent({ type: 'ADDED', object: { metadata: { name: 'gadgets.fx.example.com', resourceVersion: '79' } } }));
    act(() => crdWatches(channel)[0]?.onEvent({ type: 'MODIFIED', object: { metadata: { name: 'gadgets.fx.example.com', resourceVersion: '80' } } }));
    await waitFor(() => expect(link(group('fx.example.com'), 'gadgets.fx.example.com')?.getAttribute('href')).toBe('/c/demo/apis/fx.example.com/v1/gadgets'));
    // Debounced: two events, one refetch.
    expect(calls.filter((c) => c === '/k8s/demo/apis').length).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh API discovery' }));
    await waitFor(() => expect(calls.filter((c) => c === '/k8s/demo/apis').length).toBe(3));
  });

  it('does not watch CRDs when listing them is forbidden', async () => {
    let forbidden: Response | undefined;
    overrides['/k8s/demo/apis/apiextensions.k8s.io/v1/customresourcedefinitions'] = () =>
      (forbidden = status(403, 'Forbidden', 'customresourcedefinitions.apiextensions.k8s.io is forbidden'));
    const { channel, queryClient } = renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    await waitFor(() => expect(forbidden?.bodyUsed).toBe(true));
    // A discovery refresh asked for once the 403 is being read comes back after it was handled: a watch started
    // from a successful list would be open by then.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh API discovery' }));
    await waitFor(() => expect(queryClient.getQueryState(k8sKeys.discovery('demo'))?.dataUpdateCount).toBe(2));
    expect(crdWatches(channel)).toHaveLength(0);
    expect(link(group('core'), 'pods')).toBeTruthy();
  });

  it('shows the Status when discovery itself fails', async () => {
    const alert = await navigatorWhenFailing('/k8s/demo/apis', () => status(401, 'Unauthorized', 'Unauthorized'), 'discovery-error');
    expect(alert).toContain('401 Unauthorized');
    expect(alert).toContain('/apis');
  });
});

describe('command palette', () => {
  const palette = () => screen.getByRole('dialog', { name: 'Jump to a resource' });
  const combobox = () => within(palette()).getByRole('combobox', { name: 'Jump to a resource' });

  it('opens with Ctrl+K, jumps to deployments with Enter', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(palette().getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(combobox());
    fireEvent.change(combobox(), { target: { value: 'deploy' } });
    const options = await within(palette()).findAllByRole('option');
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(combobox().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.textContent).toContain('deployments.apps');
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(window.location.pathname).toBe('/c/demo/apis/apps/v1/namespaces/default/deployments');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with ":" outside inputs only; arrows move; Escape closes', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/default/pods');
    const filter = screen.getByRole('searchbox', { name: 'Filter resources' });
    fireEvent.keyDown(filter, { key: ':' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: ':' });
    fireEvent.change(combobox(), { target: { value: 'svc kube-system' } });
    const options = await within(palette()).findAllByRole('option');
    expect(options.map((o) => o.getAttribute('data-href'))).toEqual([
      '/c/demo/api/v1/namespaces/kube-system/services',
      '/c/demo/api/v1/namespaces/default/services/kube-system',
    ]);
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(within(palette()).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(within(palette()).getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(combobox(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/c/demo/api/v1/namespaces/default/pods');
  });

  it('jumps to an object with po/name', async () => {
    renderAppAt('/c/demo/api/v1/namespaces/kube-system/pods');
    fireEvent.click(screen.getByTestId('palette-open'));
    fireEvent.change(combobox(), { target: { value: 'po/etcd-0' } });
    const option = await within(palette()).findByRole('option');
    expect(option.textContent).toContain('pod/etcd-0');
    fireEvent.click(option);
    expect(window.location.pathname).toBe('/c/demo/api/v1/namespaces/kube-system/pods/etcd-0');
  });
});
