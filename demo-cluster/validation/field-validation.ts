// fieldValidation=Ignore|Warn|Strict (Kubernetes 1.25+): unknown fields of a request body are found
// against the OpenAPI v2 definitions the demo serves, and repeated keys of a JSON body in its text. Strict
// fails, Warn (default) adds a Warning header per finding, and both Warn and Ignore drop unknown fields
// (as every apiserver's decoder does; of repeated keys the last wins).
import type { ServerResponse } from 'node:http';
import { ApiError, badRequest, failure, invalid } from '../http/errors.js';
import { Schema } from '../openapi/schema.js';
import { itemKey } from '../rest/field-path.js';
import type { ResourceType } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';
import { setField } from '../resources/own-fields.js';
import { isPlainObject } from '../resources/types.js';
import { keysOf } from './duplicate-fields.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

/** The directive of a request; Warn when absent (default since 1.27). */
export function fieldValidationOf(query: URLSearchParams): FieldValidation {
  const v = query.get('fieldValidation');
  return v === 'Ignore' || v === 'Strict' ? v : 'Warn';
}

interface Found {
  /** Strict-decoding paths: spec.template.spec.containers[0].foo. */
  decoding: string[];
  /** structured-merge-diff paths: .spec.template.spec.containers[name="c"].foo. */
  typed: string[];
}

/** The schema of a declared field; undefined for an unknown one (an own property only: "constructor" is unknown). */
function fieldSchema(schema: Schema, field: string): Schema | undefined {
  const props = schema.raw.properties;
  if (isPlainObject(props)) return Object.hasOwn(props, field) ? schema.property(field) : undefined;
  return schema.property(field);
}

/** Whether the schema types the fields of an object (declared properties or additionalProperties). */
function typesFields(schema: Schema): boolean {
  return isPlainObject(schema.raw.properties) || isPlainObject(schema.raw.additionalProperties);
}

/** The typed path of a list item: by its keys in a map list (as structured-merge-diff names it), else by index. */
function typedItemPath(schema: Schema, item: unknown, index: number, typedPath: string): string {
  const rules = schema.list();
  const key = rules.listType === 'map' ? itemKey(item, rules.listMapKeys, schema.items()) : undefined;
  return key && !('missing' in key) ? `${typedPath}${key.human}` : `${typedPath}[${index}]`;
}

/** Copies `value` without the fields `schema` does not declare, recording their paths. */
function prune(value: unknown, schema: Schema, path: string, typedPath: string, found: Found): unknown {
  if (schema.raw['x-kubernetes-preserve-unknown-fields'] === true) return value;
  if (isPlainObject(value) && typesFields(schema)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      const sub = fieldSchema(schema, k);
      const p = path === '' ? k : `${path}.${k}`;
      if (sub === undefined) {
        found.decoding.push(p);
        found.typed.push(`${typedPath}.${k}`);
      } else setField(out, k, prune(v, sub, p, `${typedPath}.${k}`, found));
    }
    return out;
  }
  const items = schema.items();
  if (Array.isArray(value) && items) return value.map((v, i) => prune(v, items, `${path}[${i}]`, typedItemPath(schema, v, i, typedPath), found));
  return value;
}

/** Whether `value` has a field `schema` does not declare (the common, clean case copies nothing). */
function hasUnknown(value: unknown, schema: Schema): boolean {
  if (schema.raw['x-kubernetes-preserve-unknown-fields'] === true) return false;
  if (isPlainObject(value) && typesFields(schema)) {
    for (const [k, v] of Object.entries(value)) {
      const sub = fieldSchema(schema, k);
      if (sub === undefined || hasUnknown(v, sub)) return true;
    }
    return false;
  }
  const items = schema.items();
  return Array.isArray(value) && items !== undefined && value.some((v) => hasUnknown(v, items));
}

/**
 * Unknown fields of a body for a type, and the body without them; undefined when the type has no schema.
 * Custom resources are pruned against their CRD's structural schema (their own definitions).
 */
export function findUnknownFields(t: ResourceType, body: unknown): { decoding: string[]; typed: string[]; pruned: unknown } | undefined {
  const root = Schema.forType(t);
  if (!root || !isPlainObject(body)) return undefined;
  if (!hasUnknown(body, root)) return { decoding: [], typed: [], pruned: body };
  const found: Found = { decoding: [], typed: [] };
  const pruned = prune(body, root, '', '', found);
  return { ...found, pruned };
}

/** Appends Warning headers (`299 - "text"`) to a response that has not started. */
export function addWarnings(res: ServerResponse, texts: string[]): void {
  if (texts.length === 0 || res.headersSent) return;
  const prev = res.getHeader('Warning');
  const existing = Array.isArray(prev) ? prev : typeof prev === 'string' ? [prev] : [];
  res.setHeader('Warning', [...existing, ...texts.map((w) => `299 - ${JSON.stringify(w)}`)]);
}

const strictText = (paths: string[]): string => `strict decoding error: ${paths.map((p) => `unknown field ${JSON.stringify(p)}`).join(', ')}`;

/**
 * The strict decoder's findings in document order: unknown fields (where first seen) and repeated keys
 * (those inside an unknown field are skipped with it).
 */
function strictProblems(unknown: string[], body: unknown): string[] {
  const keys = keysOf(body);
  if (!keys) return unknown.map((p) => `unknown field ${JSON.stringify(p)}`);
  const inUnknown = (p: string): boolean => unknown.some((u) => p.startsWith(`${u}.`) || p.startsWith(`${u}[`));
  const pending = new Set(unknown);
  const out: string[] = [];
  for (const k of keys) {
    if (k.duplicate) {
      if (!inUnknown(k.path)) out.push(`duplicate field ${JSON.stringify(k.path)}`);
    } else if (pending.delete(k.path)) out.push(`unknown field ${JSON.stringify(k.path)}`);
  }
  return [...out, ...[...pending].map((p) => `unknown field ${JSON.stringify(p)}`)];
}

/** POST/PUT bodies: Strict -> 400 `Kind in version "v1" cannot be handled as a Kind: strict decoding error: ...`. */
export function checkBodyFields(t: ResourceType, body: unknown, query: URLSearchParams, res: ServerResponse): unknown {
  const found = findUnknownFields(t, body);
  if (!found) return body;
  const problems = strictProblems(found.decoding, body);
  if (problems.length === 0) return body;
  const directive = fieldValidationOf(query);
  if (directive === 'Strict') throw badRequest(`${t.kind} in version ${JSON.stringify(t.version)} cannot be handled as a ${t.kind}: strict decoding error: ${problems.join(', ')}`);
  if (directive === 'Warn') addWarnings(res, problems);
  return found.pruned;
}

/** Go's %v of a decoded JSON value (a strategic merge patch's map): `map[metadata:map[bogus:1] spec:map[x:1]]`. */
function goPrint(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goPrint).join(' ')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `map[${keys.map((k) => `${k}:${goPrint(value[k])}`).join(' ')}]`;
  }
  if (typeof value === 'number') return goFloat(value);
  return String(value);
}

/** %v of a patch number: an int64 as decoded, else a float64 (shortest digits, %e form for exponents below -4 or from 21 on). */
function goFloat(n: number): string {
  if (Number.isSafeInteger(n)) return String(n);
  const [mantissa = '0', exp = '0'] = n.toExponential().split('e');
  const e = Number(exp);
  if (n === 0 || (e >= -4 && e < 21)) return String(n);
  return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** A copy with the keys of every object sorted. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!isPlainObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) setField(out, k, sortedKeys(v[k]));
  return out;
}

/**
 * Patched objects (JSON, merge, strategic): Strict -> 422 `"" is invalid: patch: Invalid value: ...` as the
 * patcher reports it: the patch itself (%v) for a strategic merge patch, the patched object's JSON otherwise.
 */
export function checkPatchedFields(t: ResourceType, patched: unknown, patch: { contentType: string; body: unknown }, query: URLSearchParams, res: ServerResponse): unknown {
  // An unstructured patch result is decoded from Go's marshalling of it: keys sorted, so unknown fields in that order.
  const ordered = t.unstructured ? sortedKeys(patched) : patched;
  const found = findUnknownFields(t, ordered);
  if (!found || found.decoding.length === 0) return patched;
  const directive = fieldValidationOf(query);
  if (directive === 'Strict') {
    const value = patch.contentType === 'application/strategic-merge-patch+json' ? goPrint(patch.body) : JSON.stringify(ordered);
    const err = invalid('', '', '', [{ type: 'FieldValueInvalid', field: 'patch', value, detail: strictText(found.decoding) }]);
    // GroupKind{} leaves kind empty, which omitempty drops.
    if (err.status.details) delete err.status.details.kind;
    throw err;
  }
  if (directive === 'Warn') addWarnings(res, found.decoding.map((p) => `unknown field ${JSON.stringify(p)}`));
  return found.pruned;
}

/** The parent of a typed path (`.spec.foo` -> `.spec`). */
const parentOf = (typedPath: string): string => typedPath.slice(0, typedPath.lastIndexOf('.'));

/**
 * Server-side apply: the applied configuration must type-check against the schema whatever the
 * directive (structured-merge-diff), else a 500 as the apiserver answers it. structured-merge-diff stops
 * at the first undeclared field of each object (in Go's map order: the demo takes the first written).
 */
export function checkAppliedFields(t: ResourceType, applied: JsonObject, name: string): void {
  const typed = findUnknownFields(t, applied)?.typed ?? [];
  const parents = new Set<string>();
  const first = typed.filter((p) => !parents.has(parentOf(p)) && parents.add(parentOf(p)));
  if (first.length > 0) throw typedPatchFailure(t, applied, name, first.map((p) => `${p}: field not declared in schema`));
}

/**
 * The 500 of an applied configuration structured-merge-diff cannot type: a Status without a reason, naming
 * the applied object's own namespace (empty when it names none), and its errors.
 */
export function typedPatchFailure(t: ResourceType, applied: JsonObject, name: string, errors: string[]): ApiError {
  const gvk = `${t.group}/${t.version}, Kind=${t.kind}`;
  const meta = isPlainObject(applied.metadata) ? applied.metadata : {};
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : '';
  const detail = errors.length === 1 ? (errors[0] ?? '') : `errors:\n${errors.map((e) => `  ${e}`).join('\n')}`;
  const status = failure(500, '', `failed to create typed patch object (${namespace}/${name}; ${gvk}): ${detail}`);
  delete status.reason;
  return new ApiError(status);
}
