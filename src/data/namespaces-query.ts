// Namespace names for pickers, read from the namespaces Table (shared with a live namespaces page).
import { useQuery } from '@tanstack/react-query';
import { tableQueryOptions, type LiveTableData } from './table-query';

const NAMESPACES_PATH = '/api/v1/namespaces';

function selectNames(data: LiveTableData): string[] {
  return data.table.rows
    .map((row) => row.object?.metadata.name)
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .sort((a, b) => a.localeCompare(b));
}

/** Sorted namespace names of a context (refreshed every 30s when no watch keeps the list live). */
export function useNamespaceNames(context: string) {
  return useQuery({ ...tableQueryOptions({ context, path: NAMESPACES_PATH }), staleTime: 30_000, select: selectNames });
}
