// The requests of the edit screen: PUT with the base resourceVersion, GET the latest after a 409, the kind's schema.
import type { KubeObject } from '../../k8s/kube-object';
import { kubeRequest, kubeUrl } from '../../k8s/api-client';
import { createOpenApiCache, fetchKindSchema, type KindSchema, type OpenApiCache } from '../../k8s/openapi';

export interface SaveResult {
  object: KubeObject;
  warnings: string[];
}

/**
 * PUT the whole object. fieldManager names us in managedFields (a browser's default would be "Mozilla");
 * fieldValidation=Strict makes unknown or duplicate fields a 400 instead of being dropped silently.
 */
export async function putObject(context: string, apiPath: string, body: KubeObject): Promise<SaveResult> {
  const response = await kubeRequest<KubeObject>(context, apiPath, {
    method: 'PUT',
    query: { fieldManager: 'kubeglass', fieldValidation: 'Strict' },
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  return { object: response.body, warnings: response.warnings };
}

/** GET the object as the server has it now. */
export async function getLatest(context: string, apiPath: string): Promise<KubeObject> {
  return (await kubeRequest<KubeObject>(context, apiPath)).body;
}

const caches = new Map<string, OpenApiCache>();

/** The kind's schema from the cluster's OpenAPI (JSON Schema for the editor, list merge keys for the merge); null when the cluster cannot tell. */
export async function loadKindSchema(context: string, apiVersion: string, kind: string): Promise<KindSchema | null> {
  const slash = apiVersion.indexOf('/');
  const group = slash === -1 ? '' : apiVersion.slice(0, slash);
  const version = slash === -1 ? apiVersion : apiVersion.slice(slash + 1);
  let cache = caches.get(context);
  if (!cache) caches.set(context, (cache = createOpenApiCache()));
  try {
    const schema = await fetchKindSchema((path, init) => fetch(kubeUrl(context, path), { ...init, credentials: 'same-origin' }), { group, version, kind }, cache);
    return schema;
  } catch {
    return null;
  }
}
