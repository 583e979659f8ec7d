// DELETE of one object with DeleteOptions (dry run, propagation policy, preconditions) in the body.
import { kubeRequest } from '../../k8s/api-client';
import { deleteOptionsBody, deleteOutcome, type DeleteChoice, type DeleteOutcome } from './delete-options';

export interface DeleteResult {
  outcome: DeleteOutcome;
  /** HTTP status: 200, or 202 when the apiserver accepted a deletion it has not finished. */
  status: number;
  warnings: string[];
}

/** Sends the DELETE; throws KubeApiError with the server's Status (409 for a failed precondition). */
export async function deleteObject(context: string, apiPath: string, choice: DeleteChoice): Promise<DeleteResult> {
  const response = await kubeRequest<unknown>(context, apiPath, {
    method: 'DELETE',
    contentType: 'application/json',
    body: JSON.stringify(deleteOptionsBody(choice)),
  });
  return { outcome: deleteOutcome(response.body), status: response.status, warnings: response.warnings };
}
