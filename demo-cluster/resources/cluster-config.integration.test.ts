// Leases, PriorityClasses, the flowcontrol API and PodTemplates as served: seeded system objects, defaults,
// validation and Tables.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';
import { waitUntil } from '../testing/wait-until.js';

const cluster = useCluster();
const { api } = cluster;
const TABLE = { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const FC = '/apis/flowcontrol.apiserver.k8s.io/v1';

describe('priority classes', () => {
  it('has the two system classes; a system- name of its own is refused', async () => {
    const list = (await api('/apis/scheduling.k8s.io/v1/priorityclasses')).body.items as Json[];
    expect(list.map((c) => [c.metadata.name, c.value, c.preemptionPolicy])).toEqual([
      ['system-cluster-critical', 2000000000, 'PreemptLowerPriority'],
      ['system-node-critical', 2000001000, 'PreemptLowerPriority'],
    ]);
    const refused = await api('/apis/scheduling.k8s.io/v1/priorityclasses', { method: 'POST', body: { metadata: { name: 'system-mine' }, value: 10 } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `PriorityClass.scheduling.k8s.io "system-mine" is invalid: metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class`,
    );
    const gold = await api('/apis/scheduling.k8s.io/v1/priorityclasses', { method: 'POST', body: { metadata: { name: 'gold' }, value: 1000 } });
    expect(gold.body).toMatchObject({ value: 1000, preemptionPolicy: 'PreemptLowerPriority' });
    const changed = await api('/apis/scheduling.k8s.io/v1/priorityclasses/gold', { method: 'PATCH', body: { value: 5 }, contentType: 'application/merge-patch+json' });
    expect(changed.body.message).toBe('PriorityClass.scheduling.k8s.io "gold" is invalid: value: Forbidden: may not be changed in an update.');
  });
});

describe('flow control', () => {
  it('serves the bootstrap configuration; a FlowSchema list prints in matching precedence order', async () => {
    const levels = ((await api(`${FC}/prioritylevelconfigurations`)).body.items as Json[]).map((o) => o.metadata.name);
    expect(levels).toEqual(['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
    const table = (await api(`${FC}/flowschemas`, { headers: TABLE })).body;
    expect(table.columnDefinitions.map((c: Json) => c.name)).toEqual(['Name', 'PriorityLevel', 'MatchingPrecedence', 'DistinguisherMethod', 'Age', 'MissingPL']);
    const rows = (table.rows as Json[]).map((r) => r.cells.filter((_: unknown, i: number) => i !== 4));
    expect(rows[0]).toEqual(['exempt', 'exempt', 1, '<none>', 'False']);
    expect(rows.at(-1)).toEqual(['catch-all', 'catch-all', 10000, 'ByUser', 'False']);
    const precedences = rows.map((r) => r[2] as number);
    expect(precedences).toEqual([...precedences].sort((a, b) => a - b));
  });

  it('defaults a Limited level and a FlowSchema; status is a subresource', async () => {
    const pl = await api(`${FC}/prioritylevelconfigurations`, { method: 'POST', body: { metadata: { name: 'mine' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue' } } } } });
    expect(pl.body.spec).toEqual({ type: 'Limited', limited: { nominalConcurrencyShares: 30, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } }, lendablePercent: 0 } });
    const fs = await api(`${FC}/flowschemas`, { method: 'POST', body: { metadata: { name: 'mine' }, spec: { priorityLevelConfiguration: { name: 'mine' } }, status: { conditions: [{ type: 'Dangling', status: 'True' }] } } });
    expect(fs.body.spec.matchingPrecedence).toBe(1000);
    expect(fs.body.status).toEqual({});
    const patched = await api(`${FC}/flowschemas/mine/status`, { method: 'PATCH', body: { status: { conditions: [{ type: 'Dangling', status: 'False' }] } }, contentType: 'application/merge-patch+json' });
    expect(patched.body.status.conditions).toEqual([{ type: 'Dangling', status: 'False' }]);
  });
});

describe('leases and pod templates', () => {
  it('create and print', async () => {
    const lease = await api('/apis/coordination.k8s.io/v1/namespaces/shop/leases', { method: 'POST', body: { metadata: { name: 'l' }, spec: { holderIdentity: 'me', leaseDurationSeconds: 15 } } });
    expect(lease.status).toBe(201);
    const leaseRow = (await api('/apis/coordination.k8s.io/v1/namespaces/shop/leases/l', { headers: TABLE })).body.rows[0].cells;
    expect(leaseRow.slice(0, 2)).toEqual(['l', 'me']);
    const template = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    const pt = await api('/api/v1/namespaces/shop/podtemplates', { method: 'POST', body: { metadata: { name: 'pt' }, template } });
    expect(pt.status).toBe(201);
    expect(pt.body.template.spec).toMatchObject({ restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' });
    const ptRow = (await api('/api/v1/namespaces/shop/podtemplates/pt', { headers: TABLE })).body.rows[0].cells;
    expect(ptRow).toEqual(['pt', 'c', 'nginx', 'app=x']);
  });
});

describe('the APF config consumer', () => {
  it('marks a FlowSchema dangling while its priority level is missing, and found once it exists', async () => {
    await api(`${FC}/flowschemas`, { method: 'POST', body: { metadata: { name: 'orphan' }, spec: { priorityLevelConfiguration: { name: 'later' } } } });
    const dangling = async (): Promise<Json | undefined> => ((await api(`${FC}/flowschemas/orphan`)).body.status?.conditions as Json[] | undefined)?.find((c) => c.type === 'Dangling');
    await waitUntil(dangling, { until: (c) => c?.status === 'True', what: 'Dangling True' });
    expect(await dangling()).toMatchObject({ reason: 'NotFound', message: 'This FlowSchema references the PriorityLevelConfiguration object named "later" but there is no such object' });
    await api(`${FC}/prioritylevelconfigurations`, { method: 'POST', body: { metadata: { name: 'later' }, spec: { type: 'Exempt' } } });
    const found = await waitUntil(dangling, { until: (c) => c?.status === 'False', what: 'Dangling False' });
    expect(found).toMatchObject({ reason: 'Found', message: 'This FlowSchema references the PriorityLevelConfiguration object named "later" and it exists' });
  });
});
