// metadata.managedFields read for people: who owns which field (FieldsV1 sets), and who owns what a change touches.
import type { KubeObject } from '../../k8s/kube-object';

export interface ManagerFields {
  manager: string;
  /** Apply or Update. */
  operation: string;
  apiVersion: string;
  time: string;
  /** '' for the main resource. */
  subresource: string;
  /** Readable paths: spec.replicas, spec.template.spec.containers[name=web].image, metadata.labels[app.kubernetes.io/name]. */
  fields: string[];
}

export interface FieldOwner {
  path: string;
  manager: string;
  operation: string;
  subresource: string;
}

type FieldSet = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function fieldSegment(path: string, name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? (path ? `${path}.${name}` : name) : `${path}[${name}]`;
}

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The readable path of one FieldsV1 key under `path`; null for the "." (the node itself) key. */
function childPath(path: string, key: string): string | null {
  if (key === '.') return null;
  const body = key.slice(2);
  switch (key.slice(0, 2)) {
    case 'f:':
      return fieldSegment(path, body);
    case 'k:': {
      const keys = parseJson(body);
      const label = isPlainObject(keys) ? Object.entries(keys).map(([k, v]) => `${k}=${show(v)}`).join(',') : body;
      return `${path}[${label}]`;
    }
    case 'v:':
      return `${path}[value=${show(parseJson(body) ?? body)}]`;
    case 'i:':
      return `${path}[${body}]`;
    default:
      return `${path}[${key}]`;
  }
}

function leafPaths(set: FieldSet, path: string, out: string[]): string[] {
  for (const [key, child] of Object.entries(set)) {
    const next = childPath(path, key);
    if (next === null) {
      out.push(path);
    } else if (isPlainObject(child) && Object.keys(child).length > 0) {
      leafPaths(child, next, out);
    } else {
      out.push(next);
    }
  }
  return out;
}

/** The managedFields entries of an object, each with the readable paths of the fields it owns. */
export function parseManagedFields(object: KubeObject): ManagerFields[] {
  const entries = object.metadata.managedFields;
  if (!Array.isArray(entries)) return [];
  return entries.filter(isPlainObject).map((entry) => ({
    manager: str(entry.manager),
    operation: str(entry.operation),
    apiVersion: str(entry.apiVersion),
    time: str(entry.time),
    subresource: str(entry.subresource),
    fields: isPlainObject(entry.fieldsV1) ? leafPaths(entry.fieldsV1, '', []) : [],
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The value a FieldsV1 key selects inside `value` (undefined when absent). */
function select(value: unknown, key: string): unknown {
  const body = key.slice(2);
  switch (key.slice(0, 2)) {
    case 'f:':
      return isPlainObject(value) ? value[body] : undefined;
    case 'k:': {
      const keys = parseJson(body);
      if (!Array.isArray(value) || !isPlainObject(keys)) return undefined;
      return value.find((item) => isPlainObject(item) && Object.entries(keys).every(([k, v]) => same(item[k], v)));
    }
    case 'v:': {
      const wanted = parseJson(body);
      return Array.isArray(value) ? value.find((item) => same(item, wanted)) : undefined;
    }
    case 'i:':
      return Array.isArray(value) ? value[Number(body)] : undefined;
    default:
      return undefined;
  }
}

/** An owned leaf changed: values compared, except maps and structs whose presence only is owned (their new keys are not). */
function leafChanged(a: unknown, b: unknown): boolean {
  if (isPlainObject(a) && isPlainObject(b)) return false;
  return !same(a, b);
}

function touched(set: FieldSet, original: unknown, modified: unknown, path: string, out: string[]): string[] {
  for (const [key, child] of Object.entries(set)) {
    const next = childPath(path, key);
    if (next === null) {
      if ((original === undefined) !== (modified === undefined)) out.push(path);
      continue;
    }
    const a = select(original, key);
    const b = select(modified, key);
    if (a === undefined && b === undefined) continue;
    if (isPlainObject(child) && Object.keys(child).length > 0) touched(child, a, b, next, out);
    else if (leafChanged(a, b)) out.push(next);
  }
  return out;
}

export interface OwnersOptions {
  /** Entries not to report, e.g. our own apply (manager kubeglass, operation Apply). */
  exclude?: (entry: Pick<FieldOwner, 'manager' | 'operation' | 'subresource'>) => boolean;
}

/**
 * The fields that change from `original` to `modified` and that a manager in original's managedFields owns: where
 * a server-side apply would conflict (it conflicts only on values that differ) or whose owner an update takes over.
 */
export function ownersOfChangedFields(original: KubeObject, modified: KubeObject, options: OwnersOptions = {}): FieldOwner[] {
  const entries = original.metadata.managedFields;
  if (!Array.isArray(entries)) return [];
  const owners: FieldOwner[] = [];
  for (const entry of entries.filter(isPlainObject)) {
    const who = { manager: str(entry.manager), operation: str(entry.operation), subresource: str(entry.subresource) };
    if (options.exclude?.(who) || !isPlainObject(entry.fieldsV1)) continue;
    for (const path of touched(entry.fieldsV1, original, modified, '', [])) owners.push({ path, ...who });
  }
  return owners;
}
