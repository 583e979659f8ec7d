import { beforeAll, describe, expect, it } from 'vitest';
import { fetchDiscovery } from '../../../k8s/discovery/fetch-discovery';
import { fixtureFetch } from '../../../k8s/discovery/discovery-test-support';
import type { DiscoveryResult } from '../../../k8s/discovery/types';
import { namesCollection, pathSuggestions, type CompletionSources } from './path-completion';

// Discovery as kube-apiserver 1.20.2 answered it (legacy documents, recorded).
let discovery: DiscoveryResult;
beforeAll(async () => {
  const result = await fetchDiscovery(fixtureFetch().fetch);
  if (result === 'not-modified') throw new Error('unexpected 304');
  discovery = result;
});

const sources = (extra: Partial<CompletionSources> = {}): CompletionSources => ({
  groups: discovery.groups,
  resources: discovery.resources,
  namespaces: ['default', 'kube-system'],
  names: [],
  ...extra,
});

describe('pathSuggestions', () => {
  it('offers the roots, then core versions and groups', () => {
    expect(pathSuggestions('/', sources())).toContain('/apis');
    expect(pathSuggestions('/ap', sources())).toEqual(['/api', '/apis']);
    expect(pathSuggestions('/api/', sources())).toEqual(['/api/v1']);
    expect(pathSuggestions('/apis/ap', sources())).toEqual(expect.arrayContaining(['/apis/apps', '/apis/apiextensions.k8s.io']));
    expect(pathSuggestions('/apis/apps/', sources())).toEqual(['/apis/apps/v1']);
  });

  it('offers resources, namespaces and the namespaced resources in one', () => {
    expect(pathSuggestions('/api/v1/po', sources())).toEqual(['/api/v1/pods', '/api/v1/podtemplates']);
    expect(pathSuggestions('/api/v1/namespaces/', sources())).toEqual(['/api/v1/namespaces/default', '/api/v1/namespaces/kube-system']);
    const inNamespace = pathSuggestions('/api/v1/namespaces/default/', sources());
    expect(inNamespace).toContain('/api/v1/namespaces/default/configmaps');
    expect(inNamespace).not.toContain('/api/v1/namespaces/default/nodes');
    // The namespace object's own subresources.
    expect(inNamespace).toContain('/api/v1/namespaces/default/finalize');
  });

  it('offers the names of existing objects, then their subresources', () => {
    const names = sources({ names: ['web-1', 'web-2', 'db'] });
    expect(pathSuggestions('/api/v1/namespaces/default/pods/we', names)).toEqual(['/api/v1/namespaces/default/pods/web-1', '/api/v1/namespaces/default/pods/web-2']);
    expect(pathSuggestions('/apis/apps/v1/namespaces/a/deployments/web/', sources())).toEqual(['/apis/apps/v1/namespaces/a/deployments/web/scale', '/apis/apps/v1/namespaces/a/deployments/web/status']);
    expect(pathSuggestions('/api/v1/nodes/n1/', sources())).toEqual(expect.arrayContaining(['/api/v1/nodes/n1/status', '/api/v1/nodes/n1/proxy']));
  });

  it('offers nothing past a query or for a relative path', () => {
    expect(pathSuggestions('/api/v1/pods?wa', sources())).toEqual([]);
    expect(pathSuggestions('api/', sources())).toEqual([]);
  });
});

describe('namesCollection', () => {
  it('names the listable collection whose names complete the path', () => {
    expect(namesCollection('/api/v1/namespaces/default/pods/w', discovery.resources)).toBe('/api/v1/namespaces/default/pods');
    expect(namesCollection('/api/v1/nodes/', discovery.resources)).toBe('/api/v1/nodes');
    expect(namesCollection('/api/v1/namespaces/x', discovery.resources)).toBeNull();
    expect(namesCollection('/api/v1/namespaces/default/nodes/', discovery.resources)).toBeNull();
    expect(namesCollection('/api/v1/bindings/', discovery.resources)).toBeNull();
    expect(namesCollection('/api/v1/', discovery.resources)).toBeNull();
  });
});
