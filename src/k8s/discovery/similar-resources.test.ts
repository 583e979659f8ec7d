import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureFetch } from './discovery-test-support';
import { fetchDiscovery } from './fetch-discovery';
import { buildResourceIndex, qualifiedName, type ResourceIndex } from './resource-index';
import { similarResources } from './similar-resources';

describe('similarResources over kube-apiserver 1.20.2 discovery', () => {
  let index: ResourceIndex;
  beforeAll(async () => {
    const result = await fetchDiscovery(fixtureFetch().fetch);
    if (result === 'not-modified') throw new Error('unexpected not-modified');
    index = buildResourceIndex(result);
  });
  const names = (q: string) => similarResources(index, q).map(qualifiedName);
  it('finds the resource a typo away, by plural, singular or kind', () => {
    expect(names('deploymentz')).toContain('deployments.apps');
    expect(names('deploymnets')).toContain('deployments.apps');
    expect(names('Deploymen')).toContain('deployments.apps');
  });
  it('offers nothing for an exact name or a word far from every resource', () => {
    expect(names('deployments')).not.toContain('deployments.apps');
    expect(names('zzzzzzzz')).toEqual([]);
  });
});
