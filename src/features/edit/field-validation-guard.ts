// Before a PUT: a server that ignores fieldValidation=Strict (before 1.25) drops unknown fields and answers
// success, so the edit screen finds them itself, against the kind's OpenAPI schema, and asks first.
import type { QueryClient } from '@tanstack/react-query';
import { serverVersionQueryOptions } from '../../data/server-version-query';
import type { KindSchema } from '../../k8s/openapi';
import { honorsFieldValidation, type ServerVersion } from '../../k8s/server-version';
import { findUnknownFields, type UnknownField } from './unknown-fields';

export interface UnknownFieldsWarning {
  kind: string;
  /** gitVersion from /version; null when the server did not say. */
  serverVersion: string | null;
  fields: UnknownField[];
}

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

const server = (warning: UnknownFieldsWarning) => (warning.serverVersion ? `this server (${warning.serverVersion})` : 'this server');

/** `spec.replicaz: not a field of Deployment; this server (v1.20.2) would drop it silently`. */
export function unknownFieldMessage(warning: UnknownFieldsWarning, field: UnknownField): string {
  return `${field.path}: not a field of ${warning.kind}; ${server(warning)} would drop it silently`;
}

/** After "Save anyway": what the server dropped, shown with the save's Warning headers. */
export function droppedFieldNotes(warning: UnknownFieldsWarning): string[] {
  return warning.fields.map((f) => `${f.path} was not saved: ${server(warning)} dropped it (not a field of ${warning.kind})`);
}
