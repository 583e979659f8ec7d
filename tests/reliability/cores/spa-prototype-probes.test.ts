// "__proto__", "constructor" and "prototype" are ordinary keys in JSON and YAML: each probe sends such a key from
// API data or from the editor through one of the SPA's cores and checks that no prototype changed and that the key
// came out as data, where it went in.
import { afterEach, describe, expect, it } from 'vitest';
import { threeWayMerge } from '../../../src/k8s/merge/three-way';
import { kindSchemaFromDefinitions } from '../../../src/k8s/openapi/kind-schema';
import { buildApplyPatch } from '../../../src/k8s/patch/apply-patch';
import { jsonEqual, type JsonObject } from '../../../src/k8s/patch/json';
import { buildJsonPatch } from '../../../src/k8s/patch/json-patch';
import { buildMergePatch } from '../../../src/k8s/patch/merge-patch';
import { buildStrategicMergePatch } from '../../../src/k8s/patch/strategic-merge-patch';
import { editYaml } from '../../../src/k8s/yaml-edit';
import { readYaml } from '../../../src/k8s/yaml-read';
import { applyEdit } from '../../../src/features/edit/form/apply-edit';
import { locateSchemaPath } from '../../../src/features/edit/form/form-paths';
import { shareUnchanged } from '../../../src/features/edit/form/share-unchanged';
import { classifiedChanges, orderedLike } from '../../../src/writes/draft/object-diff';
import { blocked } from '../probe-report';
import { prototypesNow, prototypesUnchanged } from './prototype-watch';

const CATEGORY = 'Prototype keys in the SPA';

const before = prototypesNow();

afterEach(() => {
  // A probe that polluted a prototype must not make the next one pass or fail for it.
  expect(prototypesUnchanged(before), 'a prototype changed').toBe(true);
});

function record(probe: string, check: () => boolean): void {
  let held: boolean;
  try {
    held = check() && prototypesUnchanged(before);
  } catch {
    held = false;
  }
  blocked(CATEGORY, probe, held);
}

/** A ConfigMap as the API sends it: JSON.parse makes "__proto__" an own key. */
const configMap = (data: string): JsonObject => JSON.parse(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c1","resourceVersion":"5"},"data":${data}}`) as JsonObject;
const dataOf = (o: unknown): JsonObject => (o as { data: JsonObject }).data;
const own = (o: unknown, key: string): unknown => (Object.hasOwn(o as object, key) ? (o as Record<string, unknown>)[key] : undefined);

describe('probes: prototype keys through the SPA cores', () => {
  it('three-way merge keeps a ConfigMap data key "__proto__" that you edited', () => {
    const base = configMap('{"__proto__":"a","other":"1"}');
    const yours = configMap('{"__proto__":"b","other":"1"}');
    const theirs = configMap('{"__proto__":"a","other":"2"}');
    record('three-way merge drops or inherits data.__proto__', () => {
      const { merged, conflicts } = threeWayMerge(base, yours, theirs);
      return conflicts.length === 0 && own(dataOf(merged), '__proto__') === 'b' && own(dataOf(merged), 'other') === '2';
    });
  });

  const keyed = (body: string) => body.includes('"__proto__":{"polluted":"yes"}') && body.includes('"constructor":{"prototype":{"polluted":"yes"}}');
  it.each([
    ['merge', (o: JsonObject, m: JsonObject) => keyed(JSON.stringify(buildMergePatch(o, m)))],
    ['strategic merge', (o: JsonObject, m: JsonObject) => keyed(JSON.stringify(buildStrategicMergePatch(o, m, Object.assign(() => undefined, { builtIn: true }))))],
    ['apply', (_o: JsonObject, m: JsonObject) => keyed(JSON.stringify(buildApplyPatch(m)))],
    [
      'JSON',
      (o: JsonObject, m: JsonObject) =>
        jsonEqual(buildJsonPatch(o, m).slice(1) as unknown as JsonObject, [
          { op: 'replace', path: '/data/__proto__/polluted', value: 'yes' },
          { op: 'add', path: '/data/constructor', value: JSON.parse('{"prototype":{"polluted":"yes"}}') as JsonObject },
        ] as unknown as JsonObject),
    ],
  ])('the %s patch builder emits data.__proto__ and data.constructor', (name, emits) => {
    const original = configMap('{"__proto__":{"polluted":"no"},"keep":"1"}');
    const modified = configMap('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"keep":"1"}');
    record(`${name} patch drops data.__proto__ or data.constructor`, () => emits(original, modified));
  });

  it('structural sharing between two parses keeps a "__proto__" key as data', () => {
    const previous = readYaml('data:\n  __proto__: a\n');
    const next = readYaml('data:\n  __proto__:\n    polluted: yes\n');
    record('shareUnchanged turns data.__proto__ into a prototype', () => {
      if (!previous.ok || !next.ok) return false;
      const shared = shareUnchanged(previous.value, next.value);
      return jsonEqual(shared as JsonObject, next.value as JsonObject) && Object.getPrototypeOf(dataOf(shared)) === Object.prototype;
    });
  });

  it('a form edit at data.__proto__ writes an own key, like the YAML text it edits', () => {
    const text = 'data:\n  a: "1"\n';
    const edit = { op: 'set' as const, path: ['data', '__proto__', 'polluted'], value: 'yes' };
    record('applyEdit at data.__proto__.polluted differs from the edited YAML', () => {
      const read = readYaml(editYaml(text, edit));
      const applied = applyEdit({ data: { a: '1' } }, edit);
      return read.ok && jsonEqual(applied as JsonObject, read.value as JsonObject) && ({} as Record<string, unknown>).polluted === undefined;
    });
  });

  it('removing a field under an absent "__proto__" leaves the value as it was', () => {
    const value = { spec: { replicas: 1 } };
    record('applyEdit delete of spec.__proto__.toString adds spec.__proto__', () => {
      const after = applyEdit(value, { op: 'delete', path: ['spec', '__proto__', 'toString'] });
      return jsonEqual(after as JsonObject, value);
    });
  });

  it('a diff of a field named "constructor" calls it added, not changed from a function', () => {
    record('classifiedChanges reads an inherited constructor as the old value', () => {
      const changes = classifiedChanges({ spec: {} }, { spec: { constructor: 'x' } });
      return jsonEqual(changes.added, ['spec.constructor']) && changes.changed.length === 0;
    });
  });

  it('ordering a value like the server\'s adds no inherited member', () => {
    record('orderedLike adds constructor from the prototype', () => jsonEqual(orderedLike({ a: 1 }, { constructor: 'x', a: 1 }) as JsonObject, { a: 1 }));
  });

  it('a schema field named "constructor" is not found in an object that lacks it', () => {
    record('locateSchemaPath finds spec.constructor through the prototype', () => !locateSchemaPath({ spec: {} }, ['spec', 'constructor']).set);
  });

  it('a CRD schema property named "__proto__" stays a declared property of the editor schema', () => {
    const defs = {
      'com.example.v1.Widget': {
        type: 'object',
        'x-kubernetes-group-version-kind': [{ group: 'example.com', version: 'v1', kind: 'Widget' }],
        properties: JSON.parse('{"spec":{"type":"object","properties":{"__proto__":{"type":"string"},"size":{"type":"integer"}}}}') as unknown,
      },
    };
    record('kind schema turns a property named __proto__ into a prototype', () => {
      const schema = kindSchemaFromDefinitions(defs, '#/definitions/', { group: 'example.com', version: 'v1', kind: 'Widget' }, 'v2');
      const widget = own(schema?.jsonSchema.definitions, 'com.example.v1.Widget') as { properties: { spec: { properties: object } } } | undefined;
      const props = widget?.properties.spec.properties;
      return props !== undefined && Object.hasOwn(props, '__proto__') && Object.getPrototypeOf(props) === Object.prototype;
    });
  });
});
