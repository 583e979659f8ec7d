// pods/{name}/eviction (policy/v1 Eviction, as discovery lists it): the graceful delete `kubectl drain` asks for. This cluster serves no
// PodDisruptionBudgets, so no eviction is refused with 429; the body's deleteOptions (dryRun, grace) are honored.
import { badRequest } from '../http/errors.js';
import type { ResourceType } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { deleteOptions } from './delete-options.js';
import { deleteObject } from './writes.js';
import type { WriteContext } from './writes.js';

/** Evicts (deletes) the pod; answers the Status a 1.20 EvictionREST.Create returns with 201. */
export function evictPod(ctx: WriteContext, pods: ResourceType, namespace: string | undefined, name: string, body: unknown, query: URLSearchParams): JsonObject {
  const eviction = isPlainObject(body) ? body : {};
  if (eviction.kind !== undefined && eviction.kind !== 'Eviction') {
    const kind = String(eviction.kind);
    throw badRequest(`${kind} in version "v1" cannot be handled as a Eviction: no kind "${kind}" is registered for version "policy/v1" in scheme "pkg/runtime/scheme.go:111"`);
  }
  const meta = isPlainObject(eviction.metadata) ? eviction.metadata : {};
  if (meta.name !== name) throw badRequest('name in URL does not match name in Eviction object');
  const opts = deleteOptions(isPlainObject(eviction.deleteOptions) ? eviction.deleteOptions : {}, query);
  deleteObject(ctx, pods, namespace, name, opts);
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
}
