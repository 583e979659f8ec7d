import { describe, expect, it } from 'vitest';
import { buildExplainModel, suggest } from './explain-model';
import { createOpenApiCache, fetchKindSchema, type OpenApiFetch } from './fetch-openapi';
import { findDefinitionForGvk, type Definitions } from './kind-schema';
import { DEPLOYMENT_GVK, fixtureKindSchema, openApiV2Fixture } from './openapi-test-support';

function v2Model(group: string, version: string, kind: string) {
  const defs = openApiV2Fixture().definitions;
  const name = findDefinitionForGvk(defs, { group, version, kind });
  if (!name) throw new Error(`no ${kind}`);
  return buildExplainModel(defs, '#/definitions/', name);
}

describe('explain model over the recorded 1.20.2 /openapi/v2', () => {
  const model = v2Model('apps', 'v1', 'Deployment');

  it('describes spec.strategy with its type, description and retainKeys patch strategy', () => {
    const strategy = model.field(['spec', 'strategy']);
    expect(strategy).toMatchObject({
      name: 'strategy',
      type: 'DeploymentStrategy',
      description: 'The deployment strategy to use to replace existing pods with new ones.',
      patchStrategy: ['retainKeys'],
      required: false,
      hasChildren: true,
    });
    expect(model.children(['spec', 'strategy']).map((f) => f.name)).toEqual(['rollingUpdate', 'type']);
    expect(model.field(['spec', 'strategy', 'rollingUpdate', 'maxSurge'])).toMatchObject({ type: 'int-or-string', intOrString: true });
  });

  it('types lists, maps and scalars like kubectl explain, and marks required fields', () => {
    expect(model.root).toMatchObject({ type: 'Deployment', path: [] });
    expect(model.root.description).toContain('Deployment enables declarative updates');
    expect(model.field(['spec', 'selector'])).toMatchObject({ required: true, type: 'LabelSelector' });
    expect(model.field(['spec', 'replicas'])).toMatchObject({ type: 'integer', format: 'int32', required: false });
    expect(model.field(['metadata', 'labels'])).toMatchObject({ type: 'map[string]string', hasChildren: false });
    // List items are crossed without a segment, as `kubectl explain deploy.spec.template.spec.containers.name`.
    expect(model.field(['spec', 'template', 'spec', 'containers'])).toMatchObject({ type: '[]Container', patchStrategy: ['merge'], patchMergeKey: 'name' });
    expect(model.field(['spec', 'template', 'spec', 'containers', 'name'])).toMatchObject({ type: 'string', required: true });
    expect(model.field(['spec', 'template', 'spec', 'containers', 'ports'])).toMatchObject({
      listType: 'map',
      listMapKeys: ['containerPort', 'protocol'],
      patchMergeKey: 'containerPort',
    });
    expect(model.field(['spec', 'template', 'spec', 'containers', 'resources', 'limits'])).toMatchObject({ type: 'map[string]Quantity' });
    expect(model.field(['metadata', 'creationTimestamp'])).toMatchObject({ type: 'Time', format: 'date-time' });
  });

  it('names the deepest existing parent and close names for an unknown field', () => {
    expect(model.resolve(['spec', 'strategy'])).toMatchObject({ missing: null, parentPath: ['spec', 'strategy'] });
    const miss = model.resolve(['spec', 'stratgy', 'type']);
    expect(miss).toMatchObject({ field: null, parentPath: ['spec'], missing: 'stratgy' });
    expect(miss.suggestions).toContain('strategy');
    expect(model.resolve(['spec', 'template', 'spec', 'container'])).toMatchObject({ parentPath: ['spec', 'template', 'spec'], missing: 'container' });
    expect(model.resolve(['spec', 'template', 'spec', 'container']).suggestions[0]).toBe('containers');
    expect(model.resolve(['spec', 'replicas', 'x'])).toMatchObject({ parentPath: ['spec', 'replicas'], missing: 'x', suggestions: [] });
  });

  it('searches paths and descriptions', () => {
    const hits = model.search('maxsurge');
    // maxUnavailable's description names maxSurge too.
    expect(hits.map((f) => f.path.join('.'))).toEqual(['spec.strategy.rollingUpdate.maxSurge', 'spec.strategy.rollingUpdate.maxUnavailable']);
    const words = model.search('progress failed').map((f) => f.path.join('.'));
    expect(words).toContain('spec.progressDeadlineSeconds');
    expect(model.search('   ')).toEqual([]);
  });

  it('reads the map type and merge keys 1.20 publishes, and JSONSchemaProps own x-kubernetes-* properties as fields', () => {
    const crd = v2Model('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition');
    const schema = ['spec', 'versions', 'schema', 'openAPIV3Schema'];
    expect(crd.field(schema)).toMatchObject({ type: 'JSONSchemaProps', hasChildren: true });
    expect(crd.field([...schema, 'x-kubernetes-preserve-unknown-fields'])).toMatchObject({ type: 'boolean' });
    const raw = v2Model('', 'v1', 'Pod');
    expect(raw.field(['metadata', 'ownerReferences'])).toMatchObject({ patchStrategy: ['merge'], patchMergeKey: 'uid' });
    expect(model.field(['spec', 'selector'])).toMatchObject({ type: 'LabelSelector', mapType: 'atomic' });
  });

  it('expands a recursive type (JSONSchemaProps) lazily and searches it without running away', () => {
    const crd = v2Model('apiextensions.k8s.io', 'v1', 'CustomResourceDefinition');
    const deep = ['spec', 'versions', 'schema', 'openAPIV3Schema', 'properties', 'properties', 'properties', 'items'];
    expect(crd.field(deep)).toMatchObject({ type: 'JSONSchemaPropsOrArray' });
    const hits = crd.search('x-kubernetes-list-map-keys');
    expect(hits.map((f) => f.path.join('.'))).toEqual(['spec.versions.schema.openAPIV3Schema.x-kubernetes-list-map-keys']);
  });

  it('works on the self-contained jsonSchema the editor query holds', () => {
    const { jsonSchema, definitionName } = fixtureKindSchema(DEPLOYMENT_GVK);
    const m = buildExplainModel(jsonSchema.definitions as Definitions, '#/definitions/', definitionName);
    expect(m.field(['spec', 'strategy'])).toMatchObject({ type: 'DeploymentStrategy', patchStrategy: ['retainKeys'] });
    expect(m.field(['spec', 'strategy', 'rollingUpdate', 'maxUnavailable'])).toMatchObject({ type: 'int-or-string' });
    expect(m.field(['apiVersion'])?.enumValues).toEqual([]);
  });
});

// A v3 group-version document as the demo cluster (and kube-apiserver >= 1.27) serves for a CRD.
const gizmoV3 = {
  openapi: '3.0.0',
  paths: {},
  components: {
    schemas: {
      'dev.kubeglass.e2e.v1.Gizmo': {
        type: 'object',
        description: 'A Gizmo is a test kind.',
        'x-kubernetes-group-version-kind': [{ group: 'e2e.kubeglass.dev', version: 'v1', kind: 'Gizmo' }],
        properties: {
          metadata: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }], description: 'Standard metadata.' },
          spec: {
            type: 'object',
            required: ['size'],
            'x-kubernetes-validations': [{ rule: 'self.size <= 10', message: 'size at most 10' }, { rule: 'has(self.color)' }],
            properties: {
              size: { type: 'string', description: 'How big.', enum: ['small', 'large'], default: 'small' },
              port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
              parts: {
                type: 'array',
                'x-kubernetes-list-type': 'map',
                'x-kubernetes-list-map-keys': ['name'],
                items: { type: 'object', properties: { name: { type: 'string' } } },
              },
              template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
              labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-map-type': 'granular' },
            },
          },
        },
      },
      'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { type: 'object', properties: { name: { type: 'string', description: 'Name.' } } },
    },
  },
};

describe('explain model over a v3 document (through fetchKindSchema, as the page gets it)', () => {
  it('shows a CRD schema’s descriptions, enums, defaults, CEL rules and x-kubernetes facts', async () => {
    const fetchFn: OpenApiFetch = (path) =>
      Promise.resolve(
        path === '/openapi/v3'
          ? Response.json({ paths: { 'apis/e2e.kubeglass.dev/v1': { serverRelativeURL: '/openapi/v3/apis/e2e.kubeglass.dev/v1?hash=A' } } })
          : Response.json(gizmoV3),
      );
    const schema = await fetchKindSchema(fetchFn, { group: 'e2e.kubeglass.dev', version: 'v1', kind: 'Gizmo' }, createOpenApiCache());
    const m = buildExplainModel(schema.jsonSchema.definitions as Definitions, '#/definitions/', schema.definitionName);
    expect(m.root).toMatchObject({ type: 'Gizmo', description: 'A Gizmo is a test kind.' });
    expect(m.field(['metadata'])).toMatchObject({ type: 'ObjectMeta', description: 'Standard metadata.', hasChildren: true });
    expect(m.field(['spec'])?.validations).toEqual([
      { rule: 'self.size <= 10', message: 'size at most 10' },
      { rule: 'has(self.color)', message: null },
    ]);
    expect(m.field(['spec', 'size'])).toMatchObject({ description: 'How big.', enumValues: ['"small"', '"large"'], defaultValue: '"small"', required: true });
    expect(m.field(['spec', 'port'])).toMatchObject({ type: 'int-or-string', intOrString: true });
    expect(m.field(['spec', 'parts'])).toMatchObject({ type: '[]Object', listType: 'map', listMapKeys: ['name'], hasChildren: true });
    expect(m.field(['spec', 'template'])).toMatchObject({ embeddedResource: true, preserveUnknownFields: true, hasChildren: false });
    expect(m.field(['spec', 'labels'])).toMatchObject({ type: 'map[string]string', mapType: 'granular' });
    expect(m.search('big').map((f) => f.name)).toEqual(['size']);
  });
});

describe('suggest', () => {
  it('offers prefixes, substrings and near misses, best first', () => {
    expect(suggest('rep', ['replicas', 'revisionHistoryLimit', 'paused'])).toEqual(['replicas']);
    expect(suggest('strattegy', ['strategy', 'selector'])).toEqual(['strategy']);
    expect(suggest('zzz', ['strategy'])).toEqual([]);
  });
});
