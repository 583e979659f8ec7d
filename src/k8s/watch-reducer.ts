// Pure fold of Table watch events into a Table (list + watch, the informer pattern without a cache).
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { isKubeStatus, type KubeStatus } from './kube-status';
import { objectToRow } from './list-to-table';
import { metadataOf } from './object-meta';
import { isTable, rowMetadata, rowName, type Table, type TableRow } from './table';

export type WatchFoldResult =
  | { kind: 'updated'; table: Table }
  /** The watch can't go on from here (ERROR event, usually 410 Expired): list again, then watch from the new list. */
  | { kind: 'relist'; table: Table; status: KubeStatus | null };

/** The resourceVersion a watch event carries: a one-row Table's (else its row object's), or the object's. */
export function eventResourceVersion(event: WireWatchEvent): string | undefined {
  const object = event.object;
  if (isTable(object)) return object.metadata?.resourceVersion ?? metadataOf(object.rows?.[0]?.object)?.resourceVersion;
  return metadataOf(object)?.resourceVersion;
}

/** Rows an event carries: a one-row Table with the Table Accept, or a plain object when the server can't print. */
function eventRows(event: WireWatchEvent, table: Table, now: number): { rows: TableRow[]; resourceVersion?: string; columns?: Table['columnDefinitions'] } {
  const resourceVersion = eventResourceVersion(event);
  if (isTable(event.object)) return { rows: event.object.rows ?? [], resourceVersion, columns: event.object.columnDefinitions ?? undefined };
  return { rows: [objectToRow(event.object, table.columnDefinitions, now)], resourceVersion };
}

/**
 * Folds a batch of watch events. Unchanged rows keep their identity (cheap memoized rendering); a
 * row is never duplicated: ADDED of a known object replaces it, MODIFIED of an unknown one appends.
 * Stops at the first ERROR. resourceVersions are opaque: taken as given, never compared.
 */
export function applyWatchEvents(state: Table, events: readonly WireWatchEvent[], now = Date.now()): WatchFoldResult {
  let table = state;
  let rows: TableRow[] | null = null;
  let resourceVersion = state.metadata.resourceVersion;
  // Lazily built lookups (uid -> position, namespace/name -> position); dropped when positions shift.
  let lookup: { byUid: Map<string, number>; byName: Map<string, number> } | null = null;

  const nameKey = (row: TableRow) => `${rowMetadata(row).namespace ?? ''}/${rowName(row, table.columnDefinitions)}`;
  const positionOf = (current: TableRow[], row: TableRow): number | undefined => {
    if (!lookup) {
      const built = { byUid: new Map<string, number>(), byName: new Map<string, number>() };
      current.forEach((r, i) => {
        const uid = rowMetadata(r).uid;
        if (uid) built.byUid.set(uid, i);
        built.byName.set(nameKey(r), i);
      });
      lookup = built;
    }
    const uid = rowMetadata(row).uid;
    const at = uid ? lookup.byUid.get(uid) : undefined;
    if (at !== undefined) return at;
    // namespace/name is unique at any resourceVersion: a row holding the name is this object's predecessor.
    return lookup.byName.get(nameKey(row));
  };

  const remember = (row: TableRow, position: number) => {
    if (!lookup) return;
    const uid = rowMetadata(row).uid;
    if (uid) lookup.byUid.set(uid, position);
    lookup.byName.set(nameKey(row), position);
  };

  const finish = (): Table => {
    if (rows === null && resourceVersion === state.metadata.resourceVersion && table === state) return state;
    return { ...table, metadata: { ...table.metadata, resourceVersion }, rows: rows ?? table.rows };
  };

  for (const event of events) {
    if (event.type === 'ERROR') {
      return { kind: 'relist', table: finish(), status: isKubeStatus(event.object) ? event.object : null };
    }
    const { rows: incoming, resourceVersion: rv, columns } = eventRows(event, table, now);
    if (rv !== undefined) resourceVersion = rv;
    if (event.type === 'BOOKMARK') continue;

    if (table.columnDefinitions.length === 0 && columns && columns.length > 0) {
      // An empty list from a server that printed no columns: adopt the first event's definitions.
      table = { ...table, columnDefinitions: columns };
    }
    for (const row of incoming) {
      rows ??= [...table.rows];
      const at = positionOf(rows, row);
      if (event.type === 'DELETED') {
        if (at === undefined) continue;
        rows.splice(at, 1);
        lookup = null;
      } else if (at !== undefined) {
        if (rowMetadata(rows[at] ?? row).uid !== rowMetadata(row).uid) {
          lookup = null;
        }
        rows[at] = row;
      } else {
        remember(row, rows.length);
        rows.push(row);
      }
    }
  }
  return { kind: 'updated', table: finish() };
}

/** Folds one watch event; see applyWatchEvents. */
export function applyWatchEvent(state: Table, event: WireWatchEvent, now = Date.now()): WatchFoldResult {
  return applyWatchEvents(state, [event], now);
}
