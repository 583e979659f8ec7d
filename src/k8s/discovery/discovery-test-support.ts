/// <reference types="node" />
// Test-only: fake fetch functions serving the discovery documents recorded from a real kube-apiserver 1.20.2
// (tests/fixtures) and hand-written aggregated documents.
import { readFixture } from '../../testing/fixtures';
import type { DiscoveryFetch } from './types';

export interface RecordedCall {
  path: string;
  headers: Record<string, string>;
}

export type FakeRoute = (headers: Record<string, string>) => Response;

/** A fake fetch: routes first, else the fixture file named after the path (`/apis/apps/v1` -> apis__apps__v1.json). */
export function fixtureFetch(routes: Record<string, FakeRoute> = {}): { fetch: DiscoveryFetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fetch: DiscoveryFetch = (path, init) => {
    calls.push({ path, headers: init.headers });
    const route = routes[path];
    if (route) return Promise.resolve(route(init.headers));
    const file = `${path.slice(1).split('/').join('__')}.json`;
    let body: string;
    try {
      body = readFixture(`discovery/${file}`);
    } catch {
      return Promise.resolve(statusResponse(404, 'NotFound', 'the server could not find the requested resource'));
    }
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  };
  return { fetch, calls };
}

/** A Status error response as kube-apiserver writes it (HTTP code = Status.code). */
export function statusResponse(code: number, reason: string, message: string): Response {
  const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  return new Response(JSON.stringify(status), { status: code, headers: { 'Content-Type': 'application/json' } });
}

/** A route that serves an aggregated document with an ETag and answers a matching If-None-Match with 304. */
export function aggregatedRoute(doc: { apiVersion: string }, etag: string): FakeRoute {
  return (headers) => {
    if (headers['If-None-Match'] === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    const version = doc.apiVersion.split('/')[1] ?? '';
    return new Response(JSON.stringify(doc), {
      status: 200,
      headers: {
        'Content-Type': `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`,
        ETag: etag,
      },
    });
  };
}

const rw = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const statusVerbs = ['get', 'patch', 'update'];
const here = { group: '', version: '' };

/** A core (/api) APIGroupDiscoveryList in the shape of the wire doc's example. */
export function aggregatedCoreDoc(apiVersion: string) {
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion,
    metadata: {},
    items: [
      {
        metadata: { creationTimestamp: null },
        versions: [
          {
            version: 'v1',
            freshness: 'Current',
            resources: [
              { resource: 'configmaps', singularResource: 'configmap', scope: 'Namespaced', responseKind: { ...here, kind: 'ConfigMap' }, shortNames: ['cm'], verbs: rw },
              { resource: 'events', singularResource: 'event', scope: 'Namespaced', responseKind: { ...here, kind: 'Event' }, shortNames: ['ev'], verbs: rw },
              { resource: 'namespaces', singularResource: 'namespace', scope: 'Cluster', responseKind: { ...here, kind: 'Namespace' }, shortNames: ['ns'], verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
                subresources: [{ subresource: 'status', responseKind: { ...here, kind: 'Namespace' }, verbs: statusVerbs }] },
              {
                resource: 'pods', singularResource: 'pod', scope: 'Namespaced', responseKind: { ...here, kind: 'Pod' }, shortNames: ['po'], categories: ['all'], verbs: rw,
                subresources: [
                  { subresource: 'eviction', responseKind: { group: 'policy', version: 'v1', kind: 'Eviction' }, verbs: ['create'] },
                  { subresource: 'exec', responseKind: { ...here, kind: 'PodExecOptions' }, verbs: ['create', 'get'] },
                  { subresource: 'log', responseKind: { ...here, kind: 'Pod' }, verbs: ['get'] },
                  { subresource: 'status', responseKind: { ...here, kind: 'Pod' }, verbs: statusVerbs },
                ],
              },
              { resource: 'services', singularResource: 'service', scope: 'Namespaced', responseKind: { ...here, kind: 'Service' }, shortNames: ['svc'], categories: ['all'], verbs: rw },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * An /apis APIGroupDiscoveryList: apps, events.k8s.io, a CRD group with two versions (v1 first = preferred, the
 * older v1beta1 still serving a resource v1 dropped), and a Stale version of a broken aggregated APIService.
 */
export function aggregatedGroupsDoc(apiVersion: string) {
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion,
    metadata: {},
    items: [
      {
        metadata: { name: 'apps', creationTimestamp: null },
        versions: [
          {
            version: 'v1',
            freshness: 'Current',
            resources: [
              {
                resource: 'deployments', singularResource: 'deployment', scope: 'Namespaced', responseKind: { ...here, kind: 'Deployment' },
                shortNames: ['deploy'], categories: ['all'], verbs: rw,
                subresources: [
                  { subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: statusVerbs },
                  { subresource: 'status', responseKind: { ...here, kind: 'Deployment' }, verbs: statusVerbs },
                ],
              },
            ],
          },
        ],
      },
      {
        metadata: { name: 'events.k8s.io', creationTimestamp: null },
        versions: [
          { version: 'v1', freshness: 'Current', resources: [
            { resource: 'events', singularResource: 'event', scope: 'Namespaced', responseKind: { ...here, kind: 'Event' }, shortNames: ['ev'], verbs: rw },
          ] },
        ],
      },
      {
        metadata: { name: 'fx.example.com', creationTimestamp: null },
        versions: [
          { version: 'v1', freshness: 'Current', resources: [
            { resource: 'widgets', singularResource: 'widget', scope: 'Namespaced', responseKind: { ...here, kind: 'Widget' }, shortNames: ['wdg'], categories: ['all'], verbs: rw,
              subresources: [{ subresource: 'status', responseKind: { ...here, kind: 'Widget' }, verbs: statusVerbs }] },
          ] },
          { version: 'v1beta1', freshness: 'Current', resources: [
            { resource: 'widgets', singularResource: 'widget', scope: 'Namespaced', responseKind: { ...here, kind: 'Widget' }, shortNames: ['wdg'], categories: ['all'], verbs: rw },
            { resource: 'gadgets', singularResource: 'gadget', scope: 'Cluster', responseKind: { ...here, kind: 'Gadget' }, verbs: ['get', 'list'] },
          ] },
        ],
      },
      {
        metadata: { name: 'metrics.k8s.io', creationTimestamp: null },
        versions: [{ version: 'v1beta1', freshness: 'Stale', resources: [] }],
      },
    ],
  };
}

/** The groups of the recorded 1.20.2 discovery that hold a listable resource: core ("") first, then by name (kubectl api-resources). */
export const RECORDED_LISTABLE_GROUPS: readonly string[] = [
  '',
  'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'apiregistration.k8s.io', 'apps', 'autoscaling', 'batch', 'certificates.k8s.io',
  'coordination.k8s.io', 'discovery.k8s.io', 'events.k8s.io', 'extensions', 'flowcontrol.apiserver.k8s.io', 'fx.example.com',
  'networking.k8s.io', 'node.k8s.io', 'policy', 'rbac.authorization.k8s.io', 'scheduling.k8s.io', 'storage.k8s.io',
];
