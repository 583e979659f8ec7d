import { describe, expect, it } from 'vitest';
import { findDefinitionForGvk, kindSchemaFromDefinitions, type Definitions } from './kind-schema';
import { DEPLOYMENT_GVK, fixtureKindSchema, openApiV2Fixture, openApiV3Schemas } from './openapi-test-support';

type Obj = Record<string, unknown>;

function at(value: unknown, ...path: string[]): unknown {
  let v = value;
  for (const p of path) v = (v as Obj | undefined)?.[p];
  return v;
}

describe('findDefinitionForGvk', () => {
  it('finds built-in kinds by x-kubernetes-group-version-kind, including the core group', () => {
    const defs = openApiV2Fixture().definitions;
    expect(findDefinitionForGvk(defs, DEPLOYMENT_GVK)).toBe('io.k8s.api.apps.v1.Deployment');
    expect(findDefinitionForGvk(defs, { group: '', version: 'v1', kind: 'Pod' })).toBe('io.k8s.api.core.v1.Pod');
    expect(findDefinitionForGvk(defs, { group: 'apps', version: 'v1beta1', kind: 'Deployment' })).toBeNull();
    expect(findDefinitionForGvk(defs, { group: 'apps', version: 'v1', kind: 'Nope' })).toBeNull();
  });
});

describe('schema lookup (1.20.2 fixture)', () => {
  const { lookup } = fixtureKindSchema(DEPLOYMENT_GVK);

  it('reads merge keys and strategies through $refs and list items', () => {
    expect(lookup.builtIn).toBe(true);
    expect(lookup(['spec', 'template', 'spec', 'containers'])).toMatchObject({ type: 'array', patchStrategy: ['merge'], patchMergeKey: 'name', itemType: 'object' });
    expect(lookup(['spec', 'template', 'spec', 'containers', 'env'])).toMatchObject({ patchStrategy: ['merge'], patchMergeKey: 'name' });
    expect(lookup(['spec', 'template', 'spec', 'containers', 'ports'])).toMatchObject({ patchStrategy: ['merge'], patchMergeKey: 'containerPort' });
    expect(lookup(['spec', 'template', 'spec', 'volumes'])).toMatchObject({ patchStrategy: ['merge', 'retainKeys'], patchMergeKey: 'name' });
    expect(lookup(['spec', 'strategy'])).toMatchObject({ type: 'object', patchStrategy: ['retainKeys'] });
    expect(lookup(['metadata', 'finalizers'])).toMatchObject({ type: 'array', patchStrategy: ['merge'], itemType: 'string' });
    expect(lookup(['metadata', 'finalizers'])?.patchMergeKey).toBeUndefined();
  });

  it('types scalars, crosses maps by key, and answers undefined for unknown fields', () => {
    expect(lookup(['spec', 'replicas'])).toEqual({ type: 'integer', patchStrategy: [] });
    expect(lookup(['metadata', 'labels', 'app'])).toEqual({ type: 'string', patchStrategy: [] });
    expect(lookup(['spec', 'template', 'spec', 'containers', 'args'])).toMatchObject({ type: 'array', patchStrategy: [], itemType: 'string' });
    expect(lookup(['spec', 'nope'])).toBeUndefined();
    expect(lookup(['spec', 'nope', 'deeper'])).toBeUndefined();
  });
});

describe('JSON Schema for monaco-yaml', () => {
  const { jsonSchema, definitionName } = fixtureKindSchema(DEPLOYMENT_GVK);

  it('is self-contained: every $ref points into its own definitions', () => {
    const refs = JSON.stringify(jsonSchema).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    const defs = jsonSchema.definitions as Obj;
    for (const r of refs) {
      const target = /"#\/definitions\/([^"]+)"/.exec(r)?.[1];
      expect(target, r).toBeDefined();
      expect(defs[target as string], r).toBeDefined();
    }
    expect(definitionName).toBe('io.k8s.api.apps.v1.Deployment');
    expect(defs['io.k8s.api.core.v1.Container']).toBeDefined();
    expect(defs['io.k8s.api.core.v1.Pod']).toBeUndefined();
  });

  it('keeps descriptions next to refs (allOf) and pins apiVersion/kind', () => {
    expect(jsonSchema.description).toMatch(/^Deployment enables declarative updates/);
    const strategy = at(jsonSchema, 'definitions', 'io.k8s.api.apps.v1.DeploymentSpec', 'properties', 'strategy') as Obj;
    expect(strategy.description).toMatch(/deployment strategy/i);
    expect(strategy.allOf).toEqual([{ $ref: '#/definitions/io.k8s.api.apps.v1.DeploymentStrategy' }]);
    expect(strategy.$ref).toBeUndefined();
    expect(at(jsonSchema, 'properties', 'apiVersion', 'enum')).toEqual(['apps/v1']);
    expect(at(jsonSchema, 'properties', 'kind', 'enum')).toEqual(['Deployment']);
  });

  it('marks status and system metadata readOnly, and lets IntOrString/Quantity be numbers', () => {
    expect(at(jsonSchema, 'properties', 'status', 'readOnly')).toBe(true);
    expect(at(jsonSchema, 'properties', 'spec', 'readOnly')).toBeUndefined();
    const meta = at(jsonSchema, 'definitions', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'properties') as Obj;
    expect(at(meta, 'resourceVersion', 'readOnly')).toBe(true);
    expect(at(meta, 'managedFields', 'readOnly')).toBe(true);
    expect(at(meta, 'name', 'readOnly')).toBeUndefined();
    const ios = at(jsonSchema, 'definitions', 'io.k8s.apimachinery.pkg.util.intstr.IntOrString') as Obj;
    expect(ios.type).toBeUndefined();
    expect(ios.anyOf).toEqual([{ type: 'integer' }, { type: 'string' }]);
  });

  it('accepts null for metav1.Time, as the apiserver writes `creationTimestamp: null` in templates', () => {
    const time = at(jsonSchema, 'definitions', 'io.k8s.apimachinery.pkg.apis.meta.v1.Time') as Obj;
    expect(time.type).toBeUndefined();
    expect(time.anyOf).toEqual([{ type: 'string', format: 'date-time' }, { type: 'null' }]);
  });

  it('does not modify the source definitions', () => {
    const defs = openApiV2Fixture().definitions;
    expect(at(defs, 'io.k8s.api.apps.v1.DeploymentSpec', 'properties', 'strategy', '$ref')).toBe('#/definitions/io.k8s.api.apps.v1.DeploymentStrategy');
    expect(at(defs, 'io.k8s.apimachinery.pkg.util.intstr.IntOrString', 'type')).toBe('string');
  });
});

describe('v3 components and custom resources', () => {
  const v3: Definitions = {
    'com.example.fx.v1.Widget': {
      type: 'object',
      'x-kubernetes-group-version-kind': [{ group: 'fx.example.com', version: 'v1', kind: 'Widget' }],
      properties: {
        metadata: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }], description: 'meta' },
        spec: {
          type: 'object',
          properties: {
            items: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' } } } },
            size: { 'x-kubernetes-int-or-string': true, type: 'string' },
          },
        },
      },
    },
    'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { type: 'object', properties: { name: { type: 'string' }, uid: { type: 'string' } } },
  };

  it('resolves allOf refs, reads list-map keys and is not built-in', () => {
    const schema = kindSchemaFromDefinitions(v3, '#/components/schemas/', { group: 'fx.example.com', version: 'v1', kind: 'Widget' }, 'v3');
    expect(schema).not.toBeNull();
    const lookup = schema?.lookup;
    expect(lookup?.builtIn).toBe(false);
    expect(lookup?.(['spec', 'items'])).toMatchObject({ type: 'array', listType: 'map', listMapKeys: ['name'] });
    expect(lookup?.(['metadata', 'name'])).toEqual({ type: 'string', patchStrategy: [] });
    const json = schema?.jsonSchema as Obj;
    expect(at(json, 'properties', 'metadata', 'allOf')).toEqual([{ $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
    expect(at(json, 'definitions', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'properties', 'uid', 'readOnly')).toBe(true);
    expect(at(json, 'properties', 'spec', 'properties', 'size', 'anyOf')).toEqual([{ type: 'integer' }, { type: 'string' }]);
    expect(at(json, 'properties', 'apiVersion')).toBeUndefined();
  });
});

describe('a real v3 document (1.37.2 apis/apps/v1): $refs in allOf with their own description and default, oneOf', () => {
  const schemas = openApiV3Schemas('apis/apps/v1');
  const schema = kindSchemaFromDefinitions(schemas, '#/components/schemas/', DEPLOYMENT_GVK, 'v3');
  const v2 = fixtureKindSchema(DEPLOYMENT_GVK);

  it('the fragments are as the server writes them', () => {
    expect(at(schemas, 'io.k8s.api.apps.v1.DeploymentSpec', 'properties', 'strategy')).toMatchObject({
      default: {},
      allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentStrategy' }],
      'x-kubernetes-patch-strategy': 'retainKeys',
    });
    expect(at(schemas, 'io.k8s.apimachinery.pkg.util.intstr.IntOrString', 'oneOf')).toEqual([{ type: 'integer' }, { type: 'string' }]);
    expect(at(schemas, 'io.k8s.apimachinery.pkg.api.resource.Quantity', 'oneOf')).toEqual([{ type: 'string' }, { type: 'number' }]);
  });

  it('reads the same merge rules and types as the 1.20.2 v2 document', () => {
    expect(schema?.lookup.builtIn).toBe(true);
    const lookup = schema?.lookup;
    for (const path of [
      ['spec', 'template', 'spec', 'containers'],
      ['spec', 'template', 'spec', 'containers', 'env'],
      ['spec', 'template', 'spec', 'containers', 'ports'],
      ['spec', 'strategy'],
      ['spec', 'replicas'],
      ['spec', 'strategy', 'rollingUpdate', 'maxSurge'],
      ['spec', 'template', 'spec', 'containers', 'resources', 'limits', 'cpu'],
      ['metadata', 'labels', 'app'],
    ]) {
      expect(lookup?.(path)?.type, path.join('.')).toBe(v2.lookup(path)?.type);
      expect(lookup?.(path)?.patchStrategy, path.join('.')).toEqual(v2.lookup(path)?.patchStrategy);
      expect(lookup?.(path)?.patchMergeKey, path.join('.')).toBe(v2.lookup(path)?.patchMergeKey);
    }
    expect(lookup?.(['spec', 'strategy', 'rollingUpdate', 'maxSurge'])?.type).toBe('string');
  });

  it('JSON Schema: the wrapper keeps its description next to the allOf; IntOrString and Quantity take numbers', () => {
    const json = schema?.jsonSchema as Obj;
    const strategy = at(json, 'definitions', 'io.k8s.api.apps.v1.DeploymentSpec', 'properties', 'strategy') as Obj;
    expect(strategy.description).toMatch(/deployment strategy/i);
    expect(strategy.allOf).toEqual([{ $ref: '#/definitions/io.k8s.api.apps.v1.DeploymentStrategy' }]);
    expect(at(json, 'properties', 'metadata', 'description')).toMatch(/^Standard object's metadata/);
    const ios = at(json, 'definitions', 'io.k8s.apimachinery.pkg.util.intstr.IntOrString') as Obj;
    expect({ anyOf: ios.anyOf, oneOf: ios.oneOf, format: ios.format }).toEqual({ anyOf: [{ type: 'integer' }, { type: 'string' }], oneOf: undefined, format: undefined });
    const quantity = at(json, 'definitions', 'io.k8s.apimachinery.pkg.api.resource.Quantity') as Obj;
    expect({ anyOf: quantity.anyOf, oneOf: quantity.oneOf }).toEqual({ anyOf: [{ type: 'number' }, { type: 'string' }], oneOf: undefined });
    expect(at(json, 'properties', 'kind', 'enum')).toEqual(['Deployment']);
  });
});
