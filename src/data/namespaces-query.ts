// Namespace names for pickers, read from the namespaces Table (shared with a live namespaces page), and the names a user
// who may not list namespaces can still offer: the ones they used and their context's own.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { KubeApiError } from '../k8s/kube-api-error';
import { useContexts } from './contexts-query';
import { tableQueryOptions, type LiveTableData } from './table-query';

const NAMESPACES_PATH = '/api/v1/namespaces';

/**
 * Namespace names are DNS labels (a-z, 0-9, '-'): code-unit order is the locale's order for them, without
 * localeCompare's first call loading ICU's collation data (~30 ms of the boot on this machine).
 */
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function selectNames(data: LiveTableData): string[] {
  return data.table.rows
    .map((row) => row.object?.metadata.name)
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .sort(byName);
}

const isForbidden = (error: unknown): boolean => error instanceof KubeApiError && error.code === 403;

/** Sorted namespace names of a context (refreshed every 30s when no watch keeps the list live). */
export function useNamespaceNames(context: string) {
  return useQuery({
    ...tableQueryOptions({ context, path: NAMESPACES_PATH }),
    staleTime: 30_000,
    // A refusal is an answer: asked again on every picker or palette mount it would also drop every cached
    // permission answer (a 403 reads as a contradiction, forgetAccessAfter403).
    retryOnMount: (query) => !isForbidden(query.state.error),
    select: selectNames,
  });
}

export interface KnownNamespaces {
  /** The names GET /api/v1/namespaces returned; undefined while it is asked or when it failed. */
  listed: string[] | undefined;
  /** The list answered 403: the user may not list namespaces (a normal state, not an error). */
  forbidden: boolean;
  /** Why the list failed otherwise. */
  error: Error | null;
  /** The context's kubeconfig namespace, else "default" (as the landing path, app/default-paths.ts). */
  contextNamespace: string;
  /** The names the user can pick from, sorted: the listed ones, else (not listed) the used ones plus the context's. */
  names: string[];
}

/** The names to offer: the list when there is one, else what the user used and the context's namespace. */
export function knownNamespaceNames(listed: readonly string[] | undefined, used: readonly string[], contextNamespace: string): string[] {
  if (listed) return [...listed];
  return [...new Set([...used, contextNamespace])].sort(byName);
}

/** The namespaces of a context as far as the user can know them; `used` comes from the UI store. */
export function useKnownNamespaces(context: string, used: readonly string[]): KnownNamespaces {
  const list = useNamespaceNames(context);
  const contexts = useContexts();
  const contextNamespace = contexts.data?.contexts.find((c) => c.name === context)?.namespace || 'default';
  const forbidden = isForbidden(list.error);
  const names = useMemo(() => knownNamespaceNames(list.data, used, contextNamespace), [list.data, used, contextNamespace]);
  return {
    listed: list.data,
    forbidden,
    error: list.isError && !forbidden ? list.error : null,
    contextNamespace,
    names,
  };
}
