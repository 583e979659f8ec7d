// Test-only: one ConfigMap behind a fake API server whose next write can fail in a chosen way, for the outcome line
// of a failed write (the answer lost after the server applied it, a 503 before anything was done, a 409).
import type { KubeObject } from '../k8s/kube-object';
import { accessReviewResponse } from './access-reviews';

export const CM_PATH = '/api/v1/namespaces/default/configmaps/c1';

/** How the next write fails: applied and its answer lost, or a Status before anything is done. */
export type WriteFailure = 'applied-then-dropped' | '503' | 'changed-meanwhile' | null;

export interface FlakyConfigMapServer {
  /** The object as stored; null once deleted. */
  object: KubeObject | null;
  /** The methods of the writes that reached the server, in order. */
  writes: string[];
  failNext: WriteFailure;
  handle: (url: string, init?: RequestInit) => Response | Promise<Response>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const notFound = () => json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }, 404);

/** ConfigMap c1 in default at resourceVersion 10, data {a: one}. */
export function flakyConfigMapServer(): FlakyConfigMapServer {
  const api: FlakyConfigMapServer = {
    object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion: '10' }, data: { a: 'one' } },
    writes: [],
    failNext: null,
    handle,
  };

  function bump(object: KubeObject, change: Partial<KubeObject>): KubeObject {
    const next = Number(api.object?.metadata.resourceVersion ?? '0') + 1;
    return { ...object, ...change, metadata: { ...object.metadata, ...change.metadata, resourceVersion: String(next) } };
  }

  function write(method: string, apply: () => KubeObject | null): Promise<Response> | Response {
    api.writes.push(method);
    const failing = api.failNext;
    api.failNext = null;
    if (failing === '503') return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'ServiceUnavailable', code: 503, message: 'unavailable' }, 503);
    if (failing === 'changed-meanwhile' && api.object) {
      api.object = bump(api.object, { data: { ...(api.object.data as object), b: 'theirs' } });
      return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, message: 'the object has been modified' }, 409);
    }
    api.object = apply();
    if (failing === 'applied-then-dropped') return Promise.reject(new TypeError('Failed to fetch'));
    return api.object ? json(api.object) : json({ kind: 'Status', apiVersion: 'v1', status: 'Success' });
  }

  function handle(url: string, init?: RequestInit): Response | Promise<Response> {
    const review = accessReviewResponse(url, init);
    if (review) return review;
    const parsed = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (parsed.pathname !== `/k8s/demo${CM_PATH}`) return notFound();
    const current = api.object;
    if (method === 'GET') return current ? json(current) : notFound();
    if (!current) return notFound();
    const body = init?.body ? (JSON.parse(String(init.body)) as KubeObject) : null;
    if (method === 'PATCH' && parsed.searchParams.get('dryRun') === 'All') return json({ ...current, data: { ...(current.data as object), ...(body?.data as object) } });
    if (method === 'PATCH') return write(method, () => bump(current, { data: { ...(current.data as object), ...(body?.data as object) } }));
    if (method === 'PUT') return write(method, () => bump(current, { data: body?.data }));
    if (method === 'DELETE') return write(method, () => null);
    return notFound();
  }

  return api;
}
