// The seeded PowerPlant CRD: served at start, established, its schema in the OpenAPI the form is built from.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster();
const { api } = cluster;

describe('seeded PowerPlant CRD', () => {
  it('is established and serves the riverside PowerPlant', async () => {
    await waitUntil(async () => {
      const crd = await api('/apis/apiextensions.k8s.io/v1/customresourcedefinitions/powerplants.energy.kubeglass.dev');
      return crd.status === 200 && (crd.body.status?.conditions ?? []).some((c: Json) => c.type === 'Established' && c.status === 'True');
    });
    const plant = await api('/apis/energy.kubeglass.dev/v1/namespaces/demo/powerplants/riverside');
    expect(plant.status).toBe(200);
    expect(plant.body.spec).toMatchObject({ watts: 1200000, mode: 'hydro', generators: [{ id: 'dam-1' }, { id: 'dam-2' }] });
  });

  it('publishes its schema in /openapi/v2 with the list-map keys, int-or-string and preserve-unknown-fields', async () => {
    const doc = await api('/openapi/v2');
    const def = doc.body.definitions['dev.kubeglass.energy.v1.PowerPlant'];
    expect(def['x-kubernetes-group-version-kind']).toEqual([{ group: 'energy.kubeglass.dev', kind: 'PowerPlant', version: 'v1' }]);
    const spec = def.properties.spec;
    expect(spec.required).toEqual(['watts', 'mode', 'location']);
    expect(spec.properties.generators['x-kubernetes-list-map-keys']).toEqual(['id']);
    expect(spec.properties.maxOutage['x-kubernetes-int-or-string']).toBe(true);
    expect(spec.properties.tuning['x-kubernetes-preserve-unknown-fields']).toBe(true);
  });
});
