// Formatting helpers shared by printers (ports of labels.FormatLabels, LabelSelector.String, layoutContainerCells).
import { isPlainObject } from '../resources/types.js';
import type { JsonObject } from '../resources/types.js';

export const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** labels.FormatLabels: sorted "k=v,k2=v2", "<none>" when empty. */
export function formatLabels(labels: unknown): string {
  const entries = Object.entries(obj(labels)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${String(v)}`).join(',');
}

/** metav1.LabelSelectorAsSelector(...).String(): requirements sorted by key; "" for an empty selector. */
export function labelSelectorString(selector: unknown): string {
  const s = obj(selector);
  const reqs: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(obj(s.matchLabels))) reqs.push([k, `${k}=${String(v)}`]);
  for (const e of arr(s.matchExpressions).map(obj)) {
    const key = str(e.key);
    const values = arr(e.values).map(String).sort().join(',');
    switch (e.operator) {
      case 'In':
        reqs.push([key, `${key} in (${values})`]);
        break;
      case 'NotIn':
        reqs.push([key, `${key} notin (${values})`]);
        break;
      case 'Exists':
        reqs.push([key, key]);
        break;
      case 'DoesNotExist':
        reqs.push([key, `!${key}`]);
        break;
    }
  }
  return reqs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r).join(',');
}

/** metav1.FormatLabelSelector: like labelSelectorString but "<none>" when empty. */
export function formatLabelSelector(selector: unknown): string {
  return labelSelectorString(selector) || '<none>';
}

/** layoutContainerCells: comma-joined container names and images. */
export function containerCells(podSpec: unknown): [string, string] {
  const containers = arr(obj(podSpec).containers).map(obj);
  return [containers.map((c) => str(c.name)).join(','), containers.map((c) => str(c.image)).join(',')];
}
