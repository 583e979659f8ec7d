// A CustomResourceDefinition with a deep schema (nested objects, arrays of objects keyed by id, enums,
// int-or-string, a duration, a quantity-like pattern, preserve-unknown-fields, required fields and defaults) and
// one custom resource of it: what the schema-built form is shown and tested on. A valid apiextensions.k8s.io/v1
// structural schema, so the same manifest applies to a real 1.20 apiserver.
import { randomUUID } from 'node:crypto';
import { rfc3339 } from '../resources/duration.js';
import { storageKey } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import type { Store } from '../store/store.js';

export const POWER_PLANT_GROUP = 'energy.kubeglass.dev';

const generator: JsonObject = {
  type: 'object',
  required: ['id', 'kind'],
  properties: {
    id: { type: 'string', description: 'Unique within the plant.', pattern: '^[a-z][a-z0-9-]*$' },
    kind: { type: 'string', enum: ['turbine', 'panel', 'dam'], description: 'What turns sunlight, wind or water into power.' },
    watts: { type: 'integer', minimum: 0, description: 'Rated output of this generator, in watts.' },
    enabled: { type: 'boolean', default: true },
    maintenance: {
      type: 'object',
      properties: {
        window: { type: 'string', format: 'duration', description: 'How long a maintenance window lasts (a Go duration: 30m, 2h).' },
        crew: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

/** The PowerPlant CRD manifest (apiextensions.k8s.io/v1), as a client would create it. */
export function powerPlantCrdManifest(): JsonObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `powerplants.${POWER_PLANT_GROUP}` },
    spec: {
      group: POWER_PLANT_GROUP,
      names: { kind: 'PowerPlant', listKind: 'PowerPlantList', plural: 'powerplants', singular: 'powerplant', shortNames: ['pp'] },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: 'Watts', type: 'integer', jsonPath: '.spec.watts' },
            { name: 'Mode', type: 'string', jsonPath: '.spec.mode' },
          ],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              description: 'A power plant feeding the demo grid.',
              properties: {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec: {
                  type: 'object',
                  required: ['watts', 'mode', 'location'],
                  properties: {
                    watts: { type: 'integer', minimum: 1, maximum: 10000000000, description: 'Rated output of the whole plant, in watts.' },
                    mode: { type: 'string', enum: ['solar', 'wind', 'hydro'], description: 'The energy source.' },
                    priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal', description: 'Dispatch priority on the grid.' },
                    location: {
                      type: 'object',
                      required: ['region'],
                      properties: {
                        region: { type: 'string', minLength: 2, maxLength: 32 },
                        coordinates: { type: 'object', properties: { latitude: { type: 'number', minimum: -90, maximum: 90 }, longitude: { type: 'number', minimum: -180, maximum: 180 } } },
                      },
                    },
                    maxOutage: { 'x-kubernetes-int-or-string': true, description: 'Generators that may be down at once: a number or a percentage ("25%").' },
                    storage: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?(k|M|G|T|Ki|Mi|Gi|Ti)?$', description: 'Battery storage, a quantity such as 500M or 2Gi.' },
                    checkInterval: { type: 'string', format: 'duration', default: '5m', description: 'How often the plant reports (a Go duration).' },
                    generators: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['id'], items: generator },
                    tags: { type: 'object', additionalProperties: { type: 'string' } },
                    tuning: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, description: 'Vendor settings, kept as given.' },
                  },
                },
                status: { type: 'object', properties: { phase: { type: 'string' }, output: { type: 'integer' } } },
              },
            },
          },
        },
      ],
    },
  };
}

/** One PowerPlant in the demo namespace. */
export function riversidePowerPlant(): JsonObject {
  return {
    apiVersion: `${POWER_PLANT_GROUP}/v1`,
    kind: 'PowerPlant',
    metadata: { name: 'riverside', namespace: 'demo', labels: { app: 'grid' } },
    spec: {
      watts: 1200000,
      mode: 'hydro',
      priority: 'normal',
      location: { region: 'north', coordinates: { latitude: 59.3, longitude: 18.1 } },
      maxOutage: '25%',
      storage: '2Gi',
      checkInterval: '5m',
      generators: [
        { id: 'dam-1', kind: 'dam', watts: 800000, enabled: true },
        { id: 'dam-2', kind: 'dam', watts: 400000, enabled: true, maintenance: { window: '2h', crew: ['ana', 'li'] } },
      ],
      tags: { owner: 'grid-team' },
      tuning: { vendor: 'acme', curve: [1, 2, 3] },
    },
    status: { phase: 'Running', output: 950000 },
  };
}

function stamped(object: JsonObject, createdAt: number): KubeObject {
  const metadata = object.metadata as JsonObject;
  return { ...object, metadata: { ...metadata, uid: randomUUID(), creationTimestamp: rfc3339(createdAt), generation: 1 } } as KubeObject;
}

/** Seeds the CRD (the CRD controller serves it at start) and its one object. */
export function seedPowerPlants(store: Store, now: number): void {
  const crd = stamped(powerPlantCrdManifest(), now - 3 * 86_400_000);
  const spec = crd.spec as JsonObject;
  spec.conversion = { strategy: 'None' };
  spec.preserveUnknownFields = false;
  store.seed(storageKey({ group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' }), crd);
  store.seed(storageKey({ group: POWER_PLANT_GROUP, resource: 'powerplants' }), stamped(riversidePowerPlant(), now - 2 * 86_400_000));
}
