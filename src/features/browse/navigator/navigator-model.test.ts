import { describe, expect, it } from 'vitest';
import { aggregatedCoreDoc, aggregatedGroupsDoc, aggregatedRoute, fixtureFetch, RECORDED_LISTABLE_GROUPS, statusResponse } from '../../../k8s/discovery/discovery-test-support';
import { fetchDiscovery } from '../../../k8s/discovery/fetch-discovery';
import { buildResourceIndex } from '../../../k8s/discovery/resource-index';
import type { DiscoveryFetch, DiscoveryResult } from '../../../k8s/discovery/types';
import {
  buildNavigatorGroups,
  filterNavigatorGroups,
  groupLabel,
  resolveNavResources,
  resourceListHref,
  type NavGroup,
} from './navigator-model';

async function discover(fetch: DiscoveryFetch): Promise<DiscoveryResult> {
  const result = await fetchDiscovery(fetch);
  if (result === 'not-modified') throw new Error('unexpected not-modified');
  return result;
}

async function recordedGroups(routes = {}): Promise<NavGroup[]> {
  const discovery = await discover(fixtureFetch(routes).fetch);
  return buildNavigatorGroups(buildResourceIndex(discovery), discovery);
}

const names = (groups: NavGroup[]) => groups.map((g) => [groupLabel(g.group), g.resources.map((r) => r.resource.resource)] as const);
const find = (groups: NavGroup[], group: string, resource: string) => groups.find((g) => g.group === group)?.resources.find((r) => r.resource.resource === resource);

describe('buildNavigatorGroups (recorded kube-apiserver 1.20.2 discovery)', () => {
  it('puts core first, then groups by name, resources by name, like kubectl api-resources', async () => {
    const groups = await recordedGroups();
    expect(groups.map((g) => g.group)).toEqual(RECORDED_LISTABLE_GROUPS);
    expect(groupLabel(groups[0]?.group ?? '-')).toBe('core');
    expect(names(groups).find(([g]) => g === 'apps')?.[1]).toEqual(['controllerrevisions', 'daemonsets', 'deployments', 'replicasets', 'statefulsets']);
  });

  it('never lists subresources or resources without list (bindings, reviews, componentstatuses stay listable)', async () => {
    const groups = await recordedGroups();
    const all = groups.flatMap((g) => g.resources.map((r) => r.resource.resource));
    expect(all.some((r) => r.includes('/'))).toBe(false);
    expect(all).not.toContain('bindings');
    expect(all).not.toContain('tokenreviews');
    expect(all).not.toContain('selfsubjectaccessreviews');
    expect(all).toContain('componentstatuses');
    expect(groups.find((g) => g.group === 'authentication.k8s.io')).toBeUndefined();
  });

  it('shows preferred versions and keeps the other listable versions of the same resource', async () => {
    const groups = await recordedGroups();
    const hpa = find(groups, 'autoscaling', 'horizontalpodautoscalers');
    expect(hpa?.resource.version).toBe('v1');
    expect(hpa?.otherVersions.map((r) => r.version)).toEqual(['v2beta1', 'v2beta2']);
    expect(find(groups, 'apps', 'deployments')?.otherVersions).toEqual([]);
    expect(find(groups, 'apps', 'deployments')?.name).toBe('deployments.apps');
    expect(find(groups, '', 'pods')?.name).toBe('pods');
  });

  it('keeps a failed group-version with its Status, even when its group has nothing else', async () => {
    const groups = await recordedGroups({
      '/apis/fx.example.com/v1': () => statusResponse(503, 'ServiceUnavailable', 'service unavailable'),
    });
    const fx = groups.find((g) => g.group === 'fx.example.com');
    expect(fx?.resources).toEqual([]);
    expect(fx?.failed).toEqual([
      { groupVersion: 'fx.example.com/v1', error: { code: 503, reason: 'ServiceUnavailable', message: 'service unavailable' } },
    ]);
  });

  it('marks stale aggregated group-versions', async () => {
    const discovery = await discover(
      fixtureFetch({
        '/api': aggregatedRoute(aggregatedCoreDoc('apidiscovery.k8s.io/v2'), '"a"'),
        '/apis': aggregatedRoute(aggregatedGroupsDoc('apidiscovery.k8s.io/v2'), '"b"'),
      }).fetch,
    );
    const groups = buildNavigatorGroups(buildResourceIndex(discovery), discovery);
    expect(groups.find((g) => g.group === 'metrics.k8s.io')?.stale).toEqual(['metrics.k8s.io/v1beta1']);
    // gadgets exist only in the non-preferred v1beta1: that version is the one shown.
    expect(find(groups, 'fx.example.com', 'gadgets')?.resource.version).toBe('v1beta1');
    expect(find(groups, 'fx.example.com', 'widgets')?.otherVersions.map((r) => r.version)).toEqual(['v1beta1']);
  });
});

describe('filterNavigatorGroups', () => {
  const filtered = async (q: string) => names(filterNavigatorGroups(await recordedGroups(), q));

  it('matches short names', async () => {
    expect(await filtered('po')).toEqual([
      ['core', ['pods', 'podtemplates']],
      ['policy', ['poddisruptionbudgets', 'podsecuritypolicies']],
    ]);
    expect(await filtered('pvc')).toEqual([['core', ['persistentvolumeclaims']]]);
    expect(await filtered('pod')).toContainEqual(['autoscaling', ['horizontalpodautoscalers']]);
    expect(await filtered('deploy')).toEqual([['apps', ['deployments']]]);
  });

  it('matches a category exactly', async () => {
    const all = await filtered('all');
    expect(all).toEqual([
      ['core', ['pods', 'replicationcontrollers', 'services']],
      ['apps', ['daemonsets', 'deployments', 'replicasets', 'statefulsets']],
      ['autoscaling', ['horizontalpodautoscalers']],
      ['batch', ['cronjobs', 'jobs']],
      ['fx.example.com', ['widgets']],
    ]);
  });

  it('matches kinds case-insensitively and resource.group spellings', async () => {
    expect(await filtered('CronJob')).toEqual([['batch', ['cronjobs']]]);
    expect(await filtered('deployments.apps')).toEqual([['apps', ['deployments']]]);
  });

  it('keeps a named group\'s unavailable versions; an empty filter changes nothing', async () => {
    const groups = await recordedGroups({ '/apis/fx.example.com/v1': () => statusResponse(503, 'ServiceUnavailable', 'down') });
    expect(filterNavigatorGroups(groups, '  ')).toBe(groups);
    expect(filterNavigatorGroups(groups, 'fx.example').map((g) => g.failed.length)).toEqual([1]);
    expect(filterNavigatorGroups(groups, 'zzz')).toEqual([]);
  });
});

describe('links, pins and recents', () => {
  it('links namespaced resources to the namespace and cluster-scoped ones without', async () => {
    const groups = await recordedGroups();
    const pods = find(groups, '', 'pods');
    const nodes = find(groups, '', 'nodes');
    const crds = find(groups, 'apiextensions.k8s.io', 'customresourcedefinitions');
    if (!pods || !nodes || !crds) throw new Error('missing resources');
    expect(resourceListHref('demo', pods.resource, 'kube-system')).toBe('/c/demo/api/v1/namespaces/kube-system/pods');
    expect(resourceListHref('demo', pods.resource, null)).toBe('/c/demo/api/v1/pods');
    expect(resourceListHref('demo', nodes.resource, 'kube-system')).toBe('/c/demo/api/v1/nodes');
    expect(resourceListHref('demo', crds.resource, 'x')).toBe('/c/demo/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
  });

  it('resolves pinned names in their order and drops resources this cluster lacks', async () => {
    const groups = await recordedGroups();
    expect(resolveNavResources(groups, ['deployments.apps', 'gizmos.nowhere.io', 'pods']).map((r) => r.name)).toEqual([
      'deployments.apps',
      'pods',
    ]);
  });
});
