// Structural sharing between two parses of the draft: the parts of the new value equal to the old one are the old
// objects, so the form's memoized fields skip what a keystroke did not change.
import { isRecord as isObject, ownValue, setOwn } from '../../../k8s/own-properties';

/** `next`, with every subtree deep-equal to the same place in `previous` replaced by that subtree of `previous`. */
export function shareUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const out = next.map((item, i) => {
      const shared = shareUnchanged(previous[i], item);
      if (shared !== previous[i]) same = false;
      return shared;
    });
    return (same ? previous : out) as T;
  }
  if (isObject(previous) && isObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const previousKeys = Object.keys(previous);
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      const was = ownValue(previous, key);
      const shared = Object.hasOwn(previous, key) ? shareUnchanged(was, next[key]) : next[key];
      // Key order is part of what the form shows (fields follow the YAML).
      if (shared !== was || previousKeys[i] !== key) same = false;
      setOwn(out, key, shared);
    });
    return (same ? previous : out) as T;
  }
  return next;
}
