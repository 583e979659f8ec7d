// Before a PUT: a server that ignores fieldValidation=Strict (before 1.25) drops unknown fields and answers
// success, so the edit screen finds them itself, against the kind's OpenAPI schema, and asks first.
import type { QueryClient } from '@tanstack/react-query';
import { serverVersionQueryOptions } from '../../data/server-version-query';
import type { KindSchema } from '../../k8s/openapi';
import { honorsFieldValidation, type ServerVersion } from '../../k8s/server-version';
import { findUnknownFields } from './unknown-fields';
import type { UnknownFieldsWarning } from './unknown-fields-warning';

export interface GuardInput {
  queryClient: QueryClient;
  context: string;
  kind: string;
  /** The edited YAML (already parsed without errors). */
  text: string;
  /** The kind's schema (loaded on demand: a quick Save may come before the editor has it). */
  loadSchema: () => Promise<KindSchema | null>;
}

async function serverVersion(queryClient: QueryClient, context: string): Promise<ServerVersion | null> {
  try {
    return await queryClient.ensureQueryData(serverVersionQueryOptions(context));
  } catch {
    return null;
  }
}

/** The unknown fields to confirm before saving, or null: none, the server refuses them itself, or no schema to check with. */
export async function unknownFieldsBeforeSave({ queryClient, context, kind, text, loadSchema }: GuardInput): Promise<UnknownFieldsWarning | null> {
  const schema = await loadSchema();
  if (!schema) return null;
  const version = await serverVersion(queryClient, context);
  if (honorsFieldValidation(version, schema.fieldValidationListed === true)) return null;
  const fields = findUnknownFields(text, schema.jsonSchema);
  return fields.length > 0 ? { kind, serverVersion: version?.gitVersion ?? null, fields } : null;
}
