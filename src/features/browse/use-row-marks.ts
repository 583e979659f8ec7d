// The rows a user marked in a list (for a bulk action), by row key: kept while the rows change under a watch; a row
// that leaves the list leaves the marks it counts for.
import { useCallback, useMemo, useState } from 'react';
import type { TableRow } from '../../k8s/table';

export interface RowMarks {
  /** The checkbox column shows: turned on by the Select button or by marking a row. */
  shown: boolean;
  marked: ReadonlySet<string>;
  /** The marked rows still in the list, in its order. */
  markedRows: readonly TableRow[];
  onMark: (rowKey: string) => void;
  onMarkAll: (mark: boolean) => void;
  setShown: (shown: boolean) => void;
  unmark: (rowKeys: readonly string[]) => void;
}

const NONE: ReadonlySet<string> = new Set();

export function useRowMarks(rows: readonly TableRow[], keyOf: (row: TableRow) => string): RowMarks {
  const [shown, setShownState] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<string>>(NONE);
  const onMark = useCallback((rowKey: string) => {
    setShownState(true);
    setMarked((current) => {
      const next = new Set(current);
      if (!next.delete(rowKey)) next.add(rowKey);
      return next;
    });
  }, []);
  const onMarkAll = useCallback((mark: boolean) => setMarked(mark ? new Set(rows.map(keyOf)) : NONE), [rows, keyOf]);
  const setShown = useCallback((value: boolean) => {
    setShownState(value);
    if (!value) setMarked(NONE);
  }, []);
  const unmark = useCallback((rowKeys: readonly string[]) => {
    setMarked((current) => {
      const next = new Set(current);
      for (const key of rowKeys) next.delete(key);
      return next;
    });
  }, []);
  const markedRows = useMemo(() => (marked.size === 0 ? [] : rows.filter((row) => marked.has(keyOf(row)))), [rows, marked, keyOf]);
  return { shown, marked, markedRows, onMark, onMarkAll, setShown, unmark };
}
