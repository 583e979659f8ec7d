// Keys repeated in one YAML mapping (YAML forbids them; kubectl refuses them too), found with one Set per mapping:
// the yaml library's own uniqueKeys check compares every key with every other (a 50,000-key ConfigMap took minutes).
import { isScalar, visit, type Document, type LineCounter, type Node } from 'yaml';

export interface DuplicateKey {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export function duplicateKeys(doc: Document, lineCounter: LineCounter): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        const pos = lineCounter.linePos((pair.key as Node | null)?.range?.[0] ?? 0);
        found.push({ line: pos.line, column: pos.col, message: `Map keys must be unique: "${String(key)}" is repeated` });
      }
    },
  });
  return found;
}
