// The patch builders round-trip: applying the patch built from (original, modified) to original gives modified.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual, type JsonObject, type JsonValue } from '../../../src/k8s/patch/json';
import { buildJsonPatch } from '../../../src/k8s/patch/json-patch';
import { buildMergePatch } from '../../../src/k8s/patch/merge-patch';
import { buildStrategicMergePatch } from '../../../src/k8s/patch/strategic-merge-patch';
import { threeWayMerge } from '../../../src/k8s/merge/three-way';
import { applyJsonPatch, applyMergePatch } from './apply-patches';
import { fuzz } from './fuzz-runs';

// Keys JSON allows that JavaScript treats specially, and the characters JSON pointers escape.
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'a/b', 'a~b', '~1', '-', '0', ''));
const object = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }) as fc.Arbitrary<JsonObject>;

function withoutNulls(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) if (v !== null) Object.defineProperty(out, k, { value: withoutNulls(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

// A variant of an object: some keys changed, removed or added.
const pairOfObjects = object.chain((original) => fc.tuple(fc.constant(original), fc.oneof(object, fc.constant(original)).map((m) => ({ ...original, ...m }) as JsonObject)));

describe('fuzz: patch builders', () => {
  it('JSON patch: original + buildJsonPatch(original, modified) = modified', () => {
    fuzz(
      'JSON patch round trip',
      fc.property(object, object, (original, modified) => {
        const ops = buildJsonPatch(original, modified, { testResourceVersion: false });
        expect(jsonEqual(applyJsonPatch(original, ops), modified)).toBe(true);
      }),
    );
  });

  it('merge patch: original + buildMergePatch(original, modified) = modified (nulls are deletes in RFC 7386)', () => {
    fuzz(
      'merge patch round trip',
      fc.property(object, object.map((m) => withoutNulls(m) as JsonObject), (original, modified) => {
        expect(jsonEqual(applyMergePatch(original, buildMergePatch(original, modified)), modified)).toBe(true);
      }),
    );
  });

  it('strategic merge patch without schema facts: maps merge and lists replace, like a merge patch', () => {
    fuzz(
      'strategic merge patch round trip (no schema)',
      fc.property(object, object.map((m) => withoutNulls(m) as JsonObject), (original, modified) => {
        const patch = buildStrategicMergePatch(original, modified, Object.assign(() => undefined, { builtIn: true }));
        expect(jsonEqual(applyMergePatch(original, patch), modified)).toBe(true);
      }),
    );
  });
});

const json = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>;

// Top-level keys the merge takes from theirs whatever happens (status, metadata) are left out.
const spec = fc.dictionary(key.filter((k) => k !== 'status' && k !== 'metadata'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }) as fc.Arbitrary<JsonObject>;

describe('fuzz: three-way merge', () => {
  it('a change merged onto an unchanged base is that change, without conflicts', () => {
    fuzz(
      'three-way merge: yours over unchanged theirs',
      fc.property(spec, spec, (base, yours) => {
        const result = threeWayMerge(base, yours, base);
        expect(result.conflicts).toEqual([]);
        expect(jsonEqual(result.merged, yours)).toBe(true);
      }),
    );
  });

  it('an unchanged edit merged onto their change is their change', () => {
    fuzz(
      'three-way merge: unchanged yours under theirs',
      fc.property(spec, spec, (base, theirs) => {
        const result = threeWayMerge(base, base, theirs);
        expect(result.conflicts).toEqual([]);
        expect(jsonEqual(result.merged, theirs)).toBe(true);
      }),
    );
  });

  it('changes to different keys both survive', () => {
    fuzz(
      'three-way merge: disjoint changes',
      fc.property(pairOfObjects, json, json, ([base], mine, theirsValue) => {
        const yours = { ...base, 'yours-key': mine } as JsonObject;
        const theirs = { ...base, 'theirs-key': theirsValue } as JsonObject;
        const result = threeWayMerge(base, yours, theirs);
        expect(jsonEqual(result.merged['yours-key'], mine)).toBe(true);
        expect(jsonEqual(result.merged['theirs-key'], theirsValue)).toBe(true);
      }),
    );
  });
});
