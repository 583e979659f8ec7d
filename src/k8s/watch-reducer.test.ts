import { describe, expect, it } from 'vitest';
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { readFixture, readJsonFixture } from '../testing/fixtures';
import { normalizeTable, type Table, type TableRow } from './table';
import { applyWatchEvent, applyWatchEvents } from './watch-reducer';

const configmaps = normalizeTable(readJsonFixture<Table>('tables/api__v1__configmaps.json'));
const recorded: WireWatchEvent[] = readFixture('watch/configmaps-table-chunked.ndjson')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as WireWatchEvent);

function names(table: Table): string[] {
  return table.rows.map((r) => r.object?.metadata.name ?? '?');
}

function row(name: string, uid: string, rv: string, cells: unknown[] = [name, 1, '1s'], namespace = 'fx'): TableRow {
  return { cells, object: { kind: 'PartialObjectMetadata', metadata: { name, namespace, uid, resourceVersion: rv } } };
}

function tableEvent(type: WireWatchEvent['type'], r: TableRow, rv: string, withColumns = false): WireWatchEvent {
  return {
    type,
    object: {
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: rv },
      columnDefinitions: withColumns ? configmaps.columnDefinitions : null,
      rows: [r],
    },
  };
}

function updated(result: ReturnType<typeof applyWatchEvents>): Table {
  if (result.kind !== 'updated') throw new Error(`expected an update, got ${result.kind}`);
  return result.table;
}

describe('applyWatchEvent with the recorded 1.20.2 Table watch', () => {
  it('is the stream this test expects', () => {
    expect(recorded.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK']);
  });

  it('ADDED appends the new row and takes its resourceVersion', () => {
    const first = recorded[0];
    if (!first) throw new Error('fixture empty');
    const next = updated(applyWatchEvent(configmaps, first));
    expect(next.rows).toHaveLength(configmaps.rows.length + 1);
    expect(names(next).at(-1)).toBe('watched');
    expect(next.metadata.resourceVersion).toBe('352');
    expect(next.columnDefinitions).toBe(configmaps.columnDefinitions);
  });

  it('MODIFIED replaces in place, DELETED removes, BOOKMARK only moves the resourceVersion', () => {
    const [added, modified, deleted, bookmark] = recorded;
    if (!added || !modified || !deleted || !bookmark) throw new Error('fixture short');
    const afterAdd = updated(applyWatchEvent(configmaps, added));
    const afterModify = updated(applyWatchEvent(afterAdd, modified));
    expect(afterModify.rows).toHaveLength(afterAdd.rows.length);
    expect(afterModify.rows.at(-1)?.object?.metadata.resourceVersion).toBe('353');
    expect(afterModify.metadata.resourceVersion).toBe('353');

    const afterDelete = updated(applyWatchEvent(afterModify, deleted));
    expect(names(afterDelete)).toEqual(names(configmaps));
    expect(afterDelete.metadata.resourceVersion).toBe('354');

    const afterBookmark = updated(applyWatchEvent(afterDelete, bookmark));
    expect(afterBookmark.rows).toBe(afterDelete.rows);
    expect(afterBookmark.metadata.resourceVersion).toBe('354');
  });

  it('folds the whole stream in one batch to the same result as one by one', () => {
    const batched = updated(applyWatchEvents(configmaps, recorded));
    let single = configmaps;
    for (const e of recorded) single = updated(applyWatchEvent(single, e));
    expect(batched).toEqual(single);
    expect(batched.rows).toEqual(configmaps.rows);
  });
});

describe('applyWatchEvent', () => {
  const base: Table = {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '10' },
    columnDefinitions: configmaps.columnDefinitions,
    rows: [row('a', 'ua', '1'), row('b', 'ub', '2'), row('c', 'uc', '3')],
  };

  it('MODIFIED keeps the order and the identity of untouched rows', () => {
    const next = updated(applyWatchEvent(base, tableEvent('MODIFIED', row('b', 'ub', '11', ['b', 2, '1s']), '11')));
    expect(names(next)).toEqual(['a', 'b', 'c']);
    expect(next.rows[1]?.cells[1]).toBe(2);
    expect(next.rows[0]).toBe(base.rows[0]);
    expect(next.rows[2]).toBe(base.rows[2]);
    expect(base.rows[1]?.cells[1]).toBe(1);
  });

  it('ADDED of a known uid replaces instead of duplicating', () => {
    const next = updated(applyWatchEvent(base, tableEvent('ADDED', row('a', 'ua', '12', ['a', 5, '1s']), '12')));
    expect(names(next)).toEqual(['a', 'b', 'c']);
    expect(next.rows[0]?.cells[1]).toBe(5);
  });

  it('MODIFIED of an unknown object appends it', () => {
    const next = updated(applyWatchEvent(base, tableEvent('MODIFIED', row('d', 'ud', '13'), '13')));
    expect(names(next)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a re-created object (same name, new uid) takes the old row instead of duplicating', () => {
    const next = updated(applyWatchEvent(base, tableEvent('ADDED', row('b', 'ub2', '14'), '14')));
    expect(names(next)).toEqual(['a', 'b', 'c']);
    expect(next.rows[1]?.object?.metadata.uid).toBe('ub2');
    const gone = updated(applyWatchEvent(next, tableEvent('DELETED', row('b', 'ub2', '15'), '15')));
    expect(names(gone)).toEqual(['a', 'c']);
  });

  it('the same name in two namespaces is two rows', () => {
    const next = updated(applyWatchEvent(base, tableEvent('ADDED', row('a', 'ua-other', '16', undefined, 'other'), '16')));
    expect(names(next)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('DELETED matches by uid, falling back to namespace/name', () => {
    const byUid = updated(applyWatchEvent(base, tableEvent('DELETED', row('renamed?', 'ua', '17'), '17')));
    expect(names(byUid)).toEqual(['b', 'c']);
    const noUid: TableRow = { cells: ['c', 1, '1s'], object: { metadata: { name: 'c', namespace: 'fx' } } };
    const byName = updated(applyWatchEvent(base, tableEvent('DELETED', noUid, '18')));
    expect(names(byName)).toEqual(['a', 'b']);
  });

  it('DELETED of an unknown object changes only the resourceVersion', () => {
    const next = updated(applyWatchEvent(base, tableEvent('DELETED', row('zz', 'uzz', '19'), '19')));
    expect(names(next)).toEqual(['a', 'b', 'c']);
    expect(next.metadata.resourceVersion).toBe('19');
  });

  it('several deletes and adds in one batch keep positions right', () => {
    const next = updated(
      applyWatchEvents(base, [
        tableEvent('DELETED', row('a', 'ua', '20'), '20'),
        tableEvent('ADDED', row('d', 'ud', '21'), '21'),
        tableEvent('MODIFIED', row('c', 'uc', '22', ['c', 9, '1s']), '22'),
        tableEvent('DELETED', row('b', 'ub', '23'), '23'),
        tableEvent('MODIFIED', row('d', 'ud', '24', ['d', 7, '1s']), '24'),
      ]),
    );
    expect(names(next)).toEqual(['c', 'd']);
    expect(next.rows.map((r) => r.cells[1])).toEqual([9, 7]);
    expect(next.metadata.resourceVersion).toBe('24');
  });

  it('treats resourceVersions as opaque strings (no numeric ordering)', () => {
    const next = updated(applyWatchEvent(base, tableEvent('BOOKMARK', { cells: [] }, '9')));
    expect(next.metadata.resourceVersion).toBe('9');
    const weird = updated(applyWatchEvent(base, tableEvent('MODIFIED', row('a', 'ua', 'abc/def'), 'abc/def')));
    expect(weird.metadata.resourceVersion).toBe('abc/def');
  });

  it('returns the same state for an empty batch', () => {
    expect(updated(applyWatchEvents(base, []))).toBe(base);
  });

  it('ERROR with a 410 Status asks for a re-list and keeps what was folded before it', () => {
    const expired = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'too old resource version: 1 (3171407)',
      reason: 'Expired',
      code: 410,
    };
    const result = applyWatchEvents(base, [
      tableEvent('ADDED', row('d', 'ud', '30'), '30'),
      { type: 'ERROR', object: expired },
      tableEvent('ADDED', row('e', 'ue', '31'), '31'),
    ]);
    expect(result.kind).toBe('relist');
    if (result.kind !== 'relist') return;
    expect(result.status?.code).toBe(410);
    expect(result.status?.reason).toBe('Expired');
    expect(names(result.table)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ERROR without a Status still asks for a re-list', () => {
    const result = applyWatchEvent(base, { type: 'ERROR', object: { message: 'weird' } });
    expect(result).toMatchObject({ kind: 'relist', status: null });
  });

  it('folds plain objects when the server sent no Table', () => {
    const result = applyWatchEvent(base, {
      type: 'ADDED',
      object: { kind: 'ConfigMap', metadata: { name: 'plain', namespace: 'fx', uid: 'up', resourceVersion: '40', creationTimestamp: '2026-11-21T22:00:00Z' } },
    }, Date.parse('2026-11-21T22:00:45Z'));
    const next = updated(result);
    expect(names(next)).toEqual(['a', 'b', 'c', 'plain']);
    expect(next.rows.at(-1)?.cells).toEqual(['plain', null, '45s']);
    expect(next.metadata.resourceVersion).toBe('40');
  });

  it('adopts column definitions from the first event when the list had none', () => {
    const empty: Table = { ...base, columnDefinitions: [], rows: [] };
    const next = updated(applyWatchEvent(empty, tableEvent('ADDED', row('a', 'ua', '50'), '50', true)));
    expect(next.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Data', 'Age']);
    expect(names(next)).toEqual(['a']);
  });
});

/** The plain fold the indexed one must match: a linear search per row, splice on delete. */
function referenceFold(rows: TableRow[], events: WireWatchEvent[]): TableRow[] {
  const out = [...rows];
  for (const event of events) {
    const r = (event.object as Table).rows[0] as TableRow;
    const key = (x: TableRow) => `${x.object?.metadata.namespace}/${x.object?.metadata.name}`;
    let at = out.findIndex((x) => x.object?.metadata.uid === r.object?.metadata.uid);
    if (at < 0) at = out.findIndex((x) => key(x) === key(r));
    if (event.type === 'DELETED') {
      if (at >= 0) out.splice(at, 1);
    } else if (at >= 0) out[at] = r;
    else out.push(r);
  }
  return out;
}

describe('applyWatchEvents across many folds (the index carried from fold to fold)', () => {
  it('matches a plain linear fold for random batches of adds, updates, re-creations and deletes', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const start: Table = { ...configmaps, metadata: { resourceVersion: '1' }, rows: Array.from({ length: 40 }, (_, i) => row(`p${i}`, `u${i}-0`, '1')) };
    let table = start;
    let expected = start.rows;
    let generation = 1;
    for (let fold = 0; fold < 300; fold++) {
      const batch: WireWatchEvent[] = [];
      for (let n = random(6); n >= 0; n--) {
        const name = `p${random(60)}`;
        const live = expected.find((r) => r.object?.metadata.name === name);
        const rv = String(++generation);
        const kind = random(4);
        // Same uid for updates and deletes; a new uid re-creates the name.
        const uid = kind === 3 || !live ? `u-${name}-${rv}` : (live.object?.metadata.uid ?? '');
        const type: WireWatchEvent['type'] = kind === 0 ? 'DELETED' : kind === 1 ? 'MODIFIED' : 'ADDED';
        batch.push(tableEvent(type, row(name, uid, rv, [name, Number(rv), '1s']), rv));
      }
      table = updated(applyWatchEvents(table, batch));
      expected = referenceFold(expected, batch);
      expect(table.rows).toEqual(expected);
    }
  });

  it('keeps earlier tables untouched: folding an old state again gives the same answer', () => {
    const base: Table = { ...configmaps, metadata: { resourceVersion: '1' }, rows: [row('a', 'ua', '1'), row('b', 'ub', '1'), row('c', 'uc', '1')] };
    const once = updated(applyWatchEvents(base, [tableEvent('DELETED', row('a', 'ua', '2'), '2')]));
    updated(applyWatchEvents(once, [tableEvent('ADDED', row('d', 'ud', '3'), '3')]));
    const again = updated(applyWatchEvents(base, [tableEvent('MODIFIED', row('c', 'uc', '4', ['c', 4, '1s']), '4')]));
    expect(names(base)).toEqual(['a', 'b', 'c']);
    expect(names(again)).toEqual(['a', 'b', 'c']);
    expect(again.rows[2]?.cells[1]).toBe(4);
  });
});
