// Path completions for the typed path: discovery, the namespaces list, and the names in the collection being typed.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDiscovery } from '../../../data/discovery-query';
import { useNamespaceNames } from '../../../data/namespaces-query';
import { tableQueryOptions, type LiveTableData } from '../../../data/table-query';
import { namesCollection, pathSuggestions } from './path-completion';

const EMPTY: string[] = [];

function selectNames(data: LiveTableData): string[] {
  return data.table.rows.map((row) => row.object?.metadata.name).filter((name): name is string => typeof name === 'string' && name !== '');
}

export function usePathSuggestions(context: string, input: string): string[] {
  const discovery = useDiscovery(context);
  const namespaces = useNamespaceNames(context);
  const resources = discovery.data?.index.resources;
  const collection = resources ? namesCollection(input, resources) : null;
  // Read as the resource list reads it (a Table), so an open list and this share one cached answer.
  const names = useQuery({ ...tableQueryOptions({ context, path: collection ?? '' }), enabled: collection !== null, staleTime: 30_000, select: selectNames });
  const groups = discovery.data?.index.groups;
  const namespaceNames = namespaces.data ?? EMPTY;
  const objectNames = (collection && names.data) || EMPTY;
  return useMemo(
    () => pathSuggestions(input, { groups: groups ?? [], resources: resources ?? [], namespaces: namespaceNames, names: objectNames }),
    [input, groups, resources, namespaceNames, objectNames],
  );
}
