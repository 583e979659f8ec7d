import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_GVK, fixtureKindSchema } from '../openapi/openapi-test-support';
import { emptySchemaLookup } from '../openapi/types';
import { cloneJson, type JsonObject } from './json';
import { buildStrategicMergePatch, StrategicMergeUnsupportedError } from './strategic-merge-patch';

const lookup = fixtureKindSchema(DEPLOYMENT_GVK).lookup;

interface PodSpec extends JsonObject {
  containers: (JsonObject & { env?: JsonObject[]; ports?: JsonObject[]; args?: string[] })[];
  volumes: JsonObject[];
}

function deployment(): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'fx', resourceVersion: '333', finalizers: ['a.example/x', 'b.example/y'] },
    spec: {
      replicas: 2,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            { name: 'nginx', image: 'nginx:1.27', args: ['-a', '-b'], ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'A', value: '1' }] },
            { name: 'sidecar', image: 'busybox' },
          ],
          volumes: [{ name: 'data', emptyDir: {} }],
        },
      },
    },
  };
}

function edit(change: (podSpec: PodSpec, d: JsonObject) => void): JsonObject {
  const d = deployment();
  change((d.spec as { template: { spec: PodSpec } }).template.spec, d);
  return d;
}

const podSpecPatch = (p: JsonObject): JsonObject => ({ spec: { template: { spec: p } } });

describe('buildStrategicMergePatch (as kubectl edit computes it)', () => {
  it('patches a container by name with $setElementOrder', () => {
    const modified = edit((s) => (s.containers[0]!.image = 'nginx:1.28'));
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual(
      podSpecPatch({ containers: [{ name: 'nginx', image: 'nginx:1.28' }], '$setElementOrder/containers': [{ name: 'nginx' }, { name: 'sidecar' }] }),
    );
  });

  it('adds an env var by name inside a container', () => {
    const modified = edit((s) => s.containers[0]!.env!.push({ name: 'B', value: '2' }));
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual(
      podSpecPatch({
        '$setElementOrder/containers': [{ name: 'nginx' }, { name: 'sidecar' }],
        containers: [{ name: 'nginx', '$setElementOrder/env': [{ name: 'A' }, { name: 'B' }], env: [{ name: 'B', value: '2' }] }],
      }),
    );
  });

  it('deletes a removed container with $patch: delete', () => {
    const modified = edit((s) => s.containers.pop());
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual(
      podSpecPatch({ '$setElementOrder/containers': [{ name: 'nginx' }], containers: [{ name: 'sidecar', $patch: 'delete' }] }),
    );
  });

  it('keys ports by containerPort and replaces lists without a merge strategy whole', () => {
    const modified = edit((s) => {
      s.containers[0]!.ports = [{ containerPort: 8080, protocol: 'TCP' }];
      s.containers[0]!.args = ['-a'];
    });
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual(
      podSpecPatch({
        '$setElementOrder/containers': [{ name: 'nginx' }, { name: 'sidecar' }],
        containers: [
          {
            name: 'nginx',
            args: ['-a'],
            '$setElementOrder/ports': [{ containerPort: 8080 }],
            ports: [{ containerPort: 8080, protocol: 'TCP' }, { containerPort: 80, $patch: 'delete' }],
          },
        ],
      }),
    );
  });

  it('sends only $setElementOrder when containers are reordered', () => {
    const modified = edit((s) => s.containers.reverse());
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual(podSpecPatch({ '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'nginx' }] }));
  });

  it('adds $retainKeys for retainKeys structs (Deployment strategy switched to Recreate)', () => {
    const modified = edit((_s, d) => ((d.spec as JsonObject).strategy = { type: 'Recreate' }));
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual({ spec: { strategy: { $retainKeys: ['type'], type: 'Recreate', rollingUpdate: null } } });
  });

  it('adds $retainKeys inside changed items of a merge,retainKeys list (volumes)', () => {
    const modified = edit((s) => (s.volumes = [{ name: 'data', configMap: { name: 'settings' } }]));
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual(
      podSpecPatch({
        '$setElementOrder/volumes': [{ name: 'data' }],
        volumes: [{ name: 'data', $retainKeys: ['configMap', 'name'], configMap: { name: 'settings' }, emptyDir: null }],
      }),
    );
  });

  it('uses $deleteFromPrimitiveList for a merge list of scalars (finalizers)', () => {
    const modified = edit((_s, d) => ((d.metadata as JsonObject).finalizers = ['b.example/y', 'c.example/z']));
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual({
      metadata: {
        finalizers: ['c.example/z'],
        '$deleteFromPrimitiveList/finalizers': ['a.example/x'],
        '$setElementOrder/finalizers': ['b.example/y', 'c.example/z'],
      },
    });
  });

  it('deletes removed fields with null and sends new lists whole', () => {
    const modified = edit((s, d) => {
      delete (d.spec as JsonObject).replicas;
      s.initContainers = [{ name: 'init', image: 'busybox' }];
    });
    expect(buildStrategicMergePatch(deployment(), modified, lookup)).toEqual({
      spec: { replicas: null, template: { spec: { initContainers: [{ name: 'init', image: 'busybox' }] } } },
    });
    expect(buildStrategicMergePatch(deployment(), cloneJson(deployment()), lookup)).toEqual({});
  });

  it('throws for a merge-list item without its merge key', () => {
    const modified = edit((s) => s.containers.push({ image: 'x' }));
    expect(() => buildStrategicMergePatch(deployment(), modified, lookup)).toThrow(/merge key "name"/);
  });

  it('refuses custom resources: the apiserver answers 415', () => {
    const widget: JsonObject = { apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { name: 'w1' }, spec: { size: 1 } };
    let error: unknown;
    try {
      buildStrategicMergePatch(widget, { ...widget, spec: { size: 2 } }, emptySchemaLookup(false));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StrategicMergeUnsupportedError);
    expect((error as StrategicMergeUnsupportedError).code).toBe(415);
    expect((error as Error).message).toMatch(/not supported for custom resources \(Widget\)/);
  });
});
