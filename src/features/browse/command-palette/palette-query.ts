// The palette's little language, kubectl-flavoured: `po`, `deployments.apps`, `svc kube-system`, `po/name`,
// `pods name`, `po -n kube-system`, `po -A`; and the jump targets it resolves to through discovery.
import { findResource, qualifiedName, type ResourceIndex } from '../../../k8s/discovery/resource-index';
import type { ApiResource } from '../../../k8s/discovery/types';
import { explainHref, parseExplainArgument } from '../../../k8s/openapi/explain-target';
import { buildApiPath, collectionPath, toUiPath } from '../../../k8s/paths';

export interface PaletteQuery {
  /** What names the resource: plural, singular, kind, short name, `resource.group`, or a category. */
  resource: string;
  /** Object name from `resource/name`. */
  name: string | null;
  /** The word after the resource: a namespace to list (`svc kube-system`) or an object name (`pods web-1`). */
  arg: string | null;
  /** From `-n ns`, `--namespace ns`, `--namespace=ns`, or a word after the object name. */
  namespace: string | null;
  /** `-A` / `--all-namespaces`. */
  allNamespaces: boolean;
}

/** Parses palette input; null when there is nothing to look up. */
export function parsePaletteQuery(text: string): PaletteQuery | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const positional: string[] = [];
  let namespace: string | null = null;
  let allNamespaces = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-A' || w === '--all-namespaces') allNamespaces = true;
    else if (w === '-n' || w === '--namespace') namespace = words[++i] ?? null;
    else if (w.startsWith('--namespace=')) namespace = w.slice('--namespace='.length) || null;
    else if (w.startsWith('-n') && w.length > 2) namespace = w.slice(2);
    else positional.push(w);
  }
  const [first, second = null, third = null] = positional;
  if (!first) return null;
  const slash = first.indexOf('/');
  if (slash > 0) {
    return {
      resource: first.slice(0, slash),
      name: first.slice(slash + 1) || null,
      arg: null,
      namespace: namespace ?? second,
      allNamespaces,
    };
  }
  return { resource: first, name: null, arg: second, namespace: namespace ?? third, allNamespaces };
}

export interface PaletteItem {
  /** Unique within one result list. */
  id: string;
  target: 'list' | 'object' | 'explain';
  resource: ApiResource;
  /** Namespace of the list or object; null = all namespaces (lists) or cluster-scoped. */
  namespace: string | null;
  name: string | null;
  /** Field path of an explain target (`spec.strategy`), else []. */
  field?: string[];
  /** The API path the item shows. */
  apiPath: string;
  href: string;
}

export interface PaletteScope {
  context: string;
  /** The namespace picked in the header; null = all namespaces. */
  namespace: string | null;
  /**
   * Namespaces the user knows, to tell `svc kube-system` (a namespace) from `pods web-1` (a name): the listed ones,
   * or where listing is refused the ones they used and their context's.
   */
  namespaces: readonly string[];
  /** API paths of objects a GET found absent (see argumentObjectPath): their argument reads as a namespace first. */
  missingObjects?: ReadonlySet<string>;
}

const MAX_ITEMS = 40;

/** `deployment/web`: how an object target is named, kubectl-style. */
export function objectLabel(item: PaletteItem): string {
  return `${item.resource.singularName || item.resource.kind.toLowerCase()}/${item.name ?? ''}`;
}

function listItem(scope: PaletteScope, r: ApiResource, namespace: string | null): PaletteItem {
  const ns = r.namespaced ? namespace : null;
  const apiPath = collectionPath(r, ns);
  return { id: `list:${r.groupVersion}/${r.resource}:${ns ?? ''}`, target: 'list', resource: r, namespace: ns, name: null, apiPath, href: toUiPath(scope.context, apiPath) };
}

export function objectItem(scope: PaletteScope, r: ApiResource, name: string, namespace: string | null): PaletteItem {
  // An object lives in one namespace: with "all namespaces" picked, guess default (as kubectl does).
  const ns = r.namespaced ? (namespace ?? scope.namespace ?? 'default') : null;
  const apiPath = buildApiPath({ group: r.group, version: r.version, resource: r.resource, namespace: ns, name, subresource: null });
  return { id: `object:${r.groupVersion}/${r.resource}:${ns ?? ''}/${name}`, target: 'object', resource: r, namespace: ns, name, apiPath, href: toUiPath(scope.context, apiPath) };
}

/** `explain deploy.spec.strategy` (as kubectl explain): the Explain page of each matching resource; null for other input. */
export function explainItems(index: ResourceIndex, text: string, scope: PaletteScope): PaletteItem[] | null {
  const m = /^\s*explain(?:\s+(\S+))?\s*$/i.exec(text);
  if (!m) return null;
  const target = m[1] ? parseExplainArgument(index, m[1]) : null;
  if (!target) return [];
  const matches = findResource(index, target.resource);
  const exact = matches.filter((x) => x.match === 'exact');
  return (exact.length > 0 ? exact : matches).slice(0, MAX_ITEMS).map(({ resource: r }) => ({
    id: `explain:${r.groupVersion}/${r.resource}:${target.field.join('.')}`,
    target: 'explain',
    resource: r,
    namespace: null,
    name: null,
    field: target.field,
    apiPath: collectionPath(r, null),
    href: explainHref(scope.context, { resource: qualifiedName(r), field: target.field }),
  }));
}

/** Jump targets for the input, best first: resource lists (in the asked namespace), or objects. */
export function paletteItems(index: ResourceIndex, text: string, scope: PaletteScope): PaletteItem[] {
  const explain = explainItems(index, text, scope);
  if (explain) return explain;
  const q = parsePaletteQuery(text);
  if (!q) return [];
  const matches = findResource(index, q.resource).filter((m) => m.resource.verbs.includes('list') || m.resource.verbs.includes('get'));
  // With a name or namespace after it the resource word is meant exactly (`nodes a` is not csinodes/a).
  const exact = matches.filter((m) => m.match === 'exact');
  const resources = (q.name !== null || q.arg !== null) && exact.length > 0 ? exact.map((m) => m.resource) : matches.map((m) => m.resource);
  const listNamespace = q.allNamespaces ? null : (q.namespace ?? scope.namespace);
  const items: PaletteItem[] = [];
  for (const r of resources) {
    if (q.name !== null) {
      if (r.verbs.includes('get')) items.push(objectItem(scope, r, q.name, q.namespace));
    } else if (q.arg !== null) {
      const asObject = r.verbs.includes('get') ? objectItem(scope, r, q.arg, q.namespace) : null;
      const asNamespace = r.namespaced && r.verbs.includes('list') ? listItem(scope, r, q.arg) : null;
      const namespaceFirst = scope.namespaces.includes(q.arg) || (asObject !== null && scope.missingObjects?.has(asObject.apiPath) === true);
      const ordered = namespaceFirst ? [asNamespace, asObject] : [asObject, asNamespace];
      for (const item of ordered) if (item) items.push(item);
    } else if (r.verbs.includes('list')) {
      items.push(listItem(scope, r, listNamespace));
    }
    if (items.length >= MAX_ITEMS) break;
  }
  return items;
}

/**
 * The object a bare argument may name (`po shop`: the pod "shop" in the current namespace), for a GET that tells
 * whether it exists; null when there is no such question (no argument, or it is a known namespace).
 */
export function argumentObjectPath(index: ResourceIndex, text: string, scope: PaletteScope): string | null {
  const q = parsePaletteQuery(text);
  if (q?.arg == null || scope.namespaces.includes(q.arg)) return null;
  const item = paletteItems(index, text, { ...scope, missingObjects: undefined }).find((i) => i.target === 'object');
  return item?.apiPath ?? null;
}

/** List targets for resources named as in pins and recents (`deployments.apps`), those this cluster serves. */
export function namedResourceItems(index: ResourceIndex, names: readonly string[], scope: PaletteScope): PaletteItem[] {
  const byName = new Map<string, ApiResource>();
  for (const r of index.resources) if (r.preferredVersion && r.verbs.includes('list')) byName.set(qualifiedName(r), r);
  const items: PaletteItem[] = [];
  for (const name of names) {
    const r = byName.get(name);
    if (r && !items.some((i) => i.resource === r)) items.push(listItem(scope, r, scope.namespace));
  }
  return items;
}
