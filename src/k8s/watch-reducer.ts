// Pure fold of Table watch events into a Table (list + watch, the informer pattern without a cache).
import type { WireWatchEvent } from '../../wire/ws-protocol';
import { isKubeStatus, type KubeStatus } from './kube-status';
import { objectToRow } from './list-to-table';
import { metadataOf } from './object-meta';
import { isTable, type Table, type TableRow } from './table';
import { keepRowIndex, takeRowIndex, type TableRowIndex } from './table-row-index';

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
 * Cost is O(events) plus one pointer copy of the rows: the uid and namespace/name index persists
 * from one fold's rows to the next (table-row-index), so no fold walks every row's keys.
 */
export function applyWatchEvents(state: Table, events: readonly WireWatchEvent[], now = Date.now()): WatchFoldResult {
  let table = state;
  let index: TableRowIndex | null = null;
  let resourceVersion = state.metadata.resourceVersion;

  const finish = (): Table => {
    if (index === null) {
      if (resourceVersion === state.metadata.resourceVersion && table === state) return state;
      return { ...table, metadata: { ...table.metadata, resourceVersion } };
    }
    const rows = index.rowsAfterFold(state.rows);
    keepRowIndex(rows, index);
    return { ...table, metadata: { ...table.metadata, resourceVersion }, rows };
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
      index ??= takeRowIndex(state.rows, table.columnDefinitions);
      const slot = index.find(row);
      if (event.type === 'DELETED') {
        if (slot !== undefined) index.remove(slot);
      } else if (slot !== undefined) {
        index.replace(slot, row);
      } else {
        index.append(row);
      }
    }
  }
  return { kind: 'updated', table: finish() };
}

/** Folds one watch event; see applyWatchEvents. */
export function applyWatchEvent(state: Table, event: WireWatchEvent, now = Date.now()): WatchFoldResult {
  return applyWatchEvents(state, [event], now);
}
