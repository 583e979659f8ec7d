// Validation of a custom resource against its CRD's structural schema, as the apiextensions-apiserver runs
// kube-openapi's validator and words its results as field errors (kubeOpenAPIResultToFieldErrors): the
// type of each value, then the checks of its kind (string, number, list, object), enum and format, and the
// x-kubernetes-validations rules cel.ts can evaluate.
import type { FieldError } from '../http/errors.js';
import { evaluateCel } from './cel.js';
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';

/** The JSON type kube-openapi names a value by. */
function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** Go's %v of a number bound (float64): integers without a fraction. */
const num = (n: unknown): string => String(n);

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const FORMATS: Record<string, (s: string) => boolean> = {
  email: (s) => /^[^@\s]+@[^@\s]+$/.test(s),
  date: (s) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
  uuid: (s) => /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(s),
  hostname: (s) => s.length <= 255 && /^[a-zA-Z0-9]([-a-zA-Z0-9]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([-a-zA-Z0-9]{0,61}[a-zA-Z0-9])?)*$/.test(s),
  ipv4: (s) => /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s),
  byte: (s) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0,
};
FORMATS.datetime = FORMATS['date-time'] as (s: string) => boolean;

/** Field errors of `value` at `path` against the schema node; required fields of objects included. */
export function validateAgainstSchema(value: unknown, schema: unknown, path: string): FieldError[] {
  if (!isPlainObject(schema)) return [];
  const errs: FieldError[] = [];
  const actual = jsonType(value);
  const typeError = (expected: string, shown: string): FieldError => ({ type: 'FieldValueTypeInvalid', field: path, value: shown, detail: `${path} in body must be of type ${expected}: ${JSON.stringify(shown)}` });
  if (value === null) {
    if (schema.nullable !== true && typeof schema.type === 'string') errs.push(typeError(schema.type, 'null'));
    return errs;
  }
  if (schema['x-kubernetes-int-or-string'] === true) {
    if (actual !== 'integer' && actual !== 'string') errs.push(typeError('integer,string', actual));
  } else if (typeof schema.type === 'string' && schema.type !== actual && !(schema.type === 'number' && actual === 'integer')) {
    errs.push(typeError(schema.type, actual));
    // The number validator still checks a fraction against an integer type.
    if (schema.type === 'integer' && actual === 'number') errs.push({ type: 'FieldValueInvalid', field: '<nil>', value: '', detail: `Checked value must be of type integer (default format) in ${path}` });
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    const supported = schema.enum.map((e) => JSON.stringify(typeof e === 'string' ? e : JSON.stringify(e))).join(', ');
    errs.push({ type: 'FieldValueNotSupported', field: path, value, detail: `supported values: ${supported}` });
  }
  if (typeof value === 'string') errs.push(...stringErrors(value, schema, path));
  if (typeof value === 'number') errs.push(...numberErrors(value, schema, path));
  if (Array.isArray(value)) errs.push(...listErrors(value, schema, path));
  if (isPlainObject(value) && (schema.type === 'object' || schema.type === undefined)) errs.push(...objectErrors(value, schema, path));
  return errs;
}

const RULE_REASONS = new Set(['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate']);

/** The x-kubernetes-validations rules that evaluate to false (those cel.ts cannot evaluate are not judged). */
function ruleErrors(value: unknown, schema: JsonObject, path: string): FieldError[] {
  const rules = Array.isArray(schema['x-kubernetes-validations']) ? schema['x-kubernetes-validations'].filter(isPlainObject) : [];
  const errs: FieldError[] = [];
  for (const r of rules) {
    if (typeof r.rule !== 'string' || evaluateCel(r.rule, value) !== false) continue;
    const fromExpression = typeof r.messageExpression === 'string' ? evaluateCel(r.messageExpression, value) : undefined;
    const detail = typeof fromExpression === 'string' ? fromExpression : typeof r.message === 'string' && r.message !== '' ? r.message : `failed rule: ${r.rule}`;
    const type = typeof r.reason === 'string' && RULE_REASONS.has(r.reason) ? (r.reason as FieldError['type']) : 'FieldValueInvalid';
    const field = typeof r.fieldPath === 'string' && r.fieldPath !== '' ? `${path}${r.fieldPath}` : path;
    // 1.37 words a rule's failure without the value.
    errs.push({ type, field, detail, hasValue: false });
  }
  return errs;
}

/** maxLength, minLength and pattern, the first that fails only (kube-openapi's stringValidator). */
function stringErrors(value: string, schema: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const length = [...value].length;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) errs.push({ type: 'FieldValueTooLong', field: path, detail: `may not be more than ${schema.maxLength} bytes` });
  else if (typeof schema.minLength === 'number' && length < schema.minLength) errs.push({ type: 'FieldValueInvalid', field: path, value, detail: `${path} in body should be at least ${schema.minLength} chars long` });
  else if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) errs.push({ type: 'FieldValueInvalid', field: path, value, detail: `${path} in body should match '${schema.pattern}'` });
  const check = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (check && !check(value)) errs.push({ type: 'FieldValueTypeInvalid', field: path, value, detail: `${path} in body must be of type ${String(schema.format)}: ${JSON.stringify(value)}` });
  return errs;
}

/** multipleOf, maximum and minimum, each checked (kube-openapi's numberValidator). */
function numberErrors(value: number, schema: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const invalid = (detail: string): FieldError => ({ type: 'FieldValueInvalid', field: path, value, detail: `${path} in body ${detail}` });
  if (typeof schema.multipleOf === 'number' && !Number.isInteger(value / schema.multipleOf)) errs.push(invalid(`should be a multiple of ${num(schema.multipleOf)}`));
  if (typeof schema.minimum === 'number') {
    const exclusive = schema.exclusiveMinimum === true;
    if (exclusive ? value <= schema.minimum : value < schema.minimum) errs.push(invalid(`should be greater than ${exclusive ? '' : 'or equal to '}${num(schema.minimum)}`));
  }
  if (typeof schema.maximum === 'number') {
    const exclusive = schema.exclusiveMaximum === true;
    if (exclusive ? value >= schema.maximum : value > schema.maximum) errs.push(invalid(`should be less than ${exclusive ? '' : 'or equal to '}${num(schema.maximum)}`));
  }
  return errs;
}

/** maxItems, minItems, then every item. */
function listErrors(value: unknown[], schema: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errs.push({ type: 'FieldValueTooMany', field: path, value: value.length, detail: `must have at most ${schema.maxItems} items` });
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) errs.push({ type: 'FieldValueInvalid', field: path, value: value.length, detail: `${path} in body should have at least ${schema.minItems} items` });
  value.forEach((item, i) => errs.push(...validateAgainstSchema(item, schema.items, `${path}[${i}]`)));
  return errs;
}

/** required, maxProperties, minProperties, then every declared property and map value. */
function objectErrors(value: JsonObject, schema: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const child = (k: string): string => (path === '' ? k : `${path}.${k}`);
  const count = Object.keys(value).length;
  if (typeof schema.maxProperties === 'number' && count > schema.maxProperties) errs.push({ type: 'FieldValueTooMany', field: path, value: count, detail: `must have at most ${schema.maxProperties} items` });
  if (typeof schema.minProperties === 'number' && count < schema.minProperties) errs.push({ type: 'FieldValueInvalid', field: path, value: count, detail: `${path} in body should have at least ${schema.minProperties} properties` });
  for (const k of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof k === 'string' && !Object.hasOwn(value, k)) errs.push({ type: 'FieldValueRequired', field: child(k), detail: '' });
  }
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  for (const [k, v] of Object.entries(value)) {
    const sub = Object.hasOwn(props, k) ? props[k] : schema.additionalProperties;
    if (isPlainObject(sub)) errs.push(...validateAgainstSchema(v, sub, child(k)));
  }
  return errs;
}

/** The failed x-kubernetes-validations rules anywhere in `value`, outermost first. */
function allRuleErrors(value: unknown, schema: unknown, path: string): FieldError[] {
  if (!isPlainObject(schema) || value === null || value === undefined) return [];
  const errs = ruleErrors(value, schema, path);
  const child = (k: string): string => (path === '' ? k : `${path}.${k}`);
  if (Array.isArray(value)) value.forEach((item, i) => errs.push(...allRuleErrors(item, schema.items, `${path}[${i}]`)));
  else if (isPlainObject(value)) {
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    for (const [k, v] of Object.entries(value)) errs.push(...allRuleErrors(v, Object.hasOwn(props, k) ? props[k] : schema.additionalProperties, child(k)));
  }
  return errs;
}

/** Errors that keep the rules from running (hasBlockingErr): a wrong type, a missing, unsupported or oversized value. */
const BLOCKING = new Set<FieldError['type']>(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

/** Whether a schema holds any x-kubernetes-validations rule. */
function hasRules(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  if (Array.isArray(schema['x-kubernetes-validations']) && schema['x-kubernetes-validations'].length > 0) return true;
  const props = isPlainObject(schema.properties) ? Object.values(schema.properties) : [];
  return [...props, schema.items, schema.additionalProperties].some(hasRules);
}

/**
 * The errors of a whole custom resource: its schema's root, without apiVersion, kind and metadata (checked
 * elsewhere). The rules do not run past a blocking error, as 1.37.2's strategy decides; it says so instead.
 */
export function validateCustomResource(obj: JsonObject, schema: unknown): FieldError[] {
  if (!isPlainObject(schema)) return [];
  const props = isPlainObject(schema.properties) ? schema.properties : {};
  const { apiVersion: _a, kind: _k, metadata: _m, ...rest } = props;
  const { apiVersion: _va, kind: _vk, metadata: _vm, ...body } = obj;
  const root = { ...schema, properties: rest };
  const errs = objectErrors(body, root, '');
  if (!hasRules(root)) return errs;
  if (errs.some((e) => BLOCKING.has(e.type))) {
    errs.push({ type: 'FieldValueInvalid', field: '<nil>', value: null, detail: 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation' });
  } else {
    for (const [k, v] of Object.entries(body)) errs.push(...allRuleErrors(v, rest[k], k));
  }
  return errs;
}
