// Keys an apply body (YAML, or JSON read as YAML) repeats in one mapping, as the strict YAML decoder
// (sigs.k8s.io/yaml UnmarshalStrict, go-yaml v2) reports them: `line 9: key "foo" already set in map`, in document order.
import { LineCounter, isMap, isScalar, parseDocument, visit } from 'yaml';

/** The strict decoder's findings for repeated keys; empty when every mapping's keys are unique. */
export function duplicateYamlKeys(raw: string): string[] {
  const lines = new LineCounter();
  const doc = parseDocument(raw, { lineCounter: lines, uniqueKeys: false });
  const found: string[] = [];
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!seen.has(key)) {
          seen.add(key);
          continue;
        }
        const at = isScalar(pair.key) && pair.key.range ? lines.linePos(pair.key.range[0]).line : 0;
        found.push(`line ${at}: key ${typeof key === 'string' ? JSON.stringify(key) : String(key)} already set in map`);
      }
    },
  });
  return found;
}

/** The error text of UnmarshalStrict for those findings. */
export const strictYamlError = (found: string[]): string => `error converting YAML to JSON: yaml: unmarshal errors:\n  ${found.join('\n  ')}`;
