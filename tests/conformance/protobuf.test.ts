// Protobuf as Go clients speak it (client-go's default, and the e2e framework's protobuf-only Accept): objects,
// lists, errors, discovery, watches and the protobuf OpenAPI v2 document, against the real server. Both answers
// are decoded with the demo's decoder (so the real server's gogo-protobuf bytes test it too) and compared
// after masking, without the zero values protobuf and omitempty JSON leave out alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeKubernetesProtobuf, decodeWatchStream, withoutZeroValues } from '../../demo-cluster/protobuf/decode.js';
import { encodeKubernetesProtobuf } from '../../demo-cluster/protobuf/encode.js';
import { lengthPrefixed } from '../../demo-cluster/protobuf/wire.js';
import { compareValues, must, normalize, openPair, send } from './harness.js';
import type { Json, Pair, Response, Target } from './harness.js';

const PB = 'application/vnd.kubernetes.protobuf';
const OPENAPI_PB = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-pb');
});
afterAll(async () => {
  await pair?.close();
});

/** A protobuf answer as JSON, masked and without zero values; a JSON one as it is (masked). */
function decoded(res: Response): Json {
  const body = res.headers.contentType?.startsWith(PB) ? (withoutZeroValues(decodeKubernetesProtobuf(res.bytes)) as Json) : res.body;
  return normalize(body);
}

function summary(res: Response): Json {
  return { status: res.status, contentType: res.headers.contentType ?? null, body: decoded(res) };
}

const cms = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;
const protobufBody = (obj: Record<string, unknown>): { body: Buffer; headers: Record<string, string> } => ({
  body: encodeKubernetesProtobuf(obj),
  headers: { 'Content-Type': PB, Accept: PB },
});

describe('protobuf', () => {
  it('creates from a protobuf body and answers in protobuf; gets and lists with a protobuf-only Accept', async () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pb-made', labels: { via: 'protobuf' } }, data: { a: '1' }, binaryData: { b: 'AAEC' } };
    const { real, demo } = await pair.each(async (t) => {
      const created = await send(t, { method: 'POST', path: cms(), ...protobufBody(cm) });
      const got = await send(t, { path: `${cms()}/pb-made`, headers: { Accept: PB } });
      const listed = await send(t, { path: cms(), query: { labelSelector: 'via=protobuf' }, headers: { Accept: `${PB}, application/json` } });
      return [summary(created), summary(got), summary(listed)];
    });
    expect(real[0]).toMatchObject({ status: 201, contentType: PB });
    compareValues('protobuf create, get, list', real, demo);
  });

  it('a protobuf Deployment round-trips (inlined volume sources, int-or-strings, pointer zeros)', async () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'pb-deploy' },
      spec: {
        replicas: 0,
        selector: { matchLabels: { app: 'pb' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '50%' } },
        template: {
          metadata: { labels: { app: 'pb' } },
          spec: {
            // Defaults given, so the comparison is of protobuf and not of defaulting.
            containers: [
              {
                name: 'c',
                image: 'nginx:1.27',
                envFrom: [{ configMapRef: { name: 'cfg' } }],
                readinessProbe: { httpGet: { path: '/', port: 8080, scheme: 'HTTP' }, periodSeconds: 10, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 },
              },
            ],
            volumes: [{ name: 'v', configMap: { name: 'cfg', defaultMode: 420 } }],
          },
        },
      },
    };
    const { real, demo } = await pair.each(async (t) => {
      const created = await send(t, { method: 'POST', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`, ...protobufBody(deployment) });
      const json = await send(t, { path: `/apis/apps/v1/namespaces/${pair.ns}/deployments/pb-deploy` });
      return { created: summary(created), spec: normalize((json.body as { spec?: Json }).spec ?? null) };
    });
    compareValues('protobuf Deployment', real, demo);
  });

  it('errors are a protobuf Status; a v1 DeleteOptions deletes in any group', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const missing = await send(t, { path: `/apis/apps/v1/namespaces/${pair.ns}/deployments/none`, headers: { Accept: PB } });
      const options = encodeKubernetesProtobuf({ apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Foreground' });
      const deleted = await send(t, { method: 'DELETE', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments/pb-deploy`, body: options, headers: { 'Content-Type': PB, Accept: PB } });
      return [summary(missing), deleted.status];
    });
    compareValues('protobuf errors and DeleteOptions', real, demo);
  });

  it('an Event written in protobuf keeps its microseconds, in JSON and protobuf lists of both Event APIs', async () => {
    const event = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'pb-event' },
      eventTime: '2026-01-02T03:04:05.123456Z',
      reportingController: 'kubeglass.example/conformance',
      reportingInstance: 'conformance-1',
      action: 'Check',
      reason: 'Checked',
      type: 'Normal',
      note: 'protobuf',
      regarding: { kind: 'ConfigMap', namespace: pair.ns, name: 'regarded', apiVersion: 'v1' },
    };
    const { real, demo } = await pair.each(async (t) => {
      await must(t, { method: 'POST', path: `/apis/events.k8s.io/v1/namespaces/${pair.ns}/events`, ...protobufBody(event) });
      const v1 = await must(t, { path: `/apis/events.k8s.io/v1/namespaces/${pair.ns}/events/pb-event` });
      const core = await must(t, { path: `/api/v1/namespaces/${pair.ns}/events/pb-event` });
      const coreList = await must(t, { path: `/api/v1/namespaces/${pair.ns}/events`, headers: { Accept: PB } });
      const items = (decodeKubernetesProtobuf(coreList.bytes).items as { metadata: { name: string }; eventTime?: string }[]).filter((e) => e.metadata.name === 'pb-event');
      return { v1: (v1.body as { eventTime?: Json }).eventTime ?? null, core: (core.body as { eventTime?: Json }).eventTime ?? null, fromProtobufList: items.map((e) => e.eventTime ?? null) };
    });
    expect(real).toEqual({ v1: '2026-01-02T03:04:05.123456Z', core: '2026-01-02T03:04:05.123456Z', fromProtobufList: ['2026-01-02T03:04:05.123456Z'] });
    compareValues('Event microseconds', real, demo);
  });

  it('a JSON eventTime without six fraction digits is refused, as Go parses a MicroTime', async () => {
    const event = (name: string, eventTime: string): Record<string, unknown> => ({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name },
      eventTime,
      reportingController: 'kubeglass.example/conformance',
      reportingInstance: 'conformance-1',
      action: 'Check',
      reason: 'Checked',
      type: 'Normal',
      regarding: { kind: 'ConfigMap', namespace: pair.ns, name: 'regarded', apiVersion: 'v1' },
    });
    const { real, demo } = await pair.each(async (t) => {
      const out: Json[] = [];
      for (const [name, time] of [['no-fraction', '2026-01-02T03:04:05Z'], ['millis', '2026-01-02T03:04:05.123Z'], ['micros', '2026-01-02T03:04:05.123456+02:00']]) {
        const res = await send(t, { method: 'POST', path: `/apis/events.k8s.io/v1/namespaces/${pair.ns}/events`, body: event(name ?? '', time ?? '') });
        out.push([res.status, (res.body as { message?: Json }).message ?? null, (res.body as { eventTime?: Json }).eventTime ?? null]);
      }
      return out;
    });
    compareValues('JSON MicroTime', real, demo);
  });

  it('a watch that accepts only protobuf streams length-prefixed protobuf WatchEvents', async () => {
    const run = async (t: Target): Promise<Json> => {
      const list = await must(t, { path: cms() });
      const rv = String((list.body as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
      const watching = send(t, { path: cms(), query: { watch: 'true', resourceVersion: rv, fieldSelector: 'metadata.name=pb-watched', timeoutSeconds: '3' }, headers: { Accept: `${PB};stream=watch` } });
      await new Promise((r) => setTimeout(r, 300));
      await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'pb-watched' }, data: { k: 'v' } } });
      await must(t, { method: 'DELETE', path: `${cms()}/pb-watched` });
      const res = await watching;
      const events = decodeWatchStream(res.bytes).map((e) => ({ type: e.type, object: withoutZeroValues(e.object) as Json }));
      return { status: res.status, contentType: res.headers.contentType ?? null, events: normalize(events as Json) };
    };
    const { real, demo } = await pair.each(run);
    expect(real).toMatchObject({ status: 200, contentType: `${PB};stream=watch` });
    compareValues('protobuf watch', real, demo);
  });

  it('a protobuf watch over a WebSocket: one binary WatchEvent a message', async () => {
    const run = async (t: Target): Promise<Json> => {
      const url = `${t.baseUrl.replace(/^http/, 'ws')}${cms()}?watch=true&fieldSelector=metadata.name%3Dpb-ws`;
      const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${t.adminToken}`, Origin: 'http://localhost', Accept: PB }, rejectUnauthorized: false });
      const messages: { binary: boolean; data: Buffer }[] = [];
      const got = new Promise<void>((resolve, reject) => {
        ws.on('message', (data: Buffer, binary: boolean) => {
          messages.push({ binary, data });
          if (messages.length === 2) resolve();
        });
        ws.on('error', reject);
      });
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'pb-ws' } } });
      await must(t, { method: 'DELETE', path: `${cms()}/pb-ws` });
      await got;
      ws.close();
      const events = messages.flatMap((m) => decodeWatchStream(lengthPrefixed(m.data)).map((e) => ({ binary: m.binary, type: e.type, object: withoutZeroValues(e.object) as Json })));
      return normalize(events as Json);
    };
    const { real, demo } = await pair.each(run);
    compareValues('protobuf watch over a WebSocket', real, demo);
  });

  it('discovery and PartialObjectMetadata in protobuf; a Table stays JSON', async () => {
    const { real, demo } = await pair.each(async (t) => [
      summary(await send(t, { path: '/api', headers: { Accept: PB } })),
      summary(await send(t, { path: '/apis/apps', headers: { Accept: PB } })),
      summary(await send(t, { path: cms(), headers: { Accept: `${PB};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json` } })),
      (await send(t, { path: cms(), headers: { Accept: `${PB};as=Table;g=meta.k8s.io;v=v1,application/json;as=Table;g=meta.k8s.io;v=v1` } })).headers.contentType ?? null,
      // A Table in protobuf alone: 406, in JSON (no clause fits a Status either).
      summary(await send(t, { path: cms(), headers: { Accept: `${PB};as=Table;g=meta.k8s.io;v=v1` } })),
    ]);
    compareValues('protobuf discovery and metadata', real, demo);
  });

  it('aggregated discovery in protobuf: the JSON document as an APIGroupDiscoveryList, with its ETag', async () => {
    const v2 = 'g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
    const { real, demo } = await pair.each(async (t) => {
      const out: Json[] = [];
      for (const path of ['/api', '/apis']) {
        const json = await send(t, { path, headers: { Accept: `application/json;${v2}` } });
        const pb = await send(t, { path, headers: { Accept: `${PB};${v2}` } });
        const same = JSON.stringify(withoutZeroValues(decodeKubernetesProtobuf(pb.bytes))) === JSON.stringify(withoutZeroValues(json.body));
        out.push([pb.status, pb.headers.contentType ?? null, pb.allHeaders.etag === json.allHeaders.etag, same]);
      }
      return out;
    });
    expect(real).toEqual([
      [200, `${PB};${v2}`, true, true],
      [200, `${PB};${v2}`, true, true],
    ]);
    compareValues('aggregated discovery in protobuf', real, demo);
  });

  it('/openapi/v2 in protobuf for both subtypes, with the ETag of the JSON and a 304; a bare 406 otherwise', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const json = await send(t, { path: '/openapi/v2' });
      const pb = await send(t, { path: '/openapi/v2', headers: { Accept: OPENAPI_PB } });
      const dotted = await send(t, { path: '/openapi/v2', headers: { Accept: 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf' } });
      const again = await send(t, { path: '/openapi/v2', headers: { Accept: OPENAPI_PB, 'If-None-Match': pb.allHeaders.etag ?? '' } });
      const refused = await send(t, { path: '/openapi/v2', headers: { Accept: 'text/html' } });
      return {
        pb: [pb.status, pb.headers.contentType ?? null, pb.allHeaders.vary ?? null, pb.allHeaders.etag === json.allHeaders.etag, pb.bytes.length > 100_000],
        dotted: [dotted.status, dotted.headers.contentType ?? null],
        again: again.status,
        refused: [refused.status, refused.headers.contentType ?? null, refused.text],
      };
    });
    expect(real.pb[0]).toBe(200);
    compareValues('/openapi/v2 protobuf', real, demo);
  });
  // Last: the real server rebuilds its OpenAPI documents after a CRD comes and goes.
  it('custom resources have no protobuf form: JSON when it is listed too, else a 406 Status in protobuf', async () => {
    const group = `pb${Math.random().toString(16).slice(2, 8)}.example.com`;
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `gadgets.${group}` },
      spec: {
        group,
        names: { kind: 'Gadget', plural: 'gadgets', singular: 'gadget' },
        scope: 'Namespaced',
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    };
    const gadgets = `/apis/${group}/v1/namespaces/${pair.ns}/gadgets`;
    const { real, demo } = await pair.each(async (t) => {
      await must(t, { method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', ...protobufBody(crd) });
      try {
        for (let i = 0; i < 100 && (await send(t, { path: gadgets })).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
        return [
          summary(await send(t, { path: gadgets, headers: { Accept: PB } })),
          // (The list's JSON is compared in crd.test.ts.)
          (await send(t, { path: gadgets, headers: { Accept: `${PB}, application/json` } })).headers.contentType ?? null,
          summary(await send(t, { path: `${gadgets}/none`, headers: { Accept: PB } })),
          summary(await send(t, { path: gadgets, query: { watch: '1' }, headers: { Accept: `${PB};stream=watch` } })),
        ];
      } finally {
        await send(t, { method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${group}` });
      }
    });
    expect(real[0]).toMatchObject({ status: 406, contentType: PB });
    compareValues('custom resources and protobuf', real, demo);
  });
});
