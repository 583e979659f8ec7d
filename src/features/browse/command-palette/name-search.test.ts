import { describe, expect, it } from 'vitest';
import { buildResourceIndex } from '../../../k8s/discovery/resource-index';
import type { ApiResource } from '../../../k8s/discovery/types';
import { nameMatchItems, nameSearchResources, nameSearchTerm } from './name-search';

function resource(group: string, version: string, plural: string, kind: string, namespaced = true, preferredVersion = true): ApiResource {
  return {
    group,
    version,
    resource: plural,
    kind,
    singularName: kind.toLowerCase(),
    namespaced,
    verbs: ['get', 'list', 'watch'],
    shortNames: [],
    categories: [],
    subresources: [],
    preferredVersion,
    groupVersion: group ? `${group}/${version}` : version,
  };
}

const pods = resource('', 'v1', 'pods', 'Pod');
const deployments = resource('apps', 'v1', 'deployments', 'Deployment');
const services = resource('', 'v1', 'services', 'Service');

describe('name search', () => {
  it('takes one name-like word of two or more characters', () => {
    expect(nameSearchTerm(' Web ')).toBe('web');
    expect(nameSearchTerm('hello-1.x')).toBe('hello-1.x');
    expect(nameSearchTerm('w')).toBeNull();
    expect(nameSearchTerm('po web')).toBeNull();
    expect(nameSearchTerm('po/web')).toBeNull();
    expect(nameSearchTerm('-n')).toBeNull();
    expect(nameSearchTerm('explain')).toBeNull();
  });

  it('searches the served preferred versions of the common kinds, in their order', () => {
    const index = buildResourceIndex({
      groups: [],
      resources: [services, resource('apps', 'v1beta1', 'deployments', 'Deployment', true, false), deployments, pods, resource('', 'v1', 'nodes', 'Node', false)],
    });
    expect(nameSearchResources(index).map((r) => `${r.groupVersion}/${r.resource}`)).toEqual(['v1/pods', 'apps/v1/deployments', 'v1/services']);
  });

  it('lists matching objects, names starting with the word first, linked to their pages', () => {
    const items = nameMatchItems(
      'demo',
      [
        { resource: pods, names: [{ namespace: 'shop', name: 'api-web-1' }, { namespace: 'default', name: 'db-0' }, { namespace: 'default', name: 'web-7f9' }] },
        { resource: deployments, names: [{ namespace: 'default', name: 'web' }] },
        { resource: services, names: [{ namespace: 'default', name: 'WEB-svc' }] },
      ],
      'web',
    );
    expect(items.map((i) => i.href)).toEqual([
      '/c/demo/api/v1/namespaces/default/pods/web-7f9',
      '/c/demo/apis/apps/v1/namespaces/default/deployments/web',
      '/c/demo/api/v1/namespaces/default/services/WEB-svc',
      '/c/demo/api/v1/namespaces/shop/pods/api-web-1',
    ]);
    expect(new Set(items.map((i) => i.id)).size).toBe(4);
    expect(items.every((i) => i.target === 'object')).toBe(true);
  });
});
