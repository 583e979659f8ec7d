// Where else an object of this name is: the namespaces whose list of the same resource holds the exact name (the
// cached metadata-only names list across all namespaces), for "not in kube-system; found in demo".
import { useQuery } from '@tanstack/react-query';
import type { ApiResource } from '../k8s/discovery/types';
import { collectionPath } from '../k8s/paths';
import { objectNamesQueryOptions } from './object-names-query';

export interface ObjectElsewhere {
  /** Namespaces holding an object of that name, the missing one's excepted; [] while unknown or none. */
  namespaces: string[];
  /** The names list is still loading. */
  searching: boolean;
}

/** `resource` null, cluster-scoped or not listable: nothing to look for. */
export function useObjectElsewhere(context: string, resource: ApiResource | null, name: string | null, missingIn: string | null): ObjectElsewhere {
  const enabled = resource !== null && name !== null && resource.namespaced && resource.verbs.includes('list');
  const names = useQuery({ ...objectNamesQueryOptions(context, resource ? collectionPath(resource, null) : ''), enabled });
  if (!enabled) return { namespaces: [], searching: false };
  const namespaces = (names.data?.names ?? []).filter((n) => n.name === name && n.namespace !== null && n.namespace !== missingIn).map((n) => n.namespace ?? '');
  return { namespaces: [...new Set(namespaces)].sort(), searching: names.isPending && names.fetchStatus === 'fetching' };
}
