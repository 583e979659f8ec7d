// Resources whose names are a typo away from an unknown one (`deploymentz`, `deploymnets`): what a 404 for a
// resource the cluster does not serve can suggest.
import { qualifiedName, type ResourceIndex } from './resource-index';
import type { ApiResource } from './types';

/** Edit distance (insert, delete, substitute, swap of neighbours), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const up = rows[i - 1]!;
      let d = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Preferred-version resources named (plural, singular, kind) within two edits of `name`, nearest first. */
export function similarResources(index: ResourceIndex, name: string): ApiResource[] {
  const wanted = name.toLowerCase();
  const found: Array<{ r: ApiResource; d: number }> = [];
  for (const r of index.resources) {
    if (!r.preferredVersion || r.resource.includes('/')) continue;
    const d = Math.min(...[r.resource, r.singularName, r.kind.toLowerCase()].filter(Boolean).map((n) => distance(wanted, n, 2)));
    if (d > 0 && d <= 2) found.push({ r, d });
  }
  return found.sort((a, b) => a.d - b.d || qualifiedName(a.r).localeCompare(qualifiedName(b.r))).map((f) => f.r);
}
