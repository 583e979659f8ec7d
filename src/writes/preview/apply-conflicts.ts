// Server-side apply conflicts (409 Conflict, causes of reason FieldManagerConflict) as manager/field rows.
import { KubeApiError } from '../../k8s/kube-api-error';

export interface ApplyConflict {
  manager: string;
  /** 'Update' when the message names an apiVersion ("using apps/v1"): only Update managers are printed with one. */
  operation: 'Apply' | 'Update';
  apiVersion: string | null;
  subresource: string | null;
  /** Readable path without the leading dot: spec.replicas, spec.template.spec.containers[name="web"].image. */
  field: string;
  /** The cause message as the server wrote it. */
  message: string;
}

// k8s.io/apiserver fieldmanager printManager: `conflict with "m"[ with subresource "s"][ using v[ at time]]`.
const MESSAGE = /^conflict with "((?:[^"\\]|\\.)*)"(?: with subresource "((?:[^"\\]|\\.)*)")?(?: using (\S+)(?: at \S+)?)?/;

/** Parses one FieldManagerConflict cause message; null when it is not in the apiserver's wording. */
export function parseConflictMessage(message: string): Pick<ApplyConflict, 'manager' | 'operation' | 'apiVersion' | 'subresource'> | null {
  const match = MESSAGE.exec(message);
  if (!match) return null;
  const unquote = (s: string) => s.replace(/\\(.)/g, '$1');
  return {
    manager: unquote(match[1] ?? ''),
    operation: match[3] ? 'Update' : 'Apply',
    apiVersion: match[3] ?? null,
    subresource: match[2] ? unquote(match[2]) : null,
  };
}

/** The conflicts of a failed apply; [] when the error is not an apply conflict. */
export function applyConflicts(error: unknown): ApplyConflict[] {
  if (!(error instanceof KubeApiError) || error.code !== 409) return [];
  return error.causes
    .filter((c) => c.reason === 'FieldManagerConflict')
    .map((c) => {
      const message = c.message ?? '';
      const parsed = parseConflictMessage(message);
      return {
        manager: parsed?.manager ?? message,
        operation: parsed?.operation ?? 'Update',
        apiVersion: parsed?.apiVersion ?? null,
        subresource: parsed?.subresource ?? null,
        field: (c.field ?? '').replace(/^\./, ''),
        message,
      };
    });
}

/** The distinct managers of a conflict list, in order of appearance. */
export function conflictManagers(conflicts: readonly ApplyConflict[]): string[] {
  return [...new Set(conflicts.map((c) => c.manager))];
}
