// What the edit and create screens ask of the form: the schema problems that keep a form edit from being sent,
// and the causes of a failed request placed on form fields.
import { KubeApiError } from '../../../k8s/kube-api-error';
import { buildFormModel } from '../../../k8s/openapi/form-model';
import { validateObject, type FormProblem } from '../../../k8s/openapi/form-validate';
import type { KindSchema } from '../../../k8s/openapi';
import type { Refusal } from '../../../writes/draft/draft-model';

/** The editor views of a draft: the same text, as YAML or as a form. */
export type DraftView = 'yaml' | 'form';

export const DRAFT_VIEWS = [
  ['yaml', 'YAML'],
  ['form', 'Form'],
] as const;

/** A refusal listing the schema problems of an object edited in the form, or null when there are none. */
export function formRefusal(kindSchema: KindSchema | null | undefined, object: unknown): Refusal | null {
  if (!kindSchema) return null;
  const problems = validateObject(buildFormModel(kindSchema), object);
  return problems.length === 0 ? null : { kind: 'fields', problems };
}

/** The causes of a failed request's Status that name a field. */
export function serverProblems(error: unknown): FormProblem[] {
  if (!(error instanceof KubeApiError)) return [];
  return error.causes.flatMap((c) => (c.field ? [{ field: c.field, message: c.message ?? c.reason ?? 'refused by the server' }] : []));
}
