// YAML text <-> positions: syntax errors with their line, and the line of a Status cause's field path.
import type { KubeObject } from '../../k8s/kube-object';
import { readYaml } from '../../k8s/yaml-read';
import { positionOfFieldPath } from '../../k8s/yaml-field-path';

export interface YamlProblem {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export type ParsedYaml = { ok: true; object: KubeObject } | { ok: false; problems: YamlProblem[] };

/** Parses edited YAML (1.1, as kubectl) into an object; syntax errors come back with their positions. */
export function parseEditedYaml(text: string): ParsedYaml {
  const read = readYaml(text);
  if (!read.ok) return read;
  const value = read.value;
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
