// Where switching the context goes: the same place where the other context has it (the resource type served by its
// discovery, the namespace where it has access, the object where it can read it), else the nearest that it has,
// with a note saying what could not be kept.
import type { NamespaceAccess } from '../../data/namespace-access-query';
import { qualifiedName } from '../../k8s/discovery/resource-index';
import type { ApiResource } from '../../k8s/discovery/types';
import { buildApiPath, gvrOf, toUiPath, type ApiPath } from '../../k8s/paths';
import type { Gvr } from '../../k8s/discovery/gvr';

/** What the other context answers about the place. */
export interface SwitchProbe {
  /** The resource of that group and name its discovery serves (the same version if served, else the preferred); rejects when discovery fails. */
  resource: (gvr: Gvr) => Promise<ApiResource | undefined>;
  namespaceAccess: (namespace: string) => Promise<NamespaceAccess>;
  /** Whether the object at this API path can be read there (false on 404 and 403). */
  objectExists: (apiPath: string) => Promise<boolean>;
}

export interface SwitchFrom {
  /** The resource path on screen (list, object, subresource), or null on a tool page or the context's home. */
  path: ApiPath | null;
  /** The API path under the context (`/-/access`) when no resource path is on screen. */
  apiPath: string;
  search: string;
}

export interface SwitchTarget {
  to: string;
  /** What could not be kept, in words; null when everything was. */
  note: string | null;
}

const inNamespace = (namespace: string | null) => (namespace === null ? '' : ` in namespace ${namespace}`);

/**
 * The target in `next`. `home` is its landing page (the pods of its namespace), `namespace` the namespace it starts in.
 */
export async function contextSwitchTarget(next: string, from: SwitchFrom, probe: SwitchProbe, home: string, namespace: string): Promise<SwitchTarget> {
  const { path } = from;
  if (!path) return { to: from.apiPath.startsWith('/-/') ? toUiPath(next, from.apiPath) + from.search : home, note: null };

  // Discovery that fails there is the new page's to explain: the place is kept as it is.
  const resource = await probe.resource(gvrOf(path)).catch(() => null);
  if (resource === null) return { to: toUiPath(next, from.apiPath) + from.search, note: null };
  if (!resource) return { to: home, note: `${next} does not serve ${qualifiedName(path)} (${path.group || 'core'}/${path.version}): showing its pods.` };
  let target: ApiPath = { ...path, version: resource.version };
  const notes: string[] = [];

  if (resource.namespaced && path.namespace !== null && path.namespace !== namespace && (await probe.namespaceAccess(path.namespace)) === 'no') {
    notes.push(`${next} has no access in namespace ${path.namespace}: showing namespace ${namespace}.`);
    // The object is looked for only where the user was; elsewhere a namesake is another object.
    target = { ...target, namespace, name: null, subresource: null };
  }
  if (target.name !== null && !(await probe.objectExists(buildApiPath({ ...target, subresource: null })))) {
    notes.push(`${next} cannot read ${qualifiedName(target)} "${target.name}"${inNamespace(target.namespace)} (not found, or not allowed): showing the list.`);
    target = { ...target, name: null, subresource: null };
  }
  // A list keeps its selectors, an object its view (?edit=1, a log's container); a list in place of the object, neither.
  const search = target.name === path.name ? from.search : '';
  return { to: toUiPath(next, buildApiPath(target)) + search, note: notes.length > 0 ? notes.join(' ') : null };
}
