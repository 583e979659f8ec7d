// Completion of an API path from discovery: roots, groups, versions, resources, namespaces, object names, subresources.
import type { ApiGroupInfo, ApiResource } from '../../../k8s/discovery/types';
import { API_PATH_ROOTS } from './api-path-guard';

export interface CompletionSources {
  groups: readonly ApiGroupInfo[];
  resources: readonly ApiResource[];
  namespaces: readonly string[];
  /** Names of the objects in the collection `namesCollection(input)` designates, once listed. */
  names: readonly string[];
}

export const MAX_SUGGESTIONS = 200;

/** Where a path stands: the segments up to its last "/", split into group-version and the rest. */
interface Position {
  parent: string;
  segments: string[];
  gv: { group: string; version: string } | null;
  rest: string[];
}

function positionOf(input: string): Position {
  const pathname = input.split('?')[0] ?? '';
  const parent = pathname.slice(0, pathname.lastIndexOf('/') + 1);
  const segments = parent.split('/').filter(Boolean);
  let gv: Position['gv'] = null;
  let rest: string[] = [];
  if (segments[0] === 'api' && segments.length >= 2) {
    gv = { group: '', version: segments[1] ?? '' };
    rest = segments.slice(2);
  } else if (segments[0] === 'apis' && segments.length >= 3) {
    gv = { group: segments[1] ?? '', version: segments[2] ?? '' };
    rest = segments.slice(3);
  }
  return { parent, segments, gv, rest };
}

function inGroupVersion(sources: CompletionSources, gv: { group: string; version: string }): ApiResource[] {
  return sources.resources.filter((r) => r.group === gv.group && r.version === gv.version);
}

function subresourcesOf(sources: CompletionSources, gv: { group: string; version: string }, resource: string): string[] {
  return inGroupVersion(sources, gv).find((r) => r.resource === resource)?.subresources.map((s) => s.name) ?? [];
}

/** The children of the path's parent, as segment names. */
function children(position: Position, sources: CompletionSources): string[] {
  const { segments, gv, rest } = position;
  if (segments.length === 0) return API_PATH_ROOTS.map((root) => root.slice(1));
  if (segments[0] === 'openapi' && segments.length === 1) return ['v2', 'v3'];
  if (!gv) {
    if (segments[0] === 'api' && segments.length === 1) return sources.groups.find((g) => g.name === '')?.versions ?? ['v1'];
    if (segments[0] === 'apis' && segments.length === 1) return sources.groups.filter((g) => g.name !== '').map((g) => g.name);
    if (segments[0] === 'apis' && segments.length === 2) return sources.groups.find((g) => g.name === segments[1])?.versions ?? [];
    return [];
  }
  const resources = inGroupVersion(sources, gv);
  if (rest.length === 0) return resources.map((r) => r.resource);
  if (rest.length === 1 && rest[0] === 'namespaces') return [...sources.namespaces];
  if (rest.length === 2 && rest[0] === 'namespaces') {
    const namespaced = resources.filter((r) => r.namespaced).map((r) => r.resource);
    // /api/v1/namespaces/{name}/ is also the namespace object itself: its subresources (status, finalize).
    return [...namespaced, ...subresourcesOf(sources, gv, 'namespaces')];
  }
  if (rest.length === 1 || (rest.length === 3 && rest[0] === 'namespaces')) return [...sources.names];
  if (rest.length === 2) return subresourcesOf(sources, gv, rest[0] ?? '');
  if (rest.length === 4 && rest[0] === 'namespaces') return subresourcesOf(sources, gv, rest[2] ?? '');
  return [];
}

/** Whole paths that continue `input` at its last segment, in the order discovery gave them, at most MAX_SUGGESTIONS. */
export function pathSuggestions(input: string, sources: CompletionSources): string[] {
  if (!input.startsWith('/') || input.includes('?')) return [];
  const position = positionOf(input);
  const typed = input.slice(position.parent.length);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const child of children(position, sources)) {
    if (!child.startsWith(typed) || seen.has(child)) continue;
    seen.add(child);
    out.push(`${position.parent}${child}`);
    if (out.length >= MAX_SUGGESTIONS) break;
  }
  return out;
}

/** The collection whose object names complete `input` (`/api/v1/namespaces/ns/pods` for `/api/v1/namespaces/ns/pods/we`); null elsewhere. */
export function namesCollection(input: string, resources: readonly ApiResource[]): string | null {
  if (input.includes('?')) return null;
  const { parent, gv, rest } = positionOf(input);
  if (!gv) return null;
  const resource = rest.length === 1 ? rest[0] : rest.length === 3 && rest[0] === 'namespaces' ? rest[2] : undefined;
  if (!resource || (rest.length === 1 && resource === 'namespaces')) return null;
  const known = resources.find((r) => r.group === gv.group && r.version === gv.version && r.resource === resource);
  if (!known?.verbs.includes('list') || (rest.length === 3 && !known.namespaced)) return null;
  return parent.slice(0, -1);
}
