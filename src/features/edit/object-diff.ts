// Which field paths differ between two versions of an object (for "Changed on the server").

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${key}]`;
}

/** Paths (`data.key`, `spec.containers[0]`, `metadata.labels[app.kubernetes.io/name]`) where a and b differ, deepest first found. */
export function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => changedPaths(a[k], b[k], join(path, k)));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    return a.flatMap((item, i) => changedPaths(item, b[i], `${path}[${i}]`));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path || '(whole object)'];
}
