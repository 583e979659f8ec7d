import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureFetch } from '../../../k8s/discovery/discovery-test-support';
import { fetchDiscovery } from '../../../k8s/discovery/fetch-discovery';
import { buildResourceIndex, type ResourceIndex } from '../../../k8s/discovery/resource-index';
import { argumentObjectPath, namedResourceItems, paletteItems, parsePaletteQuery, type PaletteScope } from './palette-query';

describe('parsePaletteQuery', () => {
  it('reads a resource alone', () => {
    expect(parsePaletteQuery('  po ')).toEqual({ resource: 'po', name: null, arg: null, namespace: null, allNamespaces: false });
    expect(parsePaletteQuery('deployments.apps')?.resource).toBe('deployments.apps');
    expect(parsePaletteQuery('   ')).toBeNull();
  });

  it('reads the word after the resource as namespace-or-name, a third word as namespace', () => {
    expect(parsePaletteQuery('svc kube-system')).toMatchObject({ resource: 'svc', arg: 'kube-system', name: null, namespace: null });
    expect(parsePaletteQuery('pods web-1 prod')).toMatchObject({ resource: 'pods', arg: 'web-1', namespace: 'prod' });
  });

  it('reads resource/name and kubectl namespace flags', () => {
    expect(parsePaletteQuery('po/web-1')).toMatchObject({ resource: 'po', name: 'web-1', arg: null, namespace: null });
    expect(parsePaletteQuery('po/web-1 kube-system')).toMatchObject({ name: 'web-1', namespace: 'kube-system' });
    expect(parsePaletteQuery('po/web-1 -n prod')).toMatchObject({ name: 'web-1', namespace: 'prod' });
    expect(parsePaletteQuery('-n prod deploy')).toMatchObject({ resource: 'deploy', namespace: 'prod' });
    expect(parsePaletteQuery('deploy --namespace=prod')?.namespace).toBe('prod');
    expect(parsePaletteQuery('deploy -nprod')?.namespace).toBe('prod');
    expect(parsePaletteQuery('po -A')).toMatchObject({ resource: 'po', allNamespaces: true });
    expect(parsePaletteQuery('po/')).toMatchObject({ resource: 'po', name: null });
  });
});

describe('paletteItems (recorded 1.20.2 discovery)', () => {
  let index: ResourceIndex;
  beforeAll(async () => {
    const result = await fetchDiscovery(fixtureFetch().fetch);
    if (result === 'not-modified') throw new Error('unexpected');
    index = buildResourceIndex(result);
  });
  const scope: PaletteScope = { context: 'demo', namespace: 'default', namespaces: ['default', 'kube-system'] };
  const hrefs = (text: string, s = scope) => paletteItems(index, text, s).map((i) => i.href);

  it('offers the Explain page for `explain resource.field`, like kubectl explain', () => {
    expect(hrefs('explain deployment.spec.strategy')).toEqual(['/c/demo/-/explain?resource=deployments.apps&field=spec.strategy']);
    expect(hrefs('Explain deploy')).toEqual(['/c/demo/-/explain?resource=deployments.apps']);
    expect(hrefs('explain ingresses.networking.k8s.io.spec')).toEqual(['/c/demo/-/explain?resource=ingresses.networking.k8s.io&field=spec']);
    expect(paletteItems(index, 'explain po.spec', scope)[0]).toMatchObject({ target: 'explain', field: ['spec'] });
    expect(hrefs('explain')).toEqual([]);
    expect(hrefs('explain nosuchthing.spec')).toEqual([]);
    // Only the word `explain` starts it: `explainers` is a resource search as before.
    expect(paletteItems(index, 'explainers', scope).every((i) => i.target !== 'explain')).toBe(true);
  });

  it('jumps to lists by short name, plural, kind and resource.group, in the current namespace', () => {
    expect(hrefs('po')[0]).toBe('/c/demo/api/v1/namespaces/default/pods');
    expect(hrefs('deploy')[0]).toBe('/c/demo/apis/apps/v1/namespaces/default/deployments');
    expect(hrefs('deployments.apps')).toEqual(['/c/demo/apis/apps/v1/namespaces/default/deployments']);
    expect(hrefs('Deployment')[0]).toBe('/c/demo/apis/apps/v1/namespaces/default/deployments');
    expect(hrefs('po', { ...scope, namespace: null })[0]).toBe('/c/demo/api/v1/pods');
    expect(hrefs('po -A')[0]).toBe('/c/demo/api/v1/pods');
  });

  it('lists cluster-scoped resources without a namespace', () => {
    expect(hrefs('no')[0]).toBe('/c/demo/api/v1/nodes');
    expect(hrefs('crd')[0]).toBe('/c/demo/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
  });

  it('expands a category to its members', () => {
    const all = paletteItems(index, 'all', scope).map((i) => i.resource.resource);
    expect(all.slice(0, 4)).toEqual(['pods', 'replicationcontrollers', 'services', 'daemonsets']);
    expect(all).toContain('widgets');
  });

  it('tells a known namespace from an object name', () => {
    expect(hrefs('svc kube-system').slice(0, 2)).toEqual([
      '/c/demo/api/v1/namespaces/kube-system/services',
      '/c/demo/api/v1/namespaces/default/services/kube-system',
    ]);
    expect(hrefs('pods web-1').slice(0, 2)).toEqual([
      '/c/demo/api/v1/namespaces/default/pods/web-1',
      '/c/demo/api/v1/namespaces/web-1/pods',
    ]);
    expect(hrefs('nodes node-a')).toEqual(['/c/demo/api/v1/nodes/node-a']);
  });

  it('reads an argument as a namespace first when the object it would name is missing', () => {
    // Listing namespaces refused: only the used ones and the context's are known.
    const bound: PaletteScope = { context: 'demo', namespace: 'fx', namespaces: ['fx'] };
    expect(argumentObjectPath(index, 'po shop', bound)).toBe('/api/v1/namespaces/fx/pods/shop');
    expect(argumentObjectPath(index, 'po fx', bound)).toBeNull();
    expect(argumentObjectPath(index, 'po', bound)).toBeNull();
    expect(hrefs('po shop', bound)[0]).toBe('/c/demo/api/v1/namespaces/fx/pods/shop');
    expect(hrefs('po shop', { ...bound, missingObjects: new Set(['/api/v1/namespaces/fx/pods/shop']) }).slice(0, 2)).toEqual([
      '/c/demo/api/v1/namespaces/shop/pods',
      '/c/demo/api/v1/namespaces/fx/pods/shop',
    ]);
  });

  it('opens objects by resource/name, in the given, current or default namespace', () => {
    expect(hrefs('po/web-1')[0]).toBe('/c/demo/api/v1/namespaces/default/pods/web-1');
    expect(hrefs('po/web-1 -n kube-system')[0]).toBe('/c/demo/api/v1/namespaces/kube-system/pods/web-1');
    expect(hrefs('po/web-1', { ...scope, namespace: null })[0]).toBe('/c/demo/api/v1/namespaces/default/pods/web-1');
    expect(hrefs('deploy/web')[0]).toBe('/c/demo/apis/apps/v1/namespaces/default/deployments/web');
    expect(paletteItems(index, 'po/web-1', scope)[0]?.target).toBe('object');
  });

  it('offers nothing for unknown resources', () => {
    expect(hrefs('gizmo')).toEqual([]);
  });

  it('turns pinned and recent names into list targets, once each', () => {
    const items = namedResourceItems(index, ['deployments.apps', 'nope.example.com', 'pods', 'deployments.apps'], scope);
    expect(items.map((i) => i.href)).toEqual([
      '/c/demo/apis/apps/v1/namespaces/default/deployments',
      '/c/demo/api/v1/namespaces/default/pods',
    ]);
  });
});
