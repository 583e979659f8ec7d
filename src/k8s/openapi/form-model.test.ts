import { describe, expect, it } from 'vitest';
import { buildFormModel } from './form-model';
import { quantityProblem, durationProblem, validateObject, valueProblems } from './form-validate';
import { kindSchemaFromDefinitions } from './kind-schema';
import { DEPLOYMENT_GVK, fixtureKindSchema } from './openapi-test-support';

const deployment = buildFormModel(fixtureKindSchema(DEPLOYMENT_GVK));
const CONTAINERS = ['spec', 'template', 'spec', 'containers'];

/** A v3 document like the apiserver serves for a CRD with a deep schema. */
const POWER_PLANT_V3 = {
  'io.example.energy.v1.PowerPlant': {
    type: 'object',
    'x-kubernetes-group-version-kind': [{ group: 'energy.example.io', version: 'v1', kind: 'PowerPlant' }],
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }] },
      spec: {
        type: 'object',
        required: ['watts', 'mode'],
        'x-kubernetes-validations': [{ rule: 'self.watts <= 1000000', message: 'too big' }],
        properties: {
          watts: { type: 'integer', minimum: 1, maximum: 1000000, description: 'Power output.' },
          mode: { type: 'string', enum: ['solar', 'wind'], default: 'solar' },
          budget: { type: 'string', 'x-kubernetes-int-or-string': true },
          reserve: { type: 'string', pattern: '^[0-9]+(m|Mi|Gi)?$' },
          generators: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['id'],
            items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, enabled: { type: 'boolean', default: true } } },
          },
          extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          tags: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { type: 'object', properties: { name: { type: 'string' }, uid: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } },
};
const plant = buildFormModel(
  kindSchemaFromDefinitions(POWER_PLANT_V3, '#/components/schemas/', { group: 'energy.example.io', version: 'v1', kind: 'PowerPlant' }, 'v3') ??
    (() => {
      throw new Error('no PowerPlant');
    })(),
);

describe('buildFormModel on the recorded 1.20.2 OpenAPI (Deployment)', () => {
  it('chooses a control per field kind', () => {
    expect(deployment.root.kind).toBe('object');
    expect(deployment.field(['spec'])?.kind).toBe('object');
    expect(deployment.field(['spec', 'replicas'])).toMatchObject({ kind: 'integer', format: 'int32' });
    expect(deployment.field(['spec', 'paused'])?.kind).toBe('boolean');
    expect(deployment.field(['metadata', 'labels'])).toMatchObject({ kind: 'map', itemKind: 'string' });
    expect(deployment.field(['spec', 'strategy', 'rollingUpdate', 'maxSurge'])?.kind).toBe('int-or-string');
    expect(deployment.field([...CONTAINERS, 'resources', 'limits'])).toMatchObject({ kind: 'map', itemKind: 'quantity' });
    expect(deployment.field([...CONTAINERS, 'args'])).toMatchObject({ kind: 'list', itemKind: 'string' });
    expect(deployment.field(['metadata', 'creationTimestamp'])?.kind).toBe('string');
  });

  it('titles list items by their merge key and marks required fields', () => {
    expect(deployment.field(CONTAINERS)).toMatchObject({ kind: 'list', itemKind: 'object', itemTitleKey: 'name' });
    expect(deployment.field([...CONTAINERS, 'ports'])?.itemTitleKey).toBe('containerPort');
    expect(deployment.field([...CONTAINERS, 'name'])?.required).toBe(true);
    expect(deployment.field([...CONTAINERS, 'image'])?.required).toBe(false);
    expect(deployment.field(['spec', 'selector'])?.required).toBe(true);
    expect(deployment.field([...CONTAINERS, 'image'])?.description).toMatch(/Docker image name/);
  });

  it('marks the fields the server sets', () => {
    for (const path of [['status'], ['metadata', 'uid'], ['metadata', 'resourceVersion'], ['metadata', 'managedFields'], ['metadata', 'creationTimestamp'], ['metadata', 'generation']]) {
      expect(deployment.field(path)?.serverSet, path.join('.')).toBe(true);
    }
    expect(deployment.field(['metadata', 'name'])?.serverSet).toBe(false);
  });

  it('finds fields by name and by dotted path', () => {
    expect(deployment.search('image')[0]?.schemaPath).toEqual([...CONTAINERS, 'image']);
    expect(deployment.search('spec.template.spec.containers')[0]?.schemaPath).toEqual(CONTAINERS);
    expect(deployment.search('spec.template.spec.containers[0].image')[0]?.schemaPath).toEqual([...CONTAINERS, 'image']);
  });

  it('reads the enum of a Pod restartPolicy and imagePullPolicy as free strings in 1.20.2 (no enum there)', () => {
    expect(deployment.field(['spec', 'template', 'spec', 'restartPolicy'])?.kind).toBe('string');
  });
});

describe('buildFormModel on a CRD schema (v3)', () => {
  it('reads enums, defaults, bounds, int-or-string, preserve-unknown-fields and list-map keys', () => {
    expect(plant.field(['spec', 'watts'])).toMatchObject({ kind: 'integer', required: true, limits: { minimum: 1, maximum: 1000000 } });
    expect(plant.field(['spec', 'mode'])).toMatchObject({ kind: 'enum', enumValues: ['solar', 'wind'], defaultValue: 'solar', required: true });
    expect(plant.field(['spec', 'budget'])?.kind).toBe('int-or-string');
    expect(plant.field(['spec', 'extra'])?.kind).toBe('yaml');
    expect(plant.field(['spec', 'tags'])).toMatchObject({ kind: 'map', itemKind: 'string' });
    expect(plant.field(['spec', 'generators'])).toMatchObject({ kind: 'list', itemKind: 'object', itemTitleKey: 'id' });
    expect(plant.field(['spec', 'generators', 'enabled'])).toMatchObject({ kind: 'boolean', defaultValue: true });
    expect(plant.field(['spec'])?.validations).toEqual([{ rule: 'self.watts <= 1000000', message: 'too big' }]);
  });
});

describe('validation as the apiserver words it', () => {
  it('checks quantities and durations with the apiserver syntax', () => {
    for (const ok of ['500m', '1Gi', '2', '0.5', '1e3', '+1.5Ki', '.5']) expect(quantityProblem(ok), ok).toBeNull();
    for (const bad of ['1GB', 'abc', '', '1 Gi', '--1', '1.2.3Mi']) expect(quantityProblem(bad), bad).toMatch(/^quantities must match the regular expression/);
    for (const ok of ['30s', '1h30m', '500ms', '0', '-1.5h']) expect(durationProblem(ok), ok).toBeNull();
    for (const bad of ['30', '1d', 'h']) expect(durationProblem(bad), bad).not.toBeNull();
  });

  it('checks bounds, enums, patterns and types of one value', () => {
    const watts = plant.field(['spec', 'watts']);
    const mode = plant.field(['spec', 'mode']);
    const reserve = plant.field(['spec', 'reserve']);
    if (!watts || !mode || !reserve) throw new Error('fields missing');
    expect(valueProblems(watts, 0)).toEqual(['should be greater than or equal to 1']);
    expect(valueProblems(watts, '12')).toEqual(['Invalid value: "12": must be an integer']);
    expect(valueProblems(mode, 'coal')).toEqual(['Unsupported value: "coal": supported values: "solar", "wind"']);
    expect(valueProblems(reserve, '5Xi')).toEqual(["should match '^[0-9]+(m|Mi|Gi)?$'"]);
    expect(valueProblems(reserve, '5Gi')).toEqual([]);
  });

  it('walks a whole object: required fields, list items, map values and label syntax', () => {
    const problems = validateObject(deployment, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { 'bad key!': 'ok', app: '-bad-' } },
      spec: {
        replicas: 'three',
        selector: { matchLabels: { app: 'web' } },
        template: { spec: { containers: [{ name: 'web', resources: { limits: { cpu: '1GB', memory: '1Gi' } } }, { image: 'x' }] } },
      },
      status: { replicas: 'ignored' },
    });
    expect(problems).toEqual([
      { field: 'metadata.labels[bad key!]', message: expect.stringMatching(/name part must consist of/) },
      { field: 'metadata.labels[app]', message: expect.stringMatching(/^must be empty or consist of/) },
      { field: 'spec.replicas', message: 'Invalid value: "three": must be an integer' },
      { field: 'spec.template.spec.containers[0].resources.limits[cpu]', message: expect.stringMatching(/^quantities must match/) },
      { field: 'spec.template.spec.containers[1].name', message: 'Required value' },
    ]);
  });
});
