import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureFetch } from '../discovery/discovery-test-support';
import { fetchDiscovery } from '../discovery/fetch-discovery';
import { buildResourceIndex, type ResourceIndex } from '../discovery/resource-index';
import { explainHref, parseExplainArgument, parseExplainSearch, resolveExplainTarget, resourceVersions } from './explain-target';

describe('explain targets over kube-apiserver 1.20.2 discovery', () => {
  let index: ResourceIndex;
  beforeAll(async () => {
    const result = await fetchDiscovery(fixtureFetch().fetch);
    if (result === 'not-modified') throw new Error('unexpected not-modified');
    index = buildResourceIndex(result);
  });

  it.each(['deploy', 'deployment', 'Deployment', 'deployments', 'deployments.apps', 'DEPLOY'])('resolves %s to apps/v1 deployments', (resource) => {
    const r = resolveExplainTarget(index, { resource, field: [], version: null });
    expect(r.found && `${r.resource.groupVersion} ${r.resource.resource}`).toBe('apps/v1 deployments');
  });

  it('splits kubectl explain arguments at the longest resource discovery knows', () => {
    expect(parseExplainArgument(index, 'deploy.spec.strategy')).toEqual({ resource: 'deploy', field: ['spec', 'strategy'], version: null });
    expect(parseExplainArgument(index, 'deployments.apps.spec')).toEqual({ resource: 'deployments.apps', field: ['spec'], version: null });
    expect(parseExplainArgument(index, 'ingresses.networking.k8s.io.spec.rules')).toEqual({
      resource: 'ingresses.networking.k8s.io',
      field: ['spec', 'rules'],
      version: null,
    });
    expect(parseExplainArgument(index, 'po')).toEqual({ resource: 'po', field: [], version: null });
    expect(parseExplainArgument(index, '  ')).toBeNull();
  });

  it('takes an asked version, and says which versions are served when it is not', () => {
    const beta = resolveExplainTarget(index, { resource: 'ingresses.networking.k8s.io', field: [], version: 'v1beta1' });
    expect(beta.found && beta.resource.groupVersion).toBe('networking.k8s.io/v1beta1');
    const missing = resolveExplainTarget(index, { resource: 'deploy', field: [], version: 'v9' });
    expect(missing).toMatchObject({ found: false, message: 'deployments.apps is not served in version "v9" (served: v1)' });
    expect(resourceVersions(index, { group: 'networking.k8s.io', resource: 'ingresses' }).map((r) => r.version)).toEqual(['v1', 'v1beta1']);
  });

  it('names an unknown resource and suggests close ones', () => {
    const r = resolveExplainTarget(index, { resource: 'deploymnts', field: [], version: null });
    expect(r.found).toBe(false);
    if (r.found) return;
    expect(r.message).toBe('the server doesn\'t have a resource type "deploymnts"');
    expect(r.suggestions.map((s) => s.resource)).toContain('deployments');
  });
});

describe('the Explain URL', () => {
  it('round-trips resource, field and version', () => {
    const href = explainHref('my ctx', { resource: 'deployments.apps', field: ['spec', 'strategy'], version: 'v1' });
    expect(href).toBe('/c/my%20ctx/-/explain?resource=deployments.apps&field=spec.strategy&version=v1');
    expect(parseExplainSearch(href.slice(href.indexOf('?')))).toEqual({ resource: 'deployments.apps', field: ['spec', 'strategy'], version: 'v1' });
    expect(parseExplainSearch('?field=spec')).toBeNull();
    expect(parseExplainSearch('?resource=po&field=.spec..containers')).toEqual({ resource: 'po', field: ['spec', 'containers'], version: null });
  });
});
