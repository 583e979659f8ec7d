// Pure: from a definitions map (v2 `definitions` or v3 `components.schemas`) to one kind's editor schema and lookup.
import type { SchemaLookup } from './types.js';

/** Definitions by name (`io.k8s.api.apps.v1.Deployment`), as the document holds them. */
export type Definitions = Record<string, unknown>;

export interface GroupVersionKind {
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
}

/** A self-contained JSON Schema (draft-07 style, `definitions` + `#/definitions/` refs). */
export type JsonSchema = Record<string, unknown>;

export interface KindSchema {
  gvk: GroupVersionKind;
  /** Which document it came from. */
  source: 'v3' | 'v2';
  /** Definition name of the kind (`io.k8s.api.apps.v1.Deployment`). */
  definitionName: string;
  /** For monaco-yaml: descriptions kept, read-only fields marked `readOnly: true`. */
  jsonSchema: JsonSchema;
  lookup: SchemaLookup;
}

/** Name of the definition whose `x-kubernetes-group-version-kind` lists the GVK, or null. */
export function findDefinitionForGvk(defs: Definitions, gvk: GroupVersionKind): string | null {
  void defs;
  void gvk;
  return null;
}

/** The kind's schema built from a definitions map whose refs start with `refPrefix` (`#/definitions/` or `#/components/schemas/`). */
export function kindSchemaFromDefinitions(defs: Definitions, refPrefix: string, gvk: GroupVersionKind, source: 'v3' | 'v2'): KindSchema | null {
  void refPrefix;
  void source;
  return findDefinitionForGvk(defs, gvk) === null ? null : null;
}
