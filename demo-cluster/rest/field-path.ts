// Path elements of list items as structured-merge-diff writes them: in FieldsV1 (`k:{"name":"c"}` for an
// item of a map list, `v:"x"` for a member of a set) and in messages (`[name="c"]`, `[="x"]`).
import type { Schema } from '../openapi/schema.js';
import type { JsonObject } from '../resources/types.js';
import { field } from '../resources/own-fields.js';
import { isPlainObject, jsonEqual } from '../resources/types.js';

/** An item of a map list, by its key fields (sorted by name). */
export interface ItemKey {
  /** FieldsV1 element: k:{"containerPort":80,"protocol":"TCP"}. */
  fields: string;
  /** Path element in messages: [containerPort=80,protocol="TCP"]. */
  human: string;
}

/**
 * The key of a map-list item; a key field the item omits takes its schema default. Returns the first
 * missing key field instead when there is no default (structured-merge-diff refuses such an item).
 */
export function itemKey(item: unknown, keys: string[], itemSchema: Schema | undefined): ItemKey | { missing: string } {
  const values: [string, unknown][] = [];
  for (const k of [...keys].sort()) {
    const v = (isPlainObject(item) ? field(item, k) : undefined) ?? itemSchema?.keyDefault(k);
    if (v === undefined) return { missing: k };
    values.push([k, v]);
  }
  return {
    fields: `k:{${values.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`,
    human: `[${values.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`,
  };
}

/** The keys of every item of a map list, or undefined when one cannot be keyed. */
export function itemKeys(items: unknown[], keys: string[], itemSchema: Schema | undefined): ItemKey[] | undefined {
  const out: ItemKey[] = [];
  for (const item of items) {
    const key = itemKey(item, keys, itemSchema);
    if ('missing' in key) return undefined;
    out.push(key);
  }
  return out;
}

/** A member of a set (a list of primitives owned item by item). */
export function setMember(value: unknown): ItemKey {
  return { fields: `v:${JSON.stringify(value)}`, human: `[=${JSON.stringify(value)}]` };
}

/** Whether a list item is what a FieldsV1 `k:` or `v:` element names (key fields it omits take their defaults). */
export function matchesElement(item: unknown, element: string, itemSchema?: Schema): boolean {
  if (element.startsWith('v:')) return jsonEqual(item, JSON.parse(element.slice(2)));
  if (!element.startsWith('k:') || !isPlainObject(item)) return false;
  const wanted = JSON.parse(element.slice(2)) as JsonObject;
  return Object.entries(wanted).every(([k, v]) => jsonEqual(field(item, k) ?? itemSchema?.keyDefault(k), v));
}
