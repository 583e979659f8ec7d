// JSON text of stored objects, computed once: stored objects are immutable, so a watch event fanned
// out to many watchers, or an object listed many times, is serialized once.
const cache = new WeakMap<object, string>();

/** JSON.stringify(value), memoized by identity; only for values that are never mutated (stored objects). */
export function cachedJson(value: object): string {
  let text = cache.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    cache.set(value, text);
  }
  return text;
}
