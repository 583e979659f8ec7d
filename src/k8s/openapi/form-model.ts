// Pure: what the form of a kind draws for each field, from the kind's OpenAPI schema (the Explain field tree, read
// once per path): the control (group, list, map, select, switch, number, quantity, duration, embedded YAML), the
// merge key that titles list items, and which fields the server owns.
import { isReadOnlyPath } from '../patch/read-only.js';
import { buildExplainModel, type ExplainField, type ExplainValidation } from './explain-model.js';
import type { KindSchema } from './kind-schema.js';

export type FormFieldKind =
  | 'object'
  | 'list'
  | 'map'
  | 'enum'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'string'
  | 'int-or-string'
  | 'quantity'
  | 'duration'
  /** Free-form or x-kubernetes-preserve-unknown-fields: edited as embedded YAML. */
  | 'yaml';

export interface FormField {
  name: string;
  /** Property names from the root; list items and map values are crossed without a segment. */
  schemaPath: string[];
  kind: FormFieldKind;
  /** kubectl-style type (`[]Container`, `map[string]string`, `int-or-string`). */
  typeName: string;
  description: string;
  required: boolean;
  /** The schema's `default` (undefined: none). */
  defaultValue: unknown;
  enumValues: unknown[];
  format: string | null;
  limits: ExplainField['limits'];
  validations: ExplainValidation[];
  /** Of a list's items or a map's values; null otherwise. */
  itemKind: FormFieldKind | null;
  /** The key naming a list's items (`name` of containers): x-kubernetes-list-map-keys, else the patch merge key. */
  itemTitleKey: string | null;
  /** Set by the server (status, metadata.uid, resourceVersion...): hidden unless asked, never editable. */
  serverSet: boolean;
}

export interface FormModel {
  definitionName: string;
  root: FormField;
  /** The field at a schema path, or null. */
  field: (schemaPath: readonly string[]) => FormField | null;
  /** The fields of an object (or of a list's items, a map's values), by name; [] for leaves. */
  children: (schemaPath: readonly string[]) => FormField[];
  /** Fields whose path or description hold every word of the query (a dotted path matches its fields too). */
  search: (query: string, limit?: number) => FormField[];
}

const SCALAR_TYPES = new Set(['boolean', 'integer', 'number', 'string']);

/** The control of a kubectl-style type; `hasChildren`: the type (or its items) has properties. */
function kindOfType(type: string, explain: Pick<ExplainField, 'format' | 'enumValues' | 'preserveUnknownFields' | 'hasChildren'>): FormFieldKind {
  if (explain.preserveUnknownFields) return 'yaml';
  if (type === 'int-or-string') return 'int-or-string';
  if (type === 'Quantity') return 'quantity';
  if (type === 'Duration' || (type === 'string' && explain.format === 'duration')) return 'duration';
  if (type.startsWith('[]')) return 'list';
  if (type.startsWith('map[string]')) return 'map';
  if (explain.enumValues.length > 0) return 'enum';
  if (SCALAR_TYPES.has(type)) return type as FormFieldKind;
  if (type === 'Time' || type === 'MicroTime') return 'string';
  return explain.hasChildren ? 'object' : 'yaml';
}

function itemKindOf(type: string, explain: ExplainField): FormFieldKind | null {
  const inner = type.startsWith('[]') ? type.slice(2) : type.startsWith('map[string]') ? type.slice('map[string]'.length) : null;
  if (inner === null) return null;
  // Lists of lists and maps of lists are rare: embedded YAML.
  if (inner.startsWith('[]') || inner.startsWith('map[')) return 'yaml';
  return kindOfType(inner, { ...explain, enumValues: [], preserveUnknownFields: false });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toFormField(f: ExplainField): FormField {
  const kind = kindOfType(f.type, f);
  return {
    name: f.name,
    schemaPath: f.path,
    kind,
    typeName: f.type,
    description: f.description,
    required: f.required,
    defaultValue: f.defaultValue === null ? undefined : parseJson(f.defaultValue),
    enumValues: f.enumValues.map(parseJson),
    format: f.format,
    limits: f.limits,
    validations: f.validations,
    itemKind: kind === 'list' || kind === 'map' ? itemKindOf(f.type, f) : null,
    itemTitleKey: f.listMapKeys[0] ?? f.patchMergeKey,
    serverSet: f.path.length > 0 && isReadOnlyPath(f.path),
  };
}

/** The form model of a kind (from its self-contained JSON Schema, as fetched from the cluster). */
export function buildFormModel(kindSchema: Pick<KindSchema, 'jsonSchema' | 'definitionName'>): FormModel {
  const definitions = kindSchema.jsonSchema.definitions;
  const defs = typeof definitions === 'object' && definitions !== null ? (definitions as Record<string, unknown>) : {};
  const explain = buildExplainModel(defs, '#/definitions/', kindSchema.definitionName);
  const fields = new Map<string, FormField>();
  const children = new Map<string, FormField[]>();
  const of = (f: ExplainField): FormField => {
    const key = f.path.join('\u0000');
    let field = fields.get(key);
    if (!field) fields.set(key, (field = toFormField(f)));
    return field;
  };
  const search = (query: string, limit = 5000): FormField[] => {
    const trimmed = query.trim();
    if (trimmed === '') return [];
    // A dotted path (`spec.template.spec.containers`) names one field; list indices are not schema segments.
    if (/^[\w-]+(\.[\w-]+|\[\d+\])+$/.test(trimmed)) {
      const hit = explain.field(trimmed.replace(/\[\d+\]/g, '').split('.'));
      if (hit) return [of(hit)];
    }
    // Names first (`image` finds containers[].image before fields that only mention images).
    const hits = explain.search(trimmed, limit).map(of);
    const word = trimmed.toLowerCase();
    return [...hits.filter((f) => f.name.toLowerCase() === word), ...hits.filter((f) => f.name.toLowerCase() !== word)];
  };
  return {
    definitionName: kindSchema.definitionName,
    root: of(explain.root),
    field: (path) => {
      const f = explain.field(path);
      return f ? of(f) : null;
    },
    // Asked by every group drawn, again on each keystroke: the same array for the same path.
    children: (path) => {
      const key = path.join('\u0000');
      let list = children.get(key);
      if (!list) children.set(key, (list = explain.children(path).map(of)));
      return list;
    },
    search,
  };
}
