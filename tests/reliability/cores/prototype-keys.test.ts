// Objects with "__proto__", "constructor" and "prototype" at any depth, on either side, through the merge and patch
// cores and the form's value writers: every result is right (a patch applied to the original gives the modified
// object, an edit of the value is what the edited YAML reads back as) and no prototype changes.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { threeWayMerge } from '../../../src/k8s/merge/three-way';
import { buildApplyPatch } from '../../../src/k8s/patch/apply-patch';
import { jsonEqual, ownValue, type JsonObject, type JsonValue } from '../../../src/k8s/patch/json';
import { buildJsonPatch } from '../../../src/k8s/patch/json-patch';
import { buildMergePatch } from '../../../src/k8s/patch/merge-patch';
import { buildStrategicMergePatch } from '../../../src/k8s/patch/strategic-merge-patch';
import { editYaml, YamlEditError, type YamlEdit } from '../../../src/k8s/yaml-edit';
import { readYaml } from '../../../src/k8s/yaml-read';
import { toYaml } from '../../../src/writes/draft/editable-object';
import { applyEdit } from '../../../src/features/edit/form/apply-edit';
import { shareUnchanged } from '../../../src/features/edit/form/share-unchanged';
import { changedPaths, orderedLike } from '../../../src/writes/draft/object-diff';
import { applyJsonPatch, applyMergePatch, setOwn } from './apply-patches';
import { fuzz } from './fuzz-runs';
import { prototypesNow, prototypesUnchanged } from './prototype-watch';

const HOSTILE = ['__proto__', 'constructor', 'prototype'] as const;
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.constantFrom('a', 'name', 'toString', 'hasOwnProperty', 'valueOf') },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const leaf: fc.Arbitrary<JsonValue> = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null));

/** An object as JSON.parse builds it: every key an own property of a plain object, "__proto__" included. */
function ownObject(entries: readonly (readonly [string, JsonValue])[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of entries) setOwn(out, k, v);
  return out;
}

const { object } = fc.letrec<{ value: JsonValue; object: JsonObject; list: JsonValue[] }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), tie('list')),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map(ownObject),
  list: fc.array(tie('value'), { maxLength: 3 }),
}));

/** A variant of `original`: some of its keys (at any depth) changed, removed or added. */
function variant(original: JsonValue): fc.Arbitrary<JsonValue> {
  if (original === null || typeof original !== 'object' || Array.isArray(original)) return fc.oneof(fc.constant(original), leaf, object);
  const entries = Object.entries(original);
  const kept = entries.map(([k, v]) => fc.oneof(fc.constant([k, v] as const), variant(v).map((w) => [k, w] as const), fc.constant(null)));
  return fc.tuple(fc.tuple(...kept), fc.array(fc.tuple(key, fc.oneof(leaf, object)), { maxLength: 2 })).map(([changed, added]) =>
    ownObject([...changed.filter((e): e is readonly [string, JsonValue] => e !== null), ...added]),
  );
}

const pair = object.chain((original) => fc.tuple(fc.constant(original), variant(original) as fc.Arbitrary<JsonObject>));

function withoutNulls(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') return ownObject(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}

// RFC 7386 cannot set a null: the merge-shaped patches are checked on objects without nulls.
const nullFreePair = pair.map(([o, m]) => [o, withoutNulls(m) as JsonObject] as const);
const noSchema = Object.assign(() => undefined, { builtIn: true });

const before = prototypesNow();
afterEach(() => {
  expect(prototypesUnchanged(before), 'a prototype changed').toBe(true);
});

/** Asserts the result and that no prototype changed on the way. */
function holds(result: boolean): void {
  expect(result).toBe(true);
  expect(prototypesUnchanged(before)).toBe(true);
}

describe('fuzz: prototype keys through the patch builders', () => {
  it('merge patch: original + patch = modified', () => {
    fuzz('prototype keys: merge patch round trip', fc.property(nullFreePair, ([o, m]) => holds(jsonEqual(applyMergePatch(o, buildMergePatch(o, m)), m))));
  });

  it('strategic merge patch (no schema facts): original + patch = modified', () => {
    fuzz(
      'prototype keys: strategic merge patch round trip',
      fc.property(nullFreePair, ([o, m]) => holds(jsonEqual(applyMergePatch(o, buildStrategicMergePatch(o, m, noSchema)), m))),
    );
  });

  it('JSON patch: original + ops = modified', () => {
    fuzz(
      'prototype keys: JSON patch round trip',
      fc.property(pair, ([o, m]) => holds(jsonEqual(applyJsonPatch(o, buildJsonPatch(o, m, { testResourceVersion: false })), m))),
    );
  });

  it('apply patch: every field of the object is in the body', () => {
    fuzz(
      'prototype keys: apply patch keeps the fields',
      fc.property(object, (data) => {
        const body = buildApplyPatch({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1' }, data });
        holds(jsonEqual(body.data, data));
      }),
    );
  });
});

/** Top-level keys the three-way merge always takes from theirs are left out. */
const spec = object.map((o) => ownObject(Object.entries(o).filter(([k]) => k !== 'status' && k !== 'metadata')));
const specPair = spec.chain((base) => fc.tuple(fc.constant(base), variant(base) as fc.Arbitrary<JsonObject>));

describe('fuzz: prototype keys through the three-way merge', () => {
  it('yours merged onto an unchanged theirs is yours', () => {
    fuzz(
      'prototype keys: three-way merge, theirs unchanged',
      fc.property(specPair, ([base, yours]) => {
        const { merged, conflicts } = threeWayMerge(base, yours, base);
        holds(conflicts.length === 0 && jsonEqual(merged, yours));
      }),
    );
  });

  it('an unchanged yours merged onto theirs is theirs', () => {
    fuzz(
      'prototype keys: three-way merge, yours unchanged',
      fc.property(specPair, ([base, theirs]) => {
        const { merged, conflicts } = threeWayMerge(base, base, theirs);
        holds(conflicts.length === 0 && jsonEqual(merged, theirs));
      }),
    );
  });

  it('changes under different hostile keys both survive', () => {
    fuzz(
      'prototype keys: three-way merge, disjoint changes',
      fc.property(spec, object, object, (spec, mine, theirsValue) => {
        const base = Object.entries(spec).filter(([k]) => k !== '__proto__' && k !== 'constructor');
        const yours = ownObject([...base, ['__proto__', mine]]);
        const theirs = ownObject([...base, ['constructor', theirsValue]]);
        const { merged } = threeWayMerge(ownObject(base), yours, theirs);
        holds(jsonEqual(ownValue(merged, '__proto__'), mine) && jsonEqual(ownValue(merged, 'constructor'), theirsValue));
      }),
    );
  });
});

const path = fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 1, arbitrary: fc.constantFrom('a', 'data', 'toString') }), {
  minLength: 1,
  maxLength: 4,
});
const scalar = fc.oneof(fc.constantFrom('x', 'yes', '1'), fc.integer({ min: 0, max: 99 }));
const edit: fc.Arbitrary<YamlEdit> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), path, value: scalar }),
  fc.record({ op: fc.constant('delete' as const), path }),
);

/** What editYaml makes of the value's YAML, read back; null when the edit does not fit the text (a path through a scalar). */
function editedYaml(value: JsonObject, change: YamlEdit): unknown {
  let text: string;
  try {
    text = editYaml(toYaml(value), change);
  } catch (error) {
    if (error instanceof YamlEditError) return null;
    throw error;
  }
  const read = readYaml(text);
  if (!read.ok) throw new Error(`the edited YAML does not read back: ${read.problems[0]?.message ?? ''}\n${text}`);
  return read.value;
}

describe('fuzz: prototype keys through the form and the YAML', () => {
  it('YAML written and read back is the same object', () => {
    fuzz(
      'prototype keys: YAML round trip',
      fc.property(object, (value) => {
        const read = readYaml(toYaml(value));
        holds(read.ok && jsonEqual(read.value as JsonValue, value));
      }),
    );
  });

  it('an edit of the value is what the edited YAML reads back as', () => {
    fuzz(
      'prototype keys: form edit = YAML edit',
      fc.property(object, edit, (value, change) => {
        const fromText = editedYaml(value, change);
        fc.pre(fromText !== null);
        holds(jsonEqual(applyEdit(value, change) as JsonValue, fromText as JsonValue));
      }),
    );
  });

  it('structural sharing gives the new value, sharing what did not change', () => {
    fuzz(
      'prototype keys: structural sharing',
      fc.property(pair, ([previous, next]) => {
        const shared = shareUnchanged(previous, next);
        holds(jsonEqual(shared, next) && shareUnchanged(next, structuredClone(next)) === next);
      }),
    );
  });

  it('the diff of a value with itself is empty, and ordering like another keeps the value', () => {
    fuzz(
      'prototype keys: diff and order',
      fc.property(pair, ([a, b]) => {
        const ordered = orderedLike(b, a) as JsonValue;
        holds(changedPaths(a, structuredClone(a)).length === 0 && jsonEqual(ordered, b) && changedPaths(b, ordered).length === 0);
      }),
    );
  });
});
