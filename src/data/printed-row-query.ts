// One object's Table row, as the server prints it in a list (kubectl get NAME): the object page judges its health
// from the same cells as the list does.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listTable } from '../k8s/list-table';
import type { TableColumnDefinition, TableRow } from '../k8s/table';
import { k8sKeys } from './query-keys';

export interface PrintedRow {
  definitions: TableColumnDefinition[];
  row: TableRow;
}

/** The printed row of the object at `objectPath`, asked again when its resourceVersion changes; null: no such row. */
export function usePrintedRow(context: string, objectPath: string, resourceVersion: string | undefined, enabled: boolean): PrintedRow | null {
  const query = useQuery({
    queryKey: k8sKeys.printedRow(context, objectPath, resourceVersion),
    queryFn: async ({ signal }): Promise<PrintedRow | null> => {
      const { table } = await listTable(context, objectPath, { signal });
      const row = table.rows[0];
      return row ? { definitions: table.columnDefinitions, row } : null;
    },
    enabled: enabled && resourceVersion !== undefined,
    // The previous version's row stays until the new one is in: the badge does not blink on every change.
    placeholderData: keepPreviousData,
  });
  return query.data ?? null;
}
