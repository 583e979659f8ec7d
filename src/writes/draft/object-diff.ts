// Which field paths differ between two versions of an object ("Changed on the server", the fields a create preview added).
import { isRecord as isPlainObject, ownValue, setOwn } from '../../k8s/own-properties';

function join(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${key}]`;
}

/** Calls onDiff for each deepest path where a and b differ (a whole list when its length changed). */
function walk(a: unknown, b: unknown, path: string, onDiff: (path: string, a: unknown, b: unknown) => void): void {
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(ownValue(a, k), ownValue(b, k), join(path, k), onDiff);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => walk(item, b[i], `${path}[${i}]`, onDiff));
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    onDiff(path || '(whole object)', a, b);
  }
}

/** Paths (`data.key`, `spec.containers[0]`, `metadata.labels[app.kubernetes.io/name]`) where a and b differ, deepest first found. */
export function changedPaths(a: unknown, b: unknown): string[] {
  const paths: string[] = [];
  walk(a, b, '', (path) => paths.push(path));
  return paths;
}

export interface ClassifiedChanges {
  /** Present in b only (e.g. defaults and system fields the server set). */
  added: string[];
  /** Present in both with different values. */
  changed: string[];
  /** Present in a only (e.g. a field the server dropped). */
  removed: string[];
}

/** changedPaths split by whether the field was added, changed or removed from a to b. */
export function classifiedChanges(a: unknown, b: unknown): ClassifiedChanges {
  const changes: ClassifiedChanges = { added: [], changed: [], removed: [] };
  walk(a, b, '', (path, before, after) => {
    if (before === undefined) changes.added.push(path);
    else if (after === undefined) changes.removed.push(path);
    else changes.changed.push(path);
  });
  return changes;
}

/** `value` with its object keys in the order `reference` has them (keys it lacks last): a diff then shows changes, not reordering. */
export function orderedLike(value: unknown, reference: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, i) => orderedLike(item, Array.isArray(reference) ? reference[i] : undefined));
  if (!isPlainObject(value)) return value;
  const ref = isPlainObject(reference) ? reference : {};
  const keys = [...Object.keys(ref).filter((k) => Object.hasOwn(value, k)), ...Object.keys(value).filter((k) => !Object.hasOwn(ref, k))];
  const out: Record<string, unknown> = {};
  for (const k of keys) setOwn(out, k, orderedLike(value[k], ownValue(ref, k)));
  return out;
}
