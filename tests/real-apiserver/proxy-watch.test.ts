// Real tier: kubeglass in front of a real kube-apiserver 1.20.2 (started by run.sh), list + watch through the proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';
import { kubectl } from '../support/kubectl.js';
import { openWatchChannel, tableRowName } from '../support/ws-watch.js';
import { TABLE_ACCEPT } from '../../wire/ws-protocol.js';

const kubeconfig = process.env.KUBECONFIG_REAL;
if (!kubeconfig) throw new Error('KUBECONFIG_REAL is not set: run this tier with `npm run test:real`');

interface Table {
  kind: string;
  metadata: { resourceVersion: string };
  columnDefinitions: { name: string }[] | null;
  rows: { cells: unknown[]; object: { metadata: { name: string } } }[];
}

let kg: KubeglassProcess;
beforeAll(async () => {
  kg = await startKubeglassProcess(['--kubeconfig', kubeconfig, '--no-demo']);
});
afterAll(async () => {
  await kg?.stop();
});

describe('kubeglass proxy against kube-apiserver 1.20.2', () => {
  it('lists the kubeconfig contexts without credentials', async () => {
    const res = await fetch(`${kg.url}/-/contexts`);
    const text = await res.text();
    const body = JSON.parse(text) as { contexts: { name: string }[]; default: string };
    expect(body.contexts.map((c) => c.name).sort()).toEqual(['real', 'real-developer', 'real-viewer']);
    expect(body.default).toBe('real');
    const tokens = readFileSync(kubeconfig, 'utf8').match(/token: (\S+)/g) ?? [];
    expect(tokens.length).toBe(3);
    for (const t of tokens) expect(text).not.toContain(t.replace('token: ', ''));
  });

  it('serves the namespaces Table with the apiserver columns', async () => {
    const res = await fetch(`${kg.url}/k8s/real/api/v1/namespaces`, { headers: { Accept: TABLE_ACCEPT } });
    expect(res.status).toBe(200);
    const table = (await res.json()) as Table;
    expect(table.kind).toBe('Table');
    expect(table.columnDefinitions?.map((c) => c.name)).toEqual(['Name', 'Status', 'Age']);
    expect(table.rows.map((r) => r.object.metadata.name)).toEqual(expect.arrayContaining(['default', 'fx', 'kube-system']));
  });

  it('streams a Table watch through /-/ws from the list resourceVersion', async () => {
    const list = (await (
      await fetch(`${kg.url}/k8s/real/api/v1/namespaces/fx/configmaps`, { headers: { Accept: TABLE_ACCEPT } })
    ).json()) as Table;
    const channel = await openWatchChannel(kg.url);
    try {
      channel.send({
        op: 'watch',
        id: 'cm',
        context: 'real',
        path: '/api/v1/namespaces/fx/configmaps',
        query: { resourceVersion: list.metadata.resourceVersion, allowWatchBookmarks: 'true' },
        as: 'Table',
      });
      const name = `live-${Date.now()}`;
      const created = await kubectl(['--kubeconfig', kubeconfig, '-n', 'fx', 'create', 'configmap', name, '--from-literal=a=1']);
      expect(created.code, created.stderr).toBe(0);
      const added = await channel.waitFor((m) => tableRowName(m) === name);
      expect('event' in added && added.event.type).toBe('ADDED');
      const first = channel.messages.find((m) => 'event' in m && m.event.type !== 'BOOKMARK');
      const firstTable = first && 'event' in first ? (first.event.object as Table) : undefined;
      expect(firstTable?.columnDefinitions?.map((c) => c.name)).toEqual(['Name', 'Data', 'Age']);
      await kubectl(['--kubeconfig', kubeconfig, '-n', 'fx', 'delete', 'configmap', name]);
      const deleted = await channel.waitFor((m) => 'event' in m && m.event.type === 'DELETED' && tableRowName(m) === name);
      expect(deleted).toBeTruthy();
    } finally {
      channel.close();
    }
  });

  it('lets kubectl use the proxy as its server', async () => {
    const r = await kubectl(['--kubeconfig', 'tests/e2e/no-contexts.kubeconfig', '--server', `${kg.url}/k8s/real`, 'get', 'ns']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^NAME\s+STATUS\s+AGE/);
    expect(r.stdout).toMatch(/\nfx\s+Active/);
  });

  it('passes 403 Forbidden through as a Status for a user without rights', async () => {
    // The viewer reads (system:aggregate-to-view) but Secrets are not among what view grants.
    const res = await fetch(`${kg.url}/k8s/real-viewer/api/v1/namespaces/fx/secrets`);
    expect(res.status).toBe(403);
    const status = (await res.json()) as { kind: string; reason: string; message: string };
    expect(status.kind).toBe('Status');
    expect(status.reason).toBe('Forbidden');
    expect(status.message).toContain('User "viewer" cannot list resource "secrets"');
  });
});
