// `kubectl auth can-i` for access attributes, and the resource as kubectl names it.
import type { ResourceAttributes } from '../../../wire/rbac.js';

/** `pods/log` for a subresource, `deployments.apps` for a group: the resource as kubectl names it. */
export function resourceName(a: Pick<ResourceAttributes, 'group' | 'resource' | 'subresource'>): string {
  const base = a.group ? `${a.resource}.${a.group}` : a.resource;
  return a.subresource ? `${base}/${a.subresource}` : base;
}

/**
 * The words after `kubectl` that ask the same question (`auth can-i update configmaps/web -n fx`); kubectlLine puts
 * them behind the flags that make kubectl ask as the context's own user.
 */
export function canIWords(a: ResourceAttributes): string[] {
  const resource = resourceName({ group: a.group, resource: a.resource });
  const words = ['auth', 'can-i', a.verb, a.name ? `${resource}/${a.name}` : resource];
  // TYPE/NAME is how kubectl reads a slash, so a subresource goes in its own flag.
  if (a.subresource) words.push(`--subresource=${a.subresource}`);
  if (a.namespace) words.push('-n', a.namespace);
  // All namespaces; without -A kubectl would fill in its default one.
  else if (a.namespace === '') words.push('-A');
  return words;
}
