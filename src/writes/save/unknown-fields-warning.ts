// The unknown fields found before a PUT to a server without fieldValidation, and how they are put into words.
import type { UnknownField } from './unknown-fields';

export interface UnknownFieldsWarning {
  kind: string;
  /** gitVersion from /version; null when the server did not say. */
  serverVersion: string | null;
  fields: UnknownField[];
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
