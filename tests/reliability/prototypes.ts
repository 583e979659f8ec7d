// The built-in prototypes a polluting write would change: snapshotted before a probe, compared and restored after,
// so a write that does pollute them fails its test instead of breaking the rest of the run.
const PROTOTYPES: ReadonlyArray<readonly [string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
];

export type PrototypeSnapshot = ReadonlyArray<readonly [string, object, Map<PropertyKey, PropertyDescriptor>]>;

function descriptors(target: object): Map<PropertyKey, PropertyDescriptor> {
  const out = new Map<PropertyKey, PropertyDescriptor>();
  for (const key of Reflect.ownKeys(target)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
    if (descriptor) out.set(key, descriptor);
  }
  return out;
}

export function snapshotPrototypes(): PrototypeSnapshot {
  return PROTOTYPES.map(([name, target]) => [name, target, descriptors(target)] as const);
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}

/** What changed on the prototypes since the snapshot, e.g. `Object.prototype.exec added`. */
export function prototypeChanges(snapshot: PrototypeSnapshot): string[] {
  const changes: string[] = [];
  for (const [name, target, before] of snapshot) {
    const now = descriptors(target);
    for (const [key, descriptor] of now) {
      const old = before.get(key);
      if (!old) changes.push(`${name}.${String(key)} added`);
      else if (!sameDescriptor(old, descriptor)) changes.push(`${name}.${String(key)} changed`);
    }
    for (const key of before.keys()) if (!now.has(key)) changes.push(`${name}.${String(key)} removed`);
  }
  return changes;
}

/** Puts the prototypes back as the snapshot found them. */
export function restorePrototypes(snapshot: PrototypeSnapshot): void {
  for (const [, target, before] of snapshot) {
    for (const key of Reflect.ownKeys(target)) if (!before.has(key)) Reflect.deleteProperty(target, key);
    for (const [key, descriptor] of before) Reflect.defineProperty(target, key, descriptor);
  }
}
