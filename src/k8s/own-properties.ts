// Objects read and written by keys from API data or from the editor: "__proto__", "constructor" and "prototype" are
// ordinary keys in JSON and YAML (JSON.parse and the yaml library make them own properties), so only own
// properties are read, and writes define own properties instead of assigning (assigning "__proto__" would
// replace the object's prototype and lose the data).

/** Keys of objects and indexes of lists, from the root. */
export type PropertyPath = ReadonlyArray<string | number>;

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value `object` holds itself at `key`; undefined when it has no such own property (inherited members are not data). */
export function ownValue<T>(object: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `key` as an own, enumerable property, whatever the key. */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The value at `path`: own properties of objects, items of lists; undefined where the path leaves the value. */
export function ownValueAt(value: unknown, path: PropertyPath): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current)) {
      if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0 || segment >= current.length) return undefined;
      current = current[segment] as unknown;
    } else if (isRecord(current)) {
      current = ownValue(current, String(segment));
    } else return undefined;
  }
  return current;
}
