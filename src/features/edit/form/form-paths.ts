// Where a form control sits: its path in the YAML (keys and indices), the same path as the apiserver writes it in a
// Status cause (`spec.containers[0].image`, `metadata.labels[app]`), and the concrete path of a schema field.
import { isRecord as isObject } from '../../../k8s/own-properties';
import type { YamlPath } from '../../../k8s/yaml-edit';

/** The field path as field.Path prints it: `.name` for fields, `[i]` for list items, `[key]` for map entries. */
export function fieldPathText(path: YamlPath, mapKeys: ReadonlySet<number> = new Set()): string {
  let out = '';
  path.forEach((segment, i) => {
    if (typeof segment === 'number' || mapKeys.has(i)) out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  });
  return out;
}

/** A stable React key / DOM attribute for a YAML path. */
export function pathKey(path: YamlPath): string {
  return JSON.stringify(path);
}

/**
 * The YAML path of a schema field in an object: list items are entered at their first item (a field search
 * jumps to the first container's image). `set` is false when the value stops before the field: `path` is then
 * the deepest existing parent.
 */
export function locateSchemaPath(value: unknown, schemaPath: readonly string[]): { path: Array<string | number>; set: boolean } {
  const path: Array<string | number> = [];
  let current = value;
  for (const segment of schemaPath) {
    while (Array.isArray(current)) {
      if (current.length === 0) return { path, set: false };
      path.push(0);
      current = current[0];
    }
    if (!isObject(current) || !Object.hasOwn(current, segment)) return { path, set: false };
    path.push(segment);
    current = current[segment];
  }
  return { path, set: true };
}
