// The watch fold: whatever order and batching the events come in, the rows are exactly the objects that
// exist (no missing, stale or duplicate row), like a fresh list after the same events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WireWatchEvent } from '../../../wire/ws-protocol';
import type { Table, TableRow } from '../../../src/k8s/table';
import { applyWatchEvents } from '../../../src/k8s/watch-reducer';
import { fuzz } from './fuzz-runs';

const EMPTY: Table = {
  kind: 'Table',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { resourceVersion: '1' },
  columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', description: '', priority: 0 }],
  rows: [],
};

interface Step {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';
  name: number;
  namespace: number;
  /** Whether the event is a one-row Table (server-side printing) or a plain object. */
  asTable: boolean;
}

const step = fc.record({
  type: fc.constantFrom('ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK'),
  name: fc.integer({ min: 0, max: 5 }),
  namespace: fc.integer({ min: 0, max: 1 }),
  asTable: fc.boolean(),
}) as fc.Arbitrary<Step>;

function event(s: Step, rv: number): WireWatchEvent {
  const name = `obj-${s.name}`;
  const namespace = `ns-${s.namespace}`;
  const metadata = { name, namespace, uid: `uid-${namespace}-${name}`, resourceVersion: String(rv) };
  if (s.type === 'BOOKMARK') return { type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(rv) } } };
  if (!s.asTable) return { type: s.type, object: { kind: 'ConfigMap', apiVersion: 'v1', metadata } };
  const row: TableRow = { cells: [name], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata } } as TableRow;
  return { type: s.type, object: { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: String(rv) }, columnDefinitions: null, rows: [row] } };
}

describe('fuzz: watch fold', () => {
  it('folding any event sequence in any batches leaves exactly the live objects at their latest resourceVersion', () => {
    fuzz(
      'watch fold vs model',
      fc.property(fc.array(step, { maxLength: 60 }), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 20 }), (steps, batchSizes) => {
        const events = steps.map((s, i) => event(s, i + 2));
        const model = new Map<string, string>();
        for (const e of events) {
          const meta = (e.object as { rows?: TableRow[]; metadata: { uid?: string; resourceVersion: string } }).rows?.[0]?.object?.metadata ?? (e.object as { metadata: { uid?: string; resourceVersion: string } }).metadata;
          if (e.type === 'DELETED') model.delete(String(meta.uid));
          else if (e.type !== 'BOOKMARK') model.set(String(meta.uid), String(meta.resourceVersion));
        }
        let table = EMPTY;
        let at = 0;
        for (let b = 0; at < events.length; b++) {
          const size = batchSizes[b % batchSizes.length] ?? 1;
          const result = applyWatchEvents(table, events.slice(at, at + size), 0);
          expect(result.kind).toBe('updated');
          table = result.table;
          at += size;
        }
        const rows = table.rows.map((r) => [String(r.object?.metadata.uid), String(r.object?.metadata.resourceVersion)] as const);
        expect(new Set(rows.map(([uid]) => uid)).size).toBe(rows.length);
        expect(new Map(rows)).toEqual(model);
        if (events.length > 0) expect(table.metadata.resourceVersion).toBe(String(events.length + 1));
      }),
    );
  });
});
