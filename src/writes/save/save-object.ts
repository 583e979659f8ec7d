// The requests of the edit screen: PUT with the base resourceVersion, GET the latest after a 409.
import type { KubeObject } from '../../k8s/kube-object';
import { kubeRequest } from '../../k8s/api-client';

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
