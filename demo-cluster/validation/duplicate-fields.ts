// Duplicate keys of a JSON body, which JSON.parse resolves its own way (the last wins) and the apiserver's
// strict decoder reports (`duplicate field "metadata.labels.a"`) after decoding them as encoding/json does.
// Keys are recorded in document order with the paths the strict decoder prints: joined by ".", items as [i].
import { setField } from '../resources/own-fields.js';

/** One key of the text: its path, where it starts, and whether its object had it already. */
export interface KeyOccurrence {
  path: string;
  offset: number;
  duplicate: boolean;
}

const remembered = new WeakMap<object, KeyOccurrence[]>();

/**
 * Parses valid JSON text as encoding/json decodes a repeated key: into the value already there, so two
 * objects merge (recursively) and anything else is replaced. Records every key on the way.
 */
function parseGo(text: string, out: KeyOccurrence[]): unknown {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text.charAt(i) !== '"') i += text.charAt(i) === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const merge = (prev: unknown, next: unknown): unknown => {
    if (!isObject(prev) || !isObject(next)) return next;
    const merged: Record<string, unknown> = { ...prev };
    for (const [k, v] of Object.entries(next)) setField(merged, k, Object.hasOwn(merged, k) ? merge(merged[k], v) : v);
    return merged;
  };
  const value = (path: string): unknown => {
    ws();
    const c = text.charAt(i);
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text.charAt(i) === '}') {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        const offset = i;
        const key = string();
        const child = path === '' ? key : `${path}.${key}`;
        const duplicate = Object.hasOwn(obj, key);
        out.push({ path: child, offset, duplicate });
        ws();
        i++; // ':'
        const v = value(child);
        setField(obj, key, duplicate ? merge(obj[key], v) : v);
        ws();
        if (text.charAt(i++) === '}') return obj;
      }
    }
    if (c === '[') {
      i++;
      const list: unknown[] = [];
      ws();
      if (text.charAt(i) === ']') {
        i++;
        return list;
      }
      for (let n = 0; ; n++) {
        list.push(value(`${path}[${n}]`));
        ws();
        if (text.charAt(i++) === ']') return list;
      }
    }
    if (c === '"') return string();
    const start = i;
    while (i < text.length && !',}] \t\n\r'.includes(text.charAt(i))) i++;
    return JSON.parse(text.slice(start, i)) as unknown;
  };
  return value('');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a JSON body; when some object repeats a key, decodes it as Go does and remembers its keys (see keysOf). */
export function parseJsonBody(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (typeof value !== 'object' || value === null || !/"\s*:/.test(text)) return value;
  const keys: KeyOccurrence[] = [];
  const decoded = parseGo(text, keys);
  if (!keys.some((k) => k.duplicate) || typeof decoded !== 'object' || decoded === null) return value;
  remembered.set(decoded, keys);
  return decoded;
}

/** The keys of a body parsed by parseJsonBody, when it had duplicates. */
export function keysOf(body: unknown): KeyOccurrence[] | undefined {
  return typeof body === 'object' && body !== null ? remembered.get(body) : undefined;
}
