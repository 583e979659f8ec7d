// fieldValidation=Ignore|Warn|Strict (Kubernetes 1.25+): unknown fields of a request body are found
// against the OpenAPI v2 definitions the demo serves. Strict fails, Warn (default) adds a Warning
// header per field, and both Warn and Ignore drop the fields (as every apiserver's decoder does).
import type { ServerResponse } from 'node:http';
import { ApiError, badRequest, failure, invalid } from '../http/errors.js';
import { DEFINITIONS } from '../openapi/definitions.js';
import type { ResourceType } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

type Schema = Record<string, unknown>;

/** The directive of a request; Warn when absent (default since 1.27). */
export function fieldValidationOf(query: URLSearchParams): FieldValidation {
  const v = query.get('fieldValidation');
  return v === 'Ignore' || v === 'Strict' ? v : 'Warn';
}

let byGvk: Map<string, string> | undefined;

/** The definition name of a group/version/kind, if the recorded OpenAPI has one. */
function definitionName(group: string, version: string, kind: string): string | undefined {
  if (!byGvk) {
    byGvk = new Map();
    for (const [name, def] of Object.entries(DEFINITIONS)) {
      const list = def['x-kubernetes-group-version-kind'];
      if (!Array.isArray(list)) continue;
      for (const g of list as { group: string; version: string; kind: string }[]) byGvk.set(`${g.group}/${g.version}/${g.kind}`, name);
    }
  }
  return byGvk.get(`${group}/${version}/${kind}`);
}

const resolved = new Map<string, Schema>();

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const hit = resolved.get(ref);
  if (hit) return hit;
  let s = schema;
  for (let i = 0; i < 32 && typeof s.$ref === 'string'; i++) {
    const name = s.$ref.replace('#/definitions/', '');
    s = DEFINITIONS[name] ?? {};
  }
  resolved.set(ref, s);
  return s;
}

/** List-map keys for SSA paths (`[name="c"]`); other lists use indexes. */
const LIST_KEYS: Record<string, string> = { containers: 'name', initContainers: 'name', ephemeralContainers: 'name', env: 'name', volumes: 'name', volumeMounts: 'mountPath' };

interface Found {
  /** Strict-decoding paths: spec.template.spec.containers[0].foo. */
  decoding: string[];
  /** structured-merge-diff paths: .spec.template.spec.containers[name="c"].foo. */
  typed: string[];
}

/** Copies `value` without the fields `schema` does not declare, recording their paths. */
function prune(value: unknown, schema: Schema, path: string, typedPath: string, found: Found): unknown {
  const s = resolve(schema);
  if (s['x-kubernetes-preserve-unknown-fields'] === true) return value;
  if (isPlainObject(value)) {
    const props = s.properties as Record<string, Schema> | undefined;
    const additional = s.additionalProperties;
    if (props) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) {
        const sub = props[k];
        const p = path === '' ? k : `${path}.${k}`;
        if (sub === undefined) {
          found.decoding.push(p);
          found.typed.push(`${typedPath}.${k}`);
          continue;
        }
        out[k] = prune(v, sub, p, `${typedPath}.${k}`, found);
      }
      return out;
    }
    if (isPlainObject(additional)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) out[k] = prune(v, additional, `${path}.${k}`, `${typedPath}.${k}`, found);
      return out;
    }
    return value;
  }
  if (Array.isArray(value) && isPlainObject(s.items)) {
    const items = s.items;
    const field = path.slice(path.lastIndexOf('.') + 1);
    const key = LIST_KEYS[field];
    return value.map((v, i) => {
      const keyValue = key !== undefined && isPlainObject(v) ? v[key] : undefined;
      const typedItem = keyValue !== undefined ? `${typedPath}[${key}=${JSON.stringify(keyValue)}]` : `${typedPath}[${i}]`;
      return prune(v, items, `${path}[${i}]`, typedItem, found);
    });
  }
  return value;
}

/** Whether `value` has a field `schema` does not declare (the common, clean case copies nothing). */
function hasUnknown(value: unknown, schema: Schema): boolean {
  const s = resolve(schema);
  if (s['x-kubernetes-preserve-unknown-fields'] === true) return false;
  if (isPlainObject(value)) {
    const props = s.properties as Record<string, Schema> | undefined;
    if (props) {
      for (const k in value) {
        const sub = props[k];
        if (sub === undefined || hasUnknown(value[k], sub)) return true;
      }
      return false;
    }
    const additional = s.additionalProperties;
    if (isPlainObject(additional)) {
      for (const k in value) if (hasUnknown(value[k], additional)) return true;
    }
    return false;
  }
  if (Array.isArray(value) && isPlainObject(s.items)) {
    const items = s.items;
    return value.some((v) => hasUnknown(v, items));
  }
  return false;
}

/** Unknown fields of a body for a type, and the body without them; undefined when the type has no schema. */
export function findUnknownFields(t: ResourceType, body: unknown): { decoding: string[]; typed: string[]; pruned: unknown } | undefined {
  const name = definitionName(t.group, t.version, t.kind);
  if (name === undefined || !isPlainObject(body)) return undefined;
  const root = { $ref: `#/definitions/${name}` };
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

/** POST/PUT bodies: Strict -> 400 `Kind in version "v1" cannot be handled as a Kind: strict decoding error: ...`. */
export function checkBodyFields(t: ResourceType, body: unknown, query: URLSearchParams, res: ServerResponse): unknown {
  const found = findUnknownFields(t, body);
  if (!found || found.decoding.length === 0) return body;
  const directive = fieldValidationOf(query);
  if (directive === 'Strict') throw badRequest(`${t.kind} in version ${JSON.stringify(t.version)} cannot be handled as a ${t.kind}: ${strictText(found.decoding)}`);
  if (directive === 'Warn') addWarnings(res, found.decoding.map((p) => `unknown field ${JSON.stringify(p)}`));
  return found.pruned;
}

/**
 * Patched objects (JSON, merge, strategic): Strict -> 422 `"" is invalid: patch: Invalid value: ...`
 * as the patcher reports it (the value is the patched object for JSON/merge patches).
 */
export function checkPatchedFields(t: ResourceType, patched: unknown, query: URLSearchParams, res: ServerResponse): unknown {
  const found = findUnknownFields(t, patched);
  if (!found || found.decoding.length === 0) return patched;
  const directive = fieldValidationOf(query);
  if (directive === 'Strict') {
    const err = invalid('', '', '', [{ type: 'FieldValueInvalid', field: 'patch', value: JSON.stringify(patched), detail: strictText(found.decoding) }]);
    // GroupKind{} leaves kind empty, which omitempty drops.
    if (err.status.details) delete err.status.details.kind;
    throw err;
  }
  if (directive === 'Warn') addWarnings(res, found.decoding.map((p) => `unknown field ${JSON.stringify(p)}`));
  return found.pruned;
}

/**
 * Server-side apply: the applied configuration must type-check against the schema whatever the
 * directive (structured-merge-diff), else a 500 with reason Unknown, as the apiserver answers it.
 */
export function checkAppliedFields(t: ResourceType, applied: JsonObject, namespace: string | undefined, name: string): void {
  const found = findUnknownFields(t, applied);
  const first = found?.typed[0];
  if (first === undefined) return;
  const gvk = `${t.group}/${t.version}, Kind=${t.kind}`;
  const message = `failed to create typed patch object (${namespace ?? ''}/${name}; ${gvk}): ${first}: field not declared in schema`;
  throw new ApiError(failure(500, 'Unknown', message));
}
