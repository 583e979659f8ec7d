// The kubeglass server in front of the real demo cluster: /-/contexts, the /k8s proxy, /-/ws and WebSocket upgrades.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';
import type { RunningKubeglass } from '../../server/cli.js';
import { ADMIN_TOKEN, startHarness, uniqueName, VIEWER_TOKEN } from './kubeglass-harness.js';

let kg: RunningKubeglass;

beforeAll(async () => {
  kg = await startHarness();
});

afterAll(async () => {
  await kg?.close();
});

async function api(path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${kg.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), headers: res.headers };
}

function configMap(name: string, data: Record<string, string> = { a: '1' }) {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data });
}

/** Messages of a /-/ws socket, collected from the first frame, and a wait for one (checked as each arrives). */
async function openWatchSocket(): Promise<{ ws: WebSocket; messages: unknown[]; waitFor: (match: (m: unknown) => boolean, what: string) => Promise<unknown> }> {
  const ws = new WebSocket(`${kg.url.replace('http', 'ws')}/-/ws`, { headers: { Origin: kg.url } });
  const messages: unknown[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')));
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = (match: (m: unknown) => boolean, what: string): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = messages.find(match);
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(messages).slice(0, 2000)}`));
      }, 10_000);
      waiters.add(check);
      check();
    });
  return { ws, messages, waitFor };
}

describe('kubeglass with the demo cluster', () => {
  it('lists the demo contexts without their tokens', async () => {
    const res = await fetch(`${kg.url}/-/contexts`);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      contexts: [
        { name: 'demo', server: kg.demo?.url, user: 'demo-admin', demo: true },
        { name: 'demo-viewer', server: kg.demo?.url, user: 'demo-viewer', demo: true },
        { name: 'demo-developer', server: kg.demo?.url, user: 'demo-developer', demo: true, namespace: 'shop' },
      ],
      default: 'demo',
      accessTokenRequired: false,
    });
    expect(text).not.toContain(ADMIN_TOKEN);
    expect(text).not.toContain(VIEWER_TOKEN);
  });

  it('proxies discovery and Table lists with the context credentials', async () => {
    const versions = await api('/k8s/demo/api');
    expect(versions.status).toBe(200);
    expect(versions.body.kind).toBe('APIVersions');
    const table = await api('/k8s/demo/api/v1/namespaces/default/pods', { headers: { Accept: TABLE_ACCEPT } });
    expect(table.status).toBe(200);
    expect(table.body.kind).toBe('Table');
    const columns = (table.body.columnDefinitions as Array<{ name: string }>).map((c) => c.name);
    expect(columns.slice(0, 5)).toEqual(['Name', 'Ready', 'Status', 'Restarts', 'Age']);
  });

  it('writes as admin, is forbidden as viewer, and refuses cross-site writes', async () => {
    const name = uniqueName('kg-cm');
    const headers = { 'Content-Type': 'application/json', Origin: kg.url };
    const created = await api('/k8s/demo/api/v1/namespaces/default/configmaps', { method: 'POST', headers, body: configMap(name) });
    expect(created.status).toBe(201);
    expect((created.body.metadata as { name: string }).name).toBe(name);

    const asViewer = await api('/k8s/demo-viewer/api/v1/namespaces/default/configmaps', { method: 'POST', headers, body: configMap(uniqueName('kg-viewer')) });
    expect(asViewer.status).toBe(403);
    expect(asViewer.body).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    expect(String(asViewer.body.message)).toContain('User "viewer"');

    const crossSite = uniqueName('kg-csrf');
    const refused = await api('/k8s/demo/api/v1/namespaces/default/configmaps', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: configMap(crossSite),
    });
    expect(refused.status).toBe(403);
    expect(String(refused.body.message)).toContain('is not this server\'s origin');
    expect((await api(`/k8s/demo/api/v1/namespaces/default/configmaps/${crossSite}`)).status).toBe(404);
  });

  it('answers server-made errors with Status bodies', async () => {
    const unknown = await api('/k8s/nope/api');
    expect(unknown).toMatchObject({ status: 404, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 } });
  });

  it('streams Table watch events over /-/ws for changes made through the proxy, and stops on unwatch', async () => {
    const list = await api('/k8s/demo/api/v1/namespaces/default/configmaps', { headers: { Accept: TABLE_ACCEPT } });
    const resourceVersion = (list.body.metadata as { resourceVersion: string }).resourceVersion;
    const { ws, messages, waitFor } = await openWatchSocket();
    try {
      ws.send(JSON.stringify({ op: 'watch', id: 'cms', context: 'demo', path: '/api/v1/namespaces/default/configmaps', query: { resourceVersion }, as: 'Table' }));
      const name = uniqueName('kg-watch');
      const headers = { 'Content-Type': 'application/json', Origin: kg.url };
      expect((await api('/k8s/demo/api/v1/namespaces/default/configmaps', { method: 'POST', headers, body: configMap(name) })).status).toBe(201);
      type TableEvent = { id: string; event: { type: string; object: { kind: string; rows: Array<{ cells: unknown[] }> } } };
      const isEventFor = (type: string) => (m: unknown) => {
        const e = m as TableEvent;
        return e.id === 'cms' && e.event?.type === type && e.event.object.rows?.[0]?.cells[0] === name;
      };
      const added = (await waitFor(isEventFor('ADDED'), 'ADDED')) as TableEvent;
      expect(added.event.object.kind).toBe('Table');

      const current = await api(`/k8s/demo/api/v1/namespaces/default/configmaps/${name}`);
      const updated = await api(`/k8s/demo/api/v1/namespaces/default/configmaps/${name}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...current.body, data: { a: '2' } }),
      });
      expect(updated.status).toBe(200);
      await waitFor(isEventFor('MODIFIED'), 'MODIFIED');
      expect((await api(`/k8s/demo/api/v1/namespaces/default/configmaps/${name}`, { method: 'DELETE', headers: { Origin: kg.url } })).status).toBe(200);
      await waitFor(isEventFor('DELETED'), 'DELETED');

      // After unwatch nothing more comes for "cms". Proof: a watch opened after it (id "later", same path)
      // sees two more configmaps, one after the other; a live "cms" would have sent the first one by then.
      ws.send(JSON.stringify({ op: 'unwatch', id: 'cms' }));
      const countAfterUnwatch = messages.filter((m) => (m as { id: string }).id === 'cms').length;
      ws.send(JSON.stringify({ op: 'watch', id: 'later', context: 'demo', path: '/api/v1/namespaces/default/configmaps', query: { resourceVersion }, as: 'Table' }));
      for (const after of [uniqueName('kg-after'), uniqueName('kg-after')]) {
        await api('/k8s/demo/api/v1/namespaces/default/configmaps', { method: 'POST', headers, body: configMap(after) });
        await waitFor((m) => {
          const e = m as TableEvent;
          return e.id === 'later' && e.event?.type === 'ADDED' && e.event.object.rows?.[0]?.cells[0] === after;
        }, `the later watch to see ${after}`);
      }
      expect(messages.filter((m) => (m as { id: string }).id === 'cms')).toHaveLength(countAfterUnwatch);
    } finally {
      ws.close();
    }
  });

  it('closes a /-/ws watch with the upstream Status when the API refuses it', async () => {
    const { ws, waitFor } = await openWatchSocket();
    try {
      ws.send(JSON.stringify({ op: 'watch', id: 'missing', context: 'demo', path: '/api/v1/namespaces/default/nonexistents' }));
      const closed = await waitFor((m) => (m as { id: string }).id === 'missing', 'closed');
      expect(closed).toMatchObject({ id: 'missing', closed: true, status: { kind: 'Status', code: 404 } });
    } finally {
      ws.close();
    }
  });

  it('proxies a WebSocket watch on /k8s (setting the Origin the apiserver requires)', async () => {
    const ws = new WebSocket(`${kg.url.replace('http', 'ws')}/k8s/demo/api/v1/namespaces?watch=1`);
    type Event = { type: string; object: { metadata: { name: string } } };
    // The namespaces as they are listed at the start of the watch: "default" among them.
    const first = new Promise<Event>((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        const event = JSON.parse(data.toString('utf8')) as Event;
        if (event.object.metadata.name === 'default') resolve(event);
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    });
    try {
      expect((await first).type).toBe('ADDED');
    } finally {
      ws.close();
    }
  });
});
