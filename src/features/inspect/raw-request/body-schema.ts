// Which schema checks the body: the kind's for a whole object, the kind's with nothing required for a merge-style
// patch, the list of operations for a JSON patch.
import { JSON_PATCH_SCHEMA, patchSchemaOf, type JsonSchema } from '../../../k8s/openapi';
import { PATCH_CONTENT_TYPES, type ContentTypeChoice } from './request-url';

export interface BodySchema {
  schema: JsonSchema;
  /** What the body is checked against, in words for the section's heading. */
  said: string;
}

export function bodySchema(contentType: ContentTypeChoice, kind: { apiVersion: string; kind: string } | null, kindSchema: JsonSchema | null): BodySchema | null {
  if (contentType === 'json-patch') return { schema: JSON_PATCH_SCHEMA, said: 'checked as JSON patch operations (RFC 6902)' };
  if (!kind || !kindSchema) return null;
  const against = `checked against ${kind.kind} ${kind.apiVersion}`;
  if (PATCH_CONTENT_TYPES.includes(contentType)) return { schema: patchSchemaOf(kindSchema), said: `${against}, no field required in a patch` };
  return { schema: kindSchema, said: against };
}
