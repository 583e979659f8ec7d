import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/stub-fetch';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { BULK_DELETE_CONCURRENCY, bulkSummary, deleteEach, type DeleteTarget, type TargetResult } from './bulk-delete';

cleanUpAfterEach();

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const targets: DeleteTarget[] = Array.from({ length: 9 }, (_, i) => ({ apiPath: `/api/v1/namespaces/default/configmaps/c${i}`, name: `c${i}`, namespace: 'default', uid: `uid-${i}` }));

describe('deleteEach', () => {
  it('sends every DELETE with the uid precondition, a few at a time, and keeps each answer apart', async () => {
    let inFlight = 0;
    let most = 0;
    const bodies: Record<string, unknown>[] = [];
    stubFetch(async (url, init) => {
      inFlight++;
      most = Math.max(most, inFlight);
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      if (url.endsWith('/c3')) return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: 'configmaps "c3" is forbidden' }, 403);
      if (url.endsWith('/c5')) return json({ kind: 'ConfigMap', metadata: { name: 'c5', deletionTimestamp: '2026-12-02T00:00:00Z', finalizers: ['example.com/hold'] } });
      return json({ kind: 'Status', apiVersion: 'v1', status: 'Success' });
    });
    const results: (TargetResult | undefined)[] = targets.map(() => undefined);
    await deleteEach('demo', targets, { propagationPolicy: 'Foreground', useUid: true, dryRun: false }, (i, r) => {
      results[i] = r;
    });
    expect(most).toBe(BULK_DELETE_CONCURRENCY);
    expect(bodies).toHaveLength(9);
    expect(bodies.every((b) => b.propagationPolicy === 'Foreground' && typeof (b.preconditions as { uid?: string }).uid === 'string' && b.dryRun === undefined)).toBe(true);
    expect(results[3]?.state).toBe('failed');
    expect(results[5]).toEqual({ state: 'pending', finalizers: ['example.com/hold'], gracePeriodSeconds: 0 });
    expect(results.filter((r) => r?.state === 'deleted')).toHaveLength(7);
    expect(bulkSummary(results, false)).toBe('7 deleted, 1 marked for deletion, waiting, 1 refused or failed');
  });

  it('a dry run says dryRun=All and leaves the uid out when asked', async () => {
    const bodies: Record<string, unknown>[] = [];
    stubFetch((_url, init) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return json({ kind: 'Status', apiVersion: 'v1', status: 'Success' });
    });
    await deleteEach('demo', targets.slice(0, 2), { propagationPolicy: 'Background', useUid: false, dryRun: true }, () => undefined);
    expect(bodies).toEqual([
      { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background', dryRun: ['All'] },
      { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background', dryRun: ['All'] },
    ]);
  });
});

describe('bulkSummary', () => {
  it('counts what is in hand and what is still to answer', () => {
    expect(bulkSummary([{ state: 'deleted' }, undefined, undefined], true)).toBe('1 would be deleted, 2 still to answer');
  });
});
