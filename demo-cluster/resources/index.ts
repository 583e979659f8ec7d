// The resource types the demo cluster serves, in discovery order.
import { Registry } from '../registry.js';
import { configmaps, namespaces, pods } from './core.js';

/** Named access to built-in types for code that writes objects (seed, activity). */
export const registryTypes = { configmaps, namespaces, pods };

/** A registry with every built-in type of the demo cluster. */
export function defaultRegistry(): Registry {
  return new Registry().add(configmaps).add(namespaces).add(pods);
}
