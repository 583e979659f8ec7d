// A drain step's error in one line: the API's message for a Status, else the error's text.
import { KubeApiError } from '../../k8s/kube-api-error';

export function explainError(error: unknown): string {
  if (error instanceof KubeApiError) return `${error.code} ${error.reason}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
