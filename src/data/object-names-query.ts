// The names in one collection (first page only), for finding objects by name: a Table with metadata only, so a
// Secret's data never travels. Kept for 30 s: typing filters the cached names instead of asking again per keystroke.
import { queryOptions } from '@tanstack/react-query';
import { listTable } from '../k8s/list-table';
import { k8sKeys } from './query-keys';

export const OBJECT_NAMES_LIMIT = 500;

export interface ObjectName {
  namespace: string | null;
  name: string;
}

export interface ObjectNames {
  names: ObjectName[];
  /** More objects exist than the first page held (a continue token came back). */
  truncated: boolean;
}

export function objectNamesQueryOptions(context: string, collectionPath: string) {
  return queryOptions({
    queryKey: k8sKeys.names(context, collectionPath),
    queryFn: async ({ signal }): Promise<ObjectNames> => {
      const { table } = await listTable(context, collectionPath, { limit: OBJECT_NAMES_LIMIT, signal });
      const names: ObjectName[] = [];
      for (const row of table.rows) {
        const meta = row.object?.metadata;
        if (meta?.name) names.push({ namespace: meta.namespace ?? null, name: meta.name });
      }
      return { names, truncated: Boolean(table.metadata.continue) };
    },
    staleTime: 30_000,
    // A 403 for a kind leaves that kind out; it is not worth a retry.
    retry: false,
  });
}
