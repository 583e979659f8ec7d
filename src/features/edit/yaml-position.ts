// YAML text <-> positions: syntax errors with their line, and the line of a Status cause's field path.
import { LineCounter, parseDocument } from 'yaml';
import type { KubeObject } from '../../k8s/kube-object';
import { duplicateKeys } from '../../k8s/yaml-duplicate-keys';
import { positionOfFieldPath } from '../../k8s/yaml-field-path';

export interface YamlProblem {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export type ParsedYaml = { ok: true; object: KubeObject } | { ok: false; problems: YamlProblem[] };

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/** Parses edited YAML (1.1, as kubectl) into an object; syntax errors come back with their positions. */
export function parseEditedYaml(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  // The library's own uniqueKeys check compares every key with every other (a 50,000-key ConfigMap took minutes).
  const doc = parseDocument(text, { version: '1.1', lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { line: pos.line, column: pos.col, message: firstLine(e.message) };
      }),
    };
  }
  const duplicates = duplicateKeys(doc, lineCounter);
  if (duplicates.length > 0) return { ok: false, problems: duplicates };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // An alias bomb ("billion laughs") expands to billions of nodes: refused, never expanded.
    return { ok: false, problems: [{ line: 1, column: 1, message: `The YAML cannot be read: ${error instanceof Error ? error.message : String(error)}.` }] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ line: 1, column: 1, message: 'The text must be one object (a YAML mapping with apiVersion, kind and metadata).' }] };
  }
  const metadata = (value as { metadata?: unknown }).metadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    return { ok: false, problems: [{ line: 1, column: 1, message: 'metadata is missing or not a mapping.' }] };
  }
  return { ok: true, object: value as KubeObject };
}

export { splitFieldPath } from '../../k8s/yaml-field-path';

/** 1-based line of the deepest node of `fieldPath` present in the YAML text; null when not even the first key is there. */
export function lineOfFieldPath(text: string, fieldPath: string): number | null {
  const position = positionOfFieldPath(text, fieldPath);
  return position.exact || position.landedOn !== '' ? position.line : null;
}
