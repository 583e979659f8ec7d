// What a prototype pollution would change: the own members of the built-in prototypes (names and values), and
// whether a fresh object inherits something it should not.

const WATCHED: readonly object[] = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype];

/** Each watched prototype's own members, with the value (or accessors) each had. */
export type PrototypeSnapshot = Map<object, Map<string | symbol, unknown[]>>;

export function prototypesNow(): PrototypeSnapshot {
  const snapshot: PrototypeSnapshot = new Map();
  for (const proto of WATCHED) {
    const members = new Map<string | symbol, unknown[]>();
    for (const name of Reflect.ownKeys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      members.set(name, [d?.value, d?.get, d?.set]);
    }
    snapshot.set(proto, members);
  }
  return snapshot;
}

const PROBE_KEYS = ['polluted', 'exec', 'command', 'isAdmin', 'x'];

/** True when no watched prototype gained, lost or changed a member since `before`, and `{}` inherits nothing new. */
export function prototypesUnchanged(before: PrototypeSnapshot): boolean {
  const now = prototypesNow();
  for (const [proto, members] of before) {
    const current = now.get(proto);
    if (!current || current.size !== members.size) return false;
    for (const [name, parts] of members) {
      const seen = current.get(name);
      if (!seen || seen.some((part, i) => part !== parts[i])) return false;
    }
  }
  const fresh: Record<string, unknown> = {};
  return Object.getPrototypeOf(fresh) === Object.prototype && PROBE_KEYS.every((k) => fresh[k] === undefined);
}
