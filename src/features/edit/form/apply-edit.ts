// The value a YAML edit leaves behind, computed on the JS value (copying only the path it changes): the form knows
// what its own edit wrote without parsing the text again.
import { isRecord as isObject, ownValue, ownValueAt } from '../../../k8s/own-properties';
import type { YamlEdit, YamlPath } from '../../../k8s/yaml-edit';

/** `value` with `fn` applied at `path`; missing (or null) parents become maps, or lists for numeric segments. */
function updateIn(value: unknown, path: YamlPath, fn: (current: unknown) => unknown): unknown {
  if (path.length === 0) return fn(value);
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === 'number' && (Array.isArray(value) || !isObject(value))) {
    const list = Array.isArray(value) ? value : [];
    const next = updateIn(list[head], rest, fn);
    return head >= list.length ? [...list, next] : list.map((v, i) => (i === head ? next : v));
  }
  const map = isObject(value) ? value : {};
  // A computed key in a literal defines an own property, "__proto__" too.
  return { ...map, [String(head)]: updateIn(ownValue(map, String(head)), rest, fn) };
}

/** The value after the edit: what editYaml's text parses to. */
export function applyEdit(value: unknown, edit: YamlEdit): unknown {
  if (edit.op === 'set') return updateIn(value, edit.path, () => edit.value);
  if (edit.op === 'delete') {
    if (edit.path.length === 0 || ownValueAt(value, edit.path) === undefined) return value;
    const last = edit.path[edit.path.length - 1];
    return updateIn(value, edit.path.slice(0, -1), (parent) => {
      if (Array.isArray(parent)) return parent.filter((_, i) => i !== last);
      if (!isObject(parent)) return parent;
      const { [String(last)]: _gone, ...kept } = parent;
      return kept;
    });
  }
  const { from, to } = edit;
  return updateIn(value, edit.path, (list) => {
    if (!Array.isArray(list)) return list;
    const items = [...list];
    const [moved] = items.splice(from, 1);
    items.splice(to, 0, moved);
    return items;
  });
}
