// Where the object a create collided with lives: a 409 AlreadyExists names it, the POST's collection locates it.
import { parseKubeUrl } from './api-client';
import type { KubeApiError } from './kube-api-error';
import { buildApiPath, parseApiPath, toUiPath } from './paths';

/** UI path of the existing object after a create (POST to a collection) failed with AlreadyExists; else null. */
export function existingObjectUiPath(error: Pick<KubeApiError, 'reason' | 'details' | 'raw'>): string | null {
  const name = error.details?.name;
  if (error.reason !== 'AlreadyExists' || error.raw.method !== 'POST' || !name) return null;
  const target = parseKubeUrl(error.raw.url);
  const collection = target ? parseApiPath(target.apiPath) : null;
  if (!target || !collection || collection.name !== null) return null;
  return toUiPath(target.context, buildApiPath({ ...collection, name }));
}
