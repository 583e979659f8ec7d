// POST of a new object: with dryRun=All for Preview (nothing is stored), without for Create.
import type { KubeObject } from '../../../k8s/kube-object';
import { kubeRequest, type QueryParams } from '../../../k8s/api-client';

export interface CreateResult {
  /** The object as the server stored it (or, on a dry run, would store it): generated name, defaults, uid... */
  object: KubeObject;
  warnings: string[];
}

/**
 * Query of the POST. fieldManager names us in managedFields; fieldValidation=Strict makes unknown or duplicate
 * fields a 400 instead of being dropped silently (servers before 1.25 ignore it).
 */
function createQuery(dryRun: boolean): QueryParams {
  return { fieldManager: 'kubeglass', fieldValidation: 'Strict', dryRun: dryRun ? 'All' : undefined };
}

/** POSTs the object to its collection; throws KubeApiError with the server's Status. */
export async function postObject(context: string, collectionPath: string, object: KubeObject, dryRun: boolean): Promise<CreateResult> {
  const response = await kubeRequest<KubeObject>(context, collectionPath, {
    method: 'POST',
    query: createQuery(dryRun),
    contentType: 'application/json',
    body: JSON.stringify(object),
  });
  return { object: response.body, warnings: response.warnings };
}
