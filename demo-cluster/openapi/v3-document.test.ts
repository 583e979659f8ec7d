// The OpenAPI v3 documents against the ones kube-apiserver 1.37.2 served (tests/fixtures/k8s-1.37.2/openapi-v3).
import { describe, expect, it } from 'vitest';
import { recording } from '../../tests/fixtures/recorded.js';
import { customResourceTypes } from '../resources/custom-resources.js';
import { defaultRegistry } from '../resources/index.js';
import type { KubeObject } from '../resources/types.js';
import { crdManifest } from '../testing/crd.js';
import { OpenApi } from './openapi.js';
import { servesPath } from './v3-document.js';

type Doc = { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
const real = recording('1.37.2');

describe('OpenAPI v3', () => {
  it('a built-in group-version: the recorded paths of the served types only', () => {
    const registry = defaultRegistry();
    expect(servesPath(registry, '', 'v1', '/api/v1/namespaces/{namespace}/pods/{name}/exec')).toBe(true);
    expect(servesPath(registry, '', 'v1', '/api/v1/namespaces/{namespace}/pods/{name}/resize')).toBe(false);
    expect(servesPath(registry, '', 'v1', '/api/v1/namespaces/{name}/finalize')).toBe(true);
    expect(servesPath(registry, '', 'v1', '/api/v1/namespaces/{namespace}/persistentvolumeclaims')).toBe(false);
    expect(servesPath(registry, '', 'v1', '/api/v1/watch/namespaces/{namespace}/configmaps/{name}')).toBe(true);
    const doc = JSON.parse(new OpenApi(registry, '1.37').v3('apis/batch/v1')?.body ?? '{}') as Doc;
    expect(doc).toEqual(real.readJson<Doc>('openapi-v3/apis__batch__v1.json'));
  });

  it("a custom resource's document: its kinds in v3 form, the apimachinery schemas as recorded", () => {
    const registry = defaultRegistry();
    const crd = crdManifest({
      group: 'fx.example.com',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', shortNames: ['wdg'], categories: ['all'] },
      version: { schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } } } } } },
    });
    for (const t of customResourceTypes(crd as unknown as KubeObject)) registry.add(t);
    const doc = JSON.parse(new OpenApi(registry, '1.37').v3('apis/fx.example.com/v1')?.body ?? '{}') as Doc;
    const recorded = real.readJson<Doc>('openapi-v3/apis__fx.example.com__v1.json');
    expect(doc.components.schemas['com.example.fx.v1.Widget']).toEqual(recorded.components.schemas['com.example.fx.v1.Widget']);
    expect(doc.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']).toEqual(recorded.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['com.example.fx.v1.WidgetList', 'io.k8s.apimachinery.pkg.apis.meta.v1.Status']));
  });
});
