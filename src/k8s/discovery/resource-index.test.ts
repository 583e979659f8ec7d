import { beforeAll, describe, expect, it } from 'vitest';
import { aggregatedCoreDoc, aggregatedGroupsDoc, aggregatedRoute, fixtureFetch, RECORDED_LISTABLE_GROUPS } from './discovery-test-support';
import { fetchDiscovery } from './fetch-discovery';
import {
  buildResourceIndex,
  expandCategory,
  findResource,
  lookupResource,
  navigableResources,
  qualifiedName,
  resourceByGvr,
  type ResourceIndex,
} from './resource-index';
import type { ApiResource, DiscoveryResult } from './types';

async function discover(fetch: Parameters<typeof fetchDiscovery>[0]): Promise<DiscoveryResult> {
  const result = await fetchDiscovery(fetch);
  if (result === 'not-modified') throw new Error('unexpected not-modified');
  return result;
}

const gvrs = (resources: ApiResource[]) => resources.map((r) => `${r.groupVersion} ${r.resource}`);

describe('resource index over kube-apiserver 1.20.2 discovery', () => {
  let index: ResourceIndex;
  beforeAll(async () => {
    index = buildResourceIndex(await discover(fixtureFetch().fetch));
  });

  it.each([
    ['pods', 'v1 pods'],
    ['pod', 'v1 pods'],
    ['Pod', 'v1 pods'],
    ['PO', 'v1 pods'],
    ['deploy', 'apps/v1 deployments'],
    ['deployments.apps', 'apps/v1 deployments'],
    ['deployment.apps', 'apps/v1 deployments'],
    ['deployments.v1.apps', 'apps/v1 deployments'],
    ['svc', 'v1 services'],
    ['cm', 'v1 configmaps'],
    ['crd', 'apiextensions.k8s.io/v1 customresourcedefinitions'],
    ['wdg', 'fx.example.com/v1 widgets'],
    ['widgets.fx.example.com', 'fx.example.com/v1 widgets'],
    ['hpa', 'autoscaling/v1 horizontalpodautoscalers'],
    ['hpa.v2beta2.autoscaling', 'autoscaling/v2beta2 horizontalpodautoscalers'],
    ['cronjobs', 'batch/v1beta1 cronjobs'],
    ['ingresses.networking.k8s.io', 'networking.k8s.io/v1 ingresses'],
    ['ing.extensions', 'extensions/v1beta1 ingresses'],
    ['events.v1beta1.events.k8s.io', 'events.k8s.io/v1beta1 events'],
  ])('lookupResource(%s) -> %s', (query, expected) => {
    expect(gvrs(lookupResource(index, query))).toEqual([expected]);
  });

  it('returns every group that has a name, core first, then the server group order', () => {
    expect(gvrs(lookupResource(index, 'events'))).toEqual(['v1 events', 'events.k8s.io/v1 events']);
    expect(gvrs(lookupResource(index, 'ev'))).toEqual(['v1 events', 'events.k8s.io/v1 events']);
    expect(gvrs(lookupResource(index, 'ing'))).toEqual(['networking.k8s.io/v1 ingresses', 'extensions/v1beta1 ingresses']);
    expect(gvrs(lookupResource(index, 'events.events.k8s.io'))).toEqual(['events.k8s.io/v1 events']);
  });

  it('finds nothing for unknown names or subresource paths', () => {
    expect(lookupResource(index, 'nope')).toEqual([]);
    expect(lookupResource(index, 'pods/status')).toEqual([]);
    expect(lookupResource(index, 'deployments.v1beta1.apps')).toEqual([]);
    expect(lookupResource(index, '  ')).toEqual([]);
  });

  it('expands the all category to the preferred version of each member, in priority order', () => {
    expect(expandCategory(index, 'all').map(qualifiedName)).toEqual([
      'pods',
      'replicationcontrollers',
      'services',
      'daemonsets.apps',
      'deployments.apps',
      'replicasets.apps',
      'statefulsets.apps',
      'horizontalpodautoscalers.autoscaling',
      'jobs.batch',
      'cronjobs.batch',
      'widgets.fx.example.com',
    ]);
    expect(expandCategory(index, 'api-extensions').map(qualifiedName)).toEqual([
      'apiservices.apiregistration.k8s.io',
      'mutatingwebhookconfigurations.admissionregistration.k8s.io',
      'validatingwebhookconfigurations.admissionregistration.k8s.io',
      'customresourcedefinitions.apiextensions.k8s.io',
    ]);
  });

  it('ranks exact matches, then category members, then prefixes, then substrings', () => {
    const pod = findResource(index, 'pod');
    expect(pod[0]).toMatchObject({ match: 'exact', resource: { groupVersion: 'v1', resource: 'pods' } });
    expect(pod.slice(1).map((m) => [m.match, qualifiedName(m.resource)])).toEqual([
      ['prefix', 'podtemplates'],
      ['prefix', 'poddisruptionbudgets.policy'],
      ['prefix', 'podsecuritypolicies.policy'],
      ['substring', 'horizontalpodautoscalers.autoscaling'],
    ]);

    const all = findResource(index, 'all');
    expect(all.every((m) => m.match === 'category')).toBe(true);
    expect(all.map((m) => m.resource.resource)).toEqual(expect.arrayContaining(['pods', 'deployments', 'services']));

    expect(findResource(index, 'dep').map((m) => [m.match, qualifiedName(m.resource)])).toEqual([
      ['prefix', 'deployments.apps'],
    ]);
    expect(findResource(index, 'deployments.a')[0]).toMatchObject({ match: 'prefix', resource: { resource: 'deployments' } });

    const classes = findResource(index, 'class');
    expect(classes.map((m) => m.match)).toEqual(classes.map(() => 'substring'));
    expect(classes.map((m) => qualifiedName(m.resource))).toEqual([
      // Server group order of /apis: networking, storage, scheduling, node.
      'ingressclasses.networking.k8s.io',
      'storageclasses.storage.k8s.io',
      'priorityclasses.scheduling.k8s.io',
      'runtimeclasses.node.k8s.io',
    ]);
    expect(findResource(index, '')).toEqual([]);
  });

  it('orders match kinds monotonically and never returns a resource twice', () => {
    const order = ['exact', 'category', 'prefix', 'substring'];
    for (const query of ['s', 'ev', 'all', 'pod', 'ing', 'co']) {
      const matches = findResource(index, query);
      const ranks = matches.map((m) => order.indexOf(m.match));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(matches.map((m) => m.resource)).size).toBe(matches.length);
    }
  });

  it('lists navigable resources grouped like kubectl api-resources: core, then groups by name', () => {
    const sections = navigableResources(index);
    expect(sections.map((s) => s.group)).toEqual(RECORDED_LISTABLE_GROUPS);
    // bindings is create-only; tokenreviews and the *accessreviews are create-only, so their groups vanish.
    expect(sections[0]?.resources.map((r) => r.resource)).toEqual([
      'componentstatuses', 'configmaps', 'endpoints', 'events', 'limitranges', 'namespaces', 'nodes',
      'persistentvolumeclaims', 'persistentvolumes', 'pods', 'podtemplates', 'replicationcontrollers',
      'resourcequotas', 'secrets', 'serviceaccounts', 'services',
    ]);
    expect(gvrs(sections.find((s) => s.group === 'batch')?.resources ?? [])).toEqual([
      'batch/v1beta1 cronjobs',
      'batch/v1 jobs',
    ]);
    expect(sections.flatMap((s) => s.resources).every((r) => r.preferredVersion && r.verbs.includes('list'))).toBe(true);
  });

  it('knows each group preferred version and resolves exact gvrs', () => {
    expect(index.preferredVersions.get('')).toBe('v1');
    expect(index.preferredVersions.get('batch')).toBe('v1');
    expect(index.preferredVersions.get('policy')).toBe('v1beta1');
    expect(resourceByGvr(index, { group: 'autoscaling', version: 'v2beta1', resource: 'horizontalpodautoscalers' })?.preferredVersion).toBe(false);
    expect(resourceByGvr(index, { group: 'apps', version: 'v1beta1', resource: 'deployments' })).toBeUndefined();
  });
});

describe('resource index over aggregated discovery', () => {
  it('resolves CRD names to the preferred version and keeps older-version-only resources', async () => {
    const { fetch } = fixtureFetch({
      '/api': aggregatedRoute(aggregatedCoreDoc('apidiscovery.k8s.io/v2'), '"A"'),
      '/apis': aggregatedRoute(aggregatedGroupsDoc('apidiscovery.k8s.io/v2'), '"B"'),
    });
    const index = buildResourceIndex(await discover(fetch));
    expect(gvrs(lookupResource(index, 'wdg'))).toEqual(['fx.example.com/v1 widgets']);
    expect(gvrs(lookupResource(index, 'widgets.v1beta1.fx.example.com'))).toEqual(['fx.example.com/v1beta1 widgets']);
    expect(gvrs(lookupResource(index, 'gadget'))).toEqual(['fx.example.com/v1beta1 gadgets']);
    expect(expandCategory(index, 'all').map(qualifiedName)).toEqual(['pods', 'services', 'deployments.apps', 'widgets.fx.example.com']);
    expect(navigableResources(index).map((s) => s.group)).toEqual(['', 'apps', 'events.k8s.io', 'fx.example.com']);
  });
});
