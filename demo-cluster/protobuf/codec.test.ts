// The protobuf encoder and decoder against each other and against bytes written by hand from the wire format.
import { describe, expect, it } from 'vitest';
import { decodeEnvelope, decodeKubernetesProtobuf, decodeWatchStream } from './decode.js';
import { encodeKubernetesProtobuf, encodeWatchEvent } from './encode.js';
import { formatGoDuration, messageTypeOf, parseGoDuration } from './types.js';

const roundTrip = (obj: Record<string, unknown>): unknown => decodeKubernetesProtobuf(encodeKubernetesProtobuf(obj));

describe('Kubernetes protobuf', () => {
  it('writes the runtime.Unknown envelope: magic, typeMeta, raw, empty contentEncoding and contentType', () => {
    const body = encodeKubernetesProtobuf({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } });
    // k8s\0, field 1 (typeMeta{apiVersion "v1", kind "ConfigMap"}), field 2 (ConfigMap{metadata{name "a"}}), fields 3 and 4 empty.
    const typeMeta = [0x0a, 2, ...Buffer.from('v1'), 0x12, 9, ...Buffer.from('ConfigMap')];
    const raw = [0x0a, 3, 0x0a, 1, 0x61];
    expect([...body]).toEqual([0x6b, 0x38, 0x73, 0x00, 0x0a, typeMeta.length, ...typeMeta, 0x12, raw.length, ...raw, 0x1a, 0, 0x22, 0]);
    expect(decodeEnvelope(body)).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
  });

  it('round-trips a Deployment: inlined volume sources and local references, int-or-strings, quantities, pointer zeros', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'demo', labels: { b: '2', a: '1' }, creationTimestamp: '2026-01-02T03:04:05Z', generation: 3 },
      spec: {
        replicas: 0,
        selector: { matchLabels: { app: 'web' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: {
            containers: [
              {
                name: 'c',
                image: 'nginx',
                ports: [{ containerPort: 80, protocol: 'TCP' }],
                envFrom: [{ configMapRef: { name: 'cfg' } }],
                resources: { limits: { cpu: '500m', memory: '64Mi' } },
                readinessProbe: { httpGet: { path: '/', port: 'http', scheme: 'HTTP' }, periodSeconds: 10 },
              },
            ],
            volumes: [{ name: 'data', emptyDir: {} }, { name: 'cfg', configMap: { name: 'cfg', defaultMode: 420 } }],
            securityContext: { runAsNonRoot: false },
          },
        },
      },
    };
    expect(roundTrip(deployment)).toEqual(deployment);
  });

  it('keeps a MicroTime to the microsecond and writes a Time in whole seconds, as Go marshals them', () => {
    const event = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'e', namespace: 'demo' },
      eventTime: '2026-01-02T03:04:05.123456Z',
      series: { count: 2, lastObservedTime: '2026-01-02T03:04:06.000001Z' },
      reportingController: 'c',
      reportingInstance: 'i',
      action: 'A',
      reason: 'R',
      regarding: { kind: 'Pod', name: 'p' },
      deprecatedFirstTimestamp: '2026-01-02T03:04:05Z',
    };
    expect(roundTrip(event)).toEqual(event);
    const core = roundTrip({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, eventTime: '2026-01-02T03:04:05.5+01:00', involvedObject: {} });
    expect(core).toMatchObject({ eventTime: '2026-01-02T02:04:05.500000Z' });
  });

  it('round-trips a CustomResourceDefinition schema: $ref-free JSON fields, x-kubernetes extensions, additionalProperties false', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        names: { plural: 'widgets', kind: 'Widget' },
        scope: 'Namespaced',
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: {
                    type: 'object',
                    'x-kubernetes-preserve-unknown-fields': true,
                    properties: { size: { type: 'integer', default: 3, enum: [1, 3] }, tags: { type: 'array', items: { type: 'string' } } },
                    additionalProperties: false,
                  },
                  labels: { type: 'object', additionalProperties: { type: 'string' } },
                },
              },
            },
          },
        ],
      },
    };
    expect(roundTrip(crd)).toEqual(crd);
  });

  it('writes Status in any group version as meta/v1 Status, and options kinds the same way', () => {
    expect(messageTypeOf('apps/v1', 'Status')).toBe('k8s.io.apimachinery.pkg.apis.meta.v1.Status');
    expect(messageTypeOf('example.com/v1', 'Widget')).toBeUndefined();
    const status = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message: 'm', reason: 'NotFound', details: { name: 'x', kind: 'pods' }, code: 404 };
    expect(roundTrip(status)).toEqual(status);
    expect(roundTrip({ apiVersion: 'batch/v1', kind: 'DeleteOptions', propagationPolicy: 'Background', gracePeriodSeconds: 0 })).toEqual({
      apiVersion: 'batch/v1',
      kind: 'DeleteOptions',
      propagationPolicy: 'Background',
      gracePeriodSeconds: 0,
    });
  });

  it('frames watch events: a 4-byte length, then WatchEvent{type, RawExtension{the object envelope}}', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', resourceVersion: '5' }, data: { k: 'v' } };
    const stream = Buffer.concat([encodeWatchEvent('ADDED', cm), encodeWatchEvent('DELETED', cm)]);
    expect(stream.readUInt32BE(0)).toBe(encodeWatchEvent('ADDED', cm).length - 4);
    expect(decodeWatchStream(stream)).toEqual([
      { type: 'ADDED', object: cm },
      { type: 'DELETED', object: cm },
    ]);
  });

  it('reads and writes Go durations', () => {
    expect(parseGoDuration('1h2m3.5s')).toBe(3_723_500_000_000n);
    expect(formatGoDuration(3_723_500_000_000n)).toBe('1h2m3.5s');
    expect(formatGoDuration(3_600_000_000_000n)).toBe('1h0m0s');
    expect(formatGoDuration(300_000_000n)).toBe('300ms');
    expect(formatGoDuration(0n)).toBe('0s');
  });

  it('has the messages of the kinds the e2e API-machinery tests use beyond what the demo serves today', () => {
    const kinds: [string, string][] = [
      ['v1', 'ReplicationController'], ['v1', 'PodTemplate'], ['v1', 'ResourceQuota'], ['v1', 'LimitRange'],
      ['v1', 'PersistentVolumeClaim'], ['v1', 'Endpoints'], ['coordination.k8s.io/v1', 'Lease'],
      ['scheduling.k8s.io/v1', 'PriorityClass'], ['flowcontrol.apiserver.k8s.io/v1', 'FlowSchema'],
      ['flowcontrol.apiserver.k8s.io/v1', 'PriorityLevelConfiguration'], ['discovery.k8s.io/v1', 'EndpointSlice'],
      ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'], ['apiregistration.k8s.io/v1', 'APIService'],
      ['storage.k8s.io/v1', 'StorageClass'], ['policy/v1', 'PodDisruptionBudget'], ['autoscaling/v2', 'HorizontalPodAutoscaler'],
    ];
    for (const [apiVersion, kind] of kinds) {
      expect(messageTypeOf(apiVersion, kind), `${apiVersion} ${kind}`).toBeDefined();
      expect(messageTypeOf(apiVersion, `${kind}List`), `${apiVersion} ${kind}List`).toBeDefined();
    }
  });

  it('round-trips a Lease (MicroTime renewals), a ResourceQuota (quantity maps) and a FlowSchema', () => {
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'l', namespace: 'kube-node-lease' },
      spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, acquireTime: '2026-01-02T03:04:05.000001Z', renewTime: '2026-01-02T03:05:05.999999Z', leaseTransitions: 0 },
    };
    expect(roundTrip(lease)).toEqual(lease);
    const quota = {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'q', namespace: 'demo' },
      spec: { hard: { pods: '10', 'requests.cpu': '1500m', 'count/configmaps': '5' }, scopes: ['NotTerminating'] },
      status: { hard: { pods: '10' }, used: { pods: '0' } },
    };
    expect(roundTrip(quota)).toEqual(quota);
    const flowSchema = {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
      kind: 'FlowSchema',
      metadata: { name: 'f' },
      spec: {
        priorityLevelConfiguration: { name: 'workload-low' },
        matchingPrecedence: 1000,
        distinguisherMethod: { type: 'ByUser' },
        rules: [{ subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }] }],
      },
    };
    expect(roundTrip(flowSchema)).toEqual(flowSchema);
  });
});
