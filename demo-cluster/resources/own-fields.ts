// Fields of decoded JSON (and tables indexed by request text) read and written by name as plain data. A name
// from a request, such as `__proto__`, `constructor` or `toString`, is a field like any other, as it is to
// kube-apiserver: reads see own fields only, so no walk ever reaches a prototype, and writes define the field
// on the object itself, so `__proto__` is stored instead of replacing the prototype (and being lost).

/** The object's own field `name`, else undefined (never an inherited member). */
export function field<T = unknown>(obj: object, name: string): T | undefined {
  return Object.hasOwn(obj, name) ? ((obj as Record<string, unknown>)[name] as T) : undefined;
}

/** Whether the object has its own field `name`. */
export function hasField(obj: object, name: string): boolean {
  return Object.hasOwn(obj, name);
}

/** Sets the object's own field `name`; `__proto__` becomes a field too, the prototype stays. */
export function setField(obj: object, name: string, value: unknown): void {
  // Plain assignment is the fast path; only `__proto__` is an inherited setter on ordinary objects.
  if (name === '__proto__') Object.defineProperty(obj, name, { value, writable: true, enumerable: true, configurable: true });
  else (obj as Record<string, unknown>)[name] = value;
}

/** A lookup table keyed by request text (query values, field labels) with no inherited entries. */
export function ownTable<V>(entries: Record<string, V>): Readonly<Record<string, V | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries));
}
