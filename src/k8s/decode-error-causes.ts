// The fields a 400 decode error names, as Status causes the editor can mark. Since the apiserver decodes with
// sigs.k8s.io/json (1.37 does) its message says which field failed: `strict decoding error: unknown field
// "spec.bogus", duplicate field "data"` (field paths with list indices) or `json: cannot unmarshal string into
// Go struct field DeploymentSpec.spec.replicas of type int32` (JSON keys without indices, found here in the
// text: the first list item whose value there has the JSON kind the server names). json-iterator's wording of
// older servers (`v1.DeploymentSpec.Replicas: readUint32: ...`) names Go fields and gives no causes.
import { parse as parseYaml } from 'yaml';
import type { StatusCause } from './kube-status';

const STRICT = /strict decoding error: (.*)$/s;
const STRICT_FINDING = /(unknown|duplicate) field "((?:[^"\\]|\\.)*)"/g;
const TYPE_ERROR = /json: cannot unmarshal ((string|number|bool|array|object)(?: \S+)?) into Go struct field [A-Za-z0-9_]+\.(\S+) of type (.+)$/;

type JsonKind = 'string' | 'number' | 'bool' | 'array' | 'object';

function kindOf(value: unknown): JsonKind | 'null' {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  return Array.isArray(value) ? 'array' : 'object';
}

/** `spec.template.spec.containers.env.value` as it is in `doc`: list indices added where the kind is met. */
function indexedPath(doc: unknown, keys: string[], kind: JsonKind): string | undefined {
  const walk = (value: unknown, rest: string[], path: string): string | undefined => {
    if (rest.length === 0) return kindOf(value) === kind ? path : undefined;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const found = walk(value[i], rest, `${path}[${i}]`);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    const [key = '', ...tail] = rest;
    if (!Object.hasOwn(value, key)) return undefined;
    return walk((value as Record<string, unknown>)[key], tail, path === '' ? key : `${path}.${key}`);
  };
  return walk(doc, keys, '');
}

/** The text of the edited object as JSON-like data; undefined when it does not parse. */
function parsed(text: string): unknown {
  try {
    return parseYaml(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Causes for the fields a decode error's message names; none for other messages. */
export function decodeErrorCauses(message: string, text: string): StatusCause[] {
  const strict = STRICT.exec(message);
  if (strict) {
    return [...(strict[1] ?? '').matchAll(STRICT_FINDING)].map((m) => ({
      field: (m[2] ?? '').replace(/\\(.)/g, '$1'),
      message: `${m[1] ?? ''} field`,
    }));
  }
  const typeError = TYPE_ERROR.exec(message);
  if (!typeError) return [];
  const [, value = '', kind = 'object', path = '', goType = ''] = typeError;
  const keys = path.split('.');
  const field = indexedPath(parsed(text), keys, kind as JsonKind) ?? path;
  return [{ field, message: `cannot unmarshal ${value} into ${goType}` }];
}
