// Reads one YAML document as kubectl does (YAML 1.1): syntax errors and repeated keys with their positions, and an
// alias bomb refused in words. Repeated keys are found with one Set per mapping: the yaml library's own uniqueKeys
// check compares every key with every other (a 50,000-key ConfigMap took minutes).
import { isScalar, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';

export interface YamlReadProblem {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export type YamlRead = { ok: true; value: unknown } | { ok: false; problems: YamlReadProblem[] };

function duplicateKeys(doc: Document, lineCounter: LineCounter): YamlReadProblem[] {
  const found: YamlReadProblem[] = [];
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

export function readYaml(text: string): YamlRead {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { version: '1.1', lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { line: pos.line, column: pos.col, message: e.message.split('\n')[0] ?? e.message };
      }),
    };
  }
  const duplicates = duplicateKeys(doc, lineCounter);
  if (duplicates.length > 0) return { ok: false, problems: duplicates };
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    // An alias bomb ("billion laughs") expands to billions of nodes: refused, never expanded.
    return { ok: false, problems: [{ line: 1, column: 1, message: `The YAML cannot be read: ${error instanceof Error ? error.message : String(error)}.` }] };
  }
}
