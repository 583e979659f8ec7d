import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { KubeApiError } from '../../k8s/kube-api-error';
import { putEdited } from './put-edited';

const PATH = '/apis/apps/v1/namespaces/default/deployments/web';

function deployment(rv: string, replicas: number, status: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', resourceVersion: rv }, spec: { replicas }, status };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const conflict = () =>
  json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, message: 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again' }, 409);

/** A server whose object changes (by `changes`, one per PUT) before each PUT lands. */
function serve(initial: KubeObject, changes: Array<(o: KubeObject) => KubeObject>) {
  let server = initial;
  const puts: KubeObject[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as KubeObject;
        puts.push(body);
        const change = changes.shift();
        if (change) server = change(server);
        if (body.metadata.resourceVersion !== server.metadata.resourceVersion) return Promise.resolve(conflict());
        server = { ...body, metadata: { ...body.metadata, resourceVersion: String(Number(server.metadata.resourceVersion) + 1) } };
        return Promise.resolve(json(server));
      }
      return Promise.resolve(json(server));
    }),
  );
  return { puts, get server() { return server; } };
}

afterEach(() => vi.unstubAllGlobals());

describe('putEdited', () => {
  it('sends the edit again over the latest resourceVersion when only status changed (a controller), keeping that status', async () => {
    const base = deployment('5', 1);
    const s = serve(base, [(o) => ({ ...o, metadata: { ...o.metadata, resourceVersion: '6' }, status: { replicas: 1, readyReplicas: 1 } })]);
    const result = await putEdited('demo', PATH, deployment('5', 3), base);
    expect(s.puts.map((p) => p.metadata.resourceVersion)).toEqual(['5', '6']);
    expect(s.puts[1]!.status).toEqual({ replicas: 1, readyReplicas: 1 });
    expect(result.object.spec).toEqual({ replicas: 3 });
  });

  it('rethrows the 409 when someone changed a field the user edits (the merge takes over)', async () => {
    const base = deployment('5', 1);
    const s = serve(base, [(o) => ({ ...o, metadata: { ...o.metadata, resourceVersion: '6' }, spec: { replicas: 2 } })]);
    const error = await putEdited('demo', PATH, deployment('5', 3), base).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KubeApiError);
    expect((error as KubeApiError).code).toBe(409);
    expect(s.puts).toHaveLength(1);
  });

  it('gives up after three attempts against a server that keeps changing status', async () => {
    const base = deployment('1', 1);
    const bump = (o: KubeObject): KubeObject => ({ ...o, metadata: { ...o.metadata, resourceVersion: String(Number(o.metadata.resourceVersion) + 10) }, status: { n: Math.random() } });
    const s = serve(base, [bump, bump, bump, bump]);
    const error = await putEdited('demo', PATH, deployment('1', 3), base).catch((e: unknown) => e);
    expect((error as KubeApiError).code).toBe(409);
    expect(s.puts).toHaveLength(3);
  });
});
