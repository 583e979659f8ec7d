import { describe, expect, it } from 'vitest';
import type { NamespaceAccess } from '../../data/namespace-access-query';
import type { ApiResource } from '../../k8s/discovery/types';
import { parseApiPath } from '../../k8s/paths';
import { contextSwitchTarget, type SwitchFrom, type SwitchProbe } from './context-switch-target';

const served = (group: string, version: string, resource: string, namespaced = true): ApiResource => ({
  group,
  version,
  resource,
  kind: resource,
  singularName: resource,
  namespaced,
  verbs: ['get', 'list'],
  shortNames: [],
  categories: [],
  subresources: [],
  preferredVersion: true,
  groupVersion: group ? `${group}/${version}` : version,
});

function probe(options: { resources?: ApiResource[]; access?: Record<string, NamespaceAccess>; objects?: string[] } = {}): SwitchProbe & { asked: string[] } {
  const asked: string[] = [];
  const resources = options.resources ?? [served('apps', 'v1', 'deployments'), served('', 'v1', 'nodes', false)];
  return {
    asked,
    resource: (gvr) => Promise.resolve(resources.find((r) => r.group === gvr.group && r.resource === gvr.resource)),
    namespaceAccess: (ns) => {
      asked.push(`access ${ns}`);
      return Promise.resolve(options.access?.[ns] ?? 'yes');
    },
    objectExists: (apiPath) => {
      asked.push(`get ${apiPath}`);
      return Promise.resolve((options.objects ?? []).includes(apiPath));
    },
  };
}

const at = (apiPath: string, search = ''): SwitchFrom => ({ path: parseApiPath(apiPath), apiPath, search });
const HOME = '/c/next/api/v1/namespaces/default/pods';
const WEB = '/apis/apps/v1/namespaces/demo/deployments/web';

describe('contextSwitchTarget', () => {
  it('keeps the object where the other context can read it, with its view', async () => {
    const p = probe({ objects: [WEB] });
    expect(await contextSwitchTarget('next', at(WEB, '?edit=1'), p, HOME, 'default')).toEqual({ to: `/c/next${WEB}?edit=1`, note: null });
    expect(p.asked).toEqual(['access demo', `get ${WEB}`]);
  });

  it('asks for a log subresource by its pod, and keeps the container', async () => {
    const log = '/api/v1/namespaces/demo/pods/web-1/log';
    const p = probe({ resources: [served('', 'v1', 'pods')], objects: ['/api/v1/namespaces/demo/pods/web-1'] });
    expect(await contextSwitchTarget('next', at(log, '?container=nginx'), p, HOME, 'default')).toEqual({ to: `/c/next${log}?container=nginx`, note: null });
  });

  it('falls back to the list, saying so, when the object cannot be read there', async () => {
    const target = await contextSwitchTarget('next', at(WEB, '?edit=1'), probe(), HOME, 'default');
    expect(target).toEqual({
      to: '/c/next/apis/apps/v1/namespaces/demo/deployments',
      note: 'next cannot read deployments.apps "web" in namespace demo (not found, or not allowed): showing the list.',
    });
  });

  it('moves to its own namespace, saying so, where the other context has no access; a list keeps its selectors', async () => {
    const p = probe({ access: { demo: 'no' } });
    expect(await contextSwitchTarget('next', at(WEB), p, HOME, 'shop')).toEqual({
      to: '/c/next/apis/apps/v1/namespaces/shop/deployments',
      note: 'next has no access in namespace demo: showing namespace shop.',
    });
    expect(p.asked).toEqual(['access demo']);
    const list = await contextSwitchTarget('next', at('/apis/apps/v1/namespaces/demo/deployments', '?labelSelector=app%3Dweb'), p, HOME, 'shop');
    expect(list.to).toBe('/c/next/apis/apps/v1/namespaces/shop/deployments?labelSelector=app%3Dweb');
  });

  it('keeps the namespace when the server cannot say (unknown), and does not ask about its own namespace', async () => {
    const p = probe({ access: { demo: 'unknown', shop: 'no' } });
    expect((await contextSwitchTarget('next', at('/apis/apps/v1/namespaces/demo/deployments'), p, HOME, 'default')).to).toBe('/c/next/apis/apps/v1/namespaces/demo/deployments');
    await contextSwitchTarget('next', at('/apis/apps/v1/namespaces/shop/deployments'), p, HOME, 'shop');
    expect(p.asked).toEqual(['access demo']);
  });

  it('lands on the pods, saying so, where the type is not served; takes the served version of the group', async () => {
    expect(await contextSwitchTarget('next', at('/apis/energy.kubeglass.dev/v1/powerplants'), probe(), HOME, 'default')).toEqual({
      to: HOME,
      note: 'next does not serve powerplants.energy.kubeglass.dev (energy.kubeglass.dev/v1): showing its pods.',
    });
    const p = probe({ resources: [served('autoscaling', 'v2', 'horizontalpodautoscalers')] });
    expect((await contextSwitchTarget('next', at('/apis/autoscaling/v1/namespaces/demo/horizontalpodautoscalers'), p, HOME, 'default')).to).toBe(
      '/c/next/apis/autoscaling/v2/namespaces/demo/horizontalpodautoscalers',
    );
  });

  it('keeps a cluster-scoped object and a tool page; the context home goes to the landing page', async () => {
    const p = probe({ objects: ['/api/v1/nodes/node-1'] });
    expect((await contextSwitchTarget('next', at('/api/v1/nodes/node-1'), p, HOME, 'default')).to).toBe('/c/next/api/v1/nodes/node-1');
    expect(p.asked).toEqual(['get /api/v1/nodes/node-1']);
    expect((await contextSwitchTarget('next', { path: null, apiPath: '/-/access', search: '?namespace=shop' }, p, HOME, 'default')).to).toBe('/c/next/-/access?namespace=shop');
    expect((await contextSwitchTarget('next', { path: null, apiPath: '', search: '' }, p, HOME, 'default')).to).toBe(HOME);
  });

  it('keeps the place as it is when the other context\'s discovery fails', async () => {
    const p: SwitchProbe = { ...probe(), resource: () => Promise.reject(new Error('503')) };
    expect(await contextSwitchTarget('next', at(WEB, '?edit=1'), p, HOME, 'default')).toEqual({ to: `/c/next${WEB}?edit=1`, note: null });
  });
});
