// Pure: the checks the form runs as the user types, worded like the apiserver's: schema rules (types, enums,
// bounds, pattern, required), resource.Quantity and Go duration syntax, label and annotation keys and values.
import { ownValue } from '../own-properties.js';
import { labelValueProblems, qualifiedNameProblems } from '../qualified-name.js';
import type { FormField, FormModel } from './form-model.js';

/** The pattern apimachinery's ParseQuantity names in its error (k8s.io/apimachinery/pkg/api/resource). */
export const QUANTITY_REGEXP_TEXT = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
// What ParseQuantity accepts: a decimal number, then a binary-SI, decimal-SI or exponent suffix.
const QUANTITY = /^[+-]?(\d+(\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;
// Go time.ParseDuration: "0", or signed sequences of decimal numbers with units.
const DURATION = /^[-+]?(0|((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))+)$/;

/** The apiserver's message for a bad quantity, or null. */
export function quantityProblem(text: string): string | null {
  return QUANTITY.test(text) ? null : `quantities must match the regular expression '${QUANTITY_REGEXP_TEXT}'`;
}

/** A Go duration's problem (`1h30m`, `500ms`), or null. */
export function durationProblem(text: string): string | null {
  return DURATION.test(text) ? null : `invalid duration "${text}": a number with a unit (ns, us, ms, s, m, h), e.g. 30s or 1h30m`;
}

/** One problem at a field path written as the apiserver writes it (`spec.containers[0].image`). */
export interface FormProblem {
  field: string;
  message: string;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
}

/** Problems of one present value of a field (not of its children). */
export function valueProblems(field: Pick<FormField, 'kind' | 'enumValues' | 'limits' | 'format' | 'itemKind'>, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const { limits } = field;
  const problems: string[] = [];
  const numeric = (n: number) => {
    if (limits.minimum !== undefined && n < limits.minimum) problems.push(`should be greater than or equal to ${limits.minimum}`);
    if (limits.maximum !== undefined && n > limits.maximum) problems.push(`should be less than or equal to ${limits.maximum}`);
  };
  switch (field.kind) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) problems.push(`Invalid value: ${describe(value)}: must be an integer`);
      else numeric(value);
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`Invalid value: ${describe(value)}: must be a number`);
      else numeric(value);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`Invalid value: ${describe(value)}: must be true or false`);
      break;
    case 'int-or-string':
      if (typeof value === 'number' ? !Number.isInteger(value) : typeof value !== 'string') problems.push(`Invalid value: ${describe(value)}: must be an integer or a string`);
      else if (value === '') problems.push('must not be empty');
      break;
    case 'quantity': {
      const problem = typeof value === 'number' ? null : typeof value === 'string' ? quantityProblem(value) : 'must be a quantity (e.g. 500m, 1Gi)';
      if (problem) problems.push(problem);
      break;
    }
    case 'duration': {
      const problem = typeof value === 'string' ? durationProblem(value) : 'must be a duration string (e.g. 30s)';
      if (problem) problems.push(problem);
      break;
    }
    case 'enum':
      if (!field.enumValues.some((v) => v === value)) problems.push(`Unsupported value: ${describe(value)}: supported values: ${field.enumValues.map(describe).join(', ')}`);
      break;
    case 'string':
      if (typeof value !== 'string') problems.push(`Invalid value: ${describe(value)}: must be a string`);
      else {
        if (limits.minLength !== undefined && value.length < limits.minLength) problems.push(`should be at least ${limits.minLength} chars long`);
        if (limits.maxLength !== undefined && value.length > limits.maxLength) problems.push(`may not be longer than ${limits.maxLength}`);
        if (limits.pattern !== undefined && !matches(limits.pattern, value)) problems.push(`should match '${limits.pattern}'`);
        if (field.format === 'date-time' && Number.isNaN(Date.parse(value))) problems.push('must be a date-time (RFC 3339, e.g. 2021-01-02T15:04:05Z)');
      }
      break;
    case 'list':
      if (!Array.isArray(value)) problems.push(`Invalid value: ${describe(value)}: must be a list`);
      else {
        if (limits.minItems !== undefined && value.length < limits.minItems) problems.push(`should have at least ${limits.minItems} items`);
        if (limits.maxItems !== undefined && value.length > limits.maxItems) problems.push(`must have at most ${limits.maxItems} items`);
      }
      break;
    case 'object':
    case 'map':
      if (typeof value !== 'object' || Array.isArray(value)) problems.push(`Invalid value: ${describe(value)}: must be an object`);
      break;
    case 'yaml':
      break;
  }
  return problems;
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern JavaScript cannot read (RE2-only syntax) is left to the server.
    return true;
  }
}

/** Problems of a key (and its value) in metadata.labels / metadata.annotations. */
export function metadataEntryProblems(mapPath: readonly string[], key: string, value: unknown): { key: string[]; value: string[] } {
  if (mapPath.length !== 2 || mapPath[0] !== 'metadata' || (mapPath[1] !== 'labels' && mapPath[1] !== 'annotations')) return { key: [], value: [] };
  const keyProblems = qualifiedNameProblems(key);
  const valueProblemsFound = mapPath[1] === 'labels' && typeof value === 'string' ? labelValueProblems(value) : [];
  return { key: keyProblems, value: valueProblemsFound };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Problems found under one object or list, by the field path and schema path it sits at. */
export type ValidationCache = WeakMap<object, Map<string, FormProblem[]>>;

/**
 * Every problem the schema finds in an object (status and server-set fields skipped); at most `limit`. With a
 * cache, subtrees met before (the same object at the same place) are not walked again: a keystroke re-checks the
 * path it changed.
 */
export function validateObject(model: FormModel, object: unknown, limit = 200, cache?: ValidationCache): FormProblem[] {
  const scalar = (field: FormField, kind: FormField['kind'], item: unknown, at: string, out: FormProblem[]) => {
    for (const message of valueProblems({ ...field, kind, limits: {} }, item)) out.push({ field: at, message });
  };
  const walkChildren = (schemaPath: string[], value: Record<string, unknown>, fieldPath: string): FormProblem[] => {
    const key = `${fieldPath}\u0000${schemaPath.join('.')}`;
    const hit = cache?.get(value)?.get(key);
    if (hit) return hit;
    const out: FormProblem[] = [];
    for (const child of model.children(schemaPath)) {
      if (child.serverSet) continue;
      const at = fieldPath ? `${fieldPath}.${child.name}` : child.name;
      const v = ownValue(value, child.name);
      if (v === undefined || v === null) {
        // A default fills the field in before validation (CRD structural defaulting).
        if (child.required && child.kind !== 'object' && child.defaultValue === undefined) out.push({ field: at, message: 'Required value' });
        continue;
      }
      out.push(...walk(child, v, at));
    }
    if (cache) {
      let byPlace = cache.get(value);
      if (!byPlace) cache.set(value, (byPlace = new Map()));
      byPlace.set(key, out);
    }
    return out;
  };
  const walk = (field: FormField, value: unknown, fieldPath: string): FormProblem[] => {
    const out: FormProblem[] = valueProblems(field, value).map((message) => ({ field: fieldPath, message }));
    if (field.kind === 'object' && isObject(value)) out.push(...walkChildren(field.schemaPath, value, fieldPath));
    if (field.kind === 'list' && Array.isArray(value)) {
      value.forEach((item, i) => {
        const at = `${fieldPath}[${i}]`;
        if (field.itemKind === 'object' && isObject(item)) out.push(...walkChildren(field.schemaPath, item, at));
        else if (field.itemKind) scalar(field, field.itemKind, item, at, out);
      });
    }
    if (field.kind === 'map' && isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const at = `${fieldPath}[${key}]`;
        const meta = metadataEntryProblems(field.schemaPath, key, item);
        for (const message of [...meta.key, ...meta.value]) out.push({ field: at, message });
        if (field.itemKind === 'object' && isObject(item)) out.push(...walkChildren(field.schemaPath, item, at));
        else if (field.itemKind) scalar(field, field.itemKind, item, at, out);
      }
    }
    return out;
  };
  return isObject(object) ? walkChildren([], object, '').slice(0, limit) : [];
}
