// Resources whose names are a typo away from an unknown one (`deploymentz`, `deploymnets`): what a 404 for a
// resource the cluster does not serve can suggest.
import { qualifiedName, type ResourceIndex } from './resource-index';
import type { ApiResource } from './types';
import { editDistance as distance } from '../edit-distance';

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
