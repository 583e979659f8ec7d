// The object as text, the way kubectl prints it (-o yaml / -o json), with managedFields hidden unless asked for.
import { stringify } from 'yaml';
import { withoutManagedFields, type KubeObject } from '../../k8s/kube-object';

export type TextFormat = 'yaml' | 'json';

/** YAML or JSON text of the object; key order is the server's. */
export function objectText(object: KubeObject, format: TextFormat, showManagedFields: boolean): string {
  const shown = showManagedFields ? object : withoutManagedFields(object);
  if (format === 'json') return `${JSON.stringify(shown, null, 2)}\n`;
  // lineWidth 0: never fold long strings (annotations holding JSON stay one line, as in kubectl).
  // YAML 1.1 quoting, as kubectl (go-yaml) writes it: strings such as "yes", "on" and timestamps stay strings when read back.
  return stringify(shown, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false });
}

/** Number of managedFields entries (the toggle's label says how many are hidden). */
export function managedFieldsCount(object: KubeObject): number {
  const entries = object.metadata.managedFields;
  return Array.isArray(entries) ? entries.length : 0;
}
