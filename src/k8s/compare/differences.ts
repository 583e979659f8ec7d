// Where two objects differ, field by field. Lists whose items all have a distinct name (containers, env, ports,
// volumes) are compared by that name, as their merge key, so an inserted container does not shift every other.
import { isRecord, ownValue } from '../own-properties';

export interface Difference {
  /** spec.template.spec.containers[web].image */
  path: string;
  /** undefined: only on the right. */
  left: unknown;
  /** undefined: only on the left. */
  right: unknown;
}

function join(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${key}]`;
}

/** The items' names when every item is an object with a distinct string name. */
function namesOf(list: readonly unknown[]): string[] | null {
  const names = list.map((item) => (isRecord(item) && typeof item.name === 'string' ? item.name : null));
  if (names.some((n) => n === null) || new Set(names).size !== names.length) return null;
  return names as string[];
}

function walk(a: unknown, b: unknown, path: string, out: Difference[]): void {
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(ownValue(a, key), ownValue(b, key), join(path, key), out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const [left, right] = [namesOf(a), namesOf(b)];
    if (left && right && (left.length > 0 || right.length > 0)) {
      for (const name of new Set([...left, ...right])) walk(a[left.indexOf(name)], b[right.indexOf(name)], `${path}[${name}]`, out);
      return;
    }
    if (a.length === b.length) {
      a.forEach((item, i) => walk(item, b[i], `${path}[${i}]`, out));
      return;
    }
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path: path || '(whole object)', left: a, right: b });
}

/** The deepest fields where a and b differ, in a's field order, then b's own. */
export function differences(a: unknown, b: unknown): Difference[] {
  const out: Difference[] = [];
  walk(a, b, '', out);
  return out;
}
