import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_GVK, fixtureKindSchema } from '../openapi/openapi-test-support';
import type { SchemaLookup } from '../openapi/types';
import { cloneJson, type JsonObject, type JsonValue } from '../patch/json';
import { threeWayMerge } from './three-way';

const lookup = fixtureKindSchema(DEPLOYMENT_GVK).lookup;
const ABSENT = Symbol('absent');
type Side = JsonValue | typeof ABSENT;

function withField(value: Side): JsonObject {
  const spec: JsonObject = { replicas: 1 };
  if (value !== ABSENT) spec.paused = value;
  return { metadata: { name: 'web', resourceVersion: '1' }, spec };
}

describe('threeWayMerge: one scalar field, every combination', () => {
  // [case, base, yours, theirs, expected merged value, conflict?, autoMerged?]
  const cases: [string, Side, Side, Side, Side, boolean, boolean][] = [
    ['nobody changes', 'A', 'A', 'A', 'A', false, false],
    ['you change', 'A', 'B', 'A', 'B', false, true],
    ['they change', 'A', 'A', 'B', 'B', false, false],
    ['both make the same change', 'A', 'B', 'B', 'B', false, false],
    ['both change differently', 'A', 'B', 'C', 'C', true, false],
    ['you add', ABSENT, 'A', ABSENT, 'A', false, true],
    ['they add', ABSENT, ABSENT, 'A', 'A', false, false],
    ['both add the same', ABSENT, 'A', 'A', 'A', false, false],
    ['both add differently', ABSENT, 'A', 'B', 'B', true, false],
    ['you remove', 'A', ABSENT, 'A', ABSENT, false, true],
    ['they remove', 'A', 'A', ABSENT, ABSENT, false, false],
    ['both remove', 'A', ABSENT, ABSENT, ABSENT, false, false],
    ['you remove, they change', 'A', ABSENT, 'B', 'B', true, false],
    ['you change, they remove', 'A', 'B', ABSENT, ABSENT, true, false],
  ];

  it.each(cases)('%s', (_name, base, yours, theirs, expected, conflict, autoMerged) => {
    const result = threeWayMerge(withField(base), withField(yours), withField(theirs), lookup);
    const spec = result.merged.spec as JsonObject;
    if (expected === ABSENT) expect(Object.hasOwn(spec, 'paused')).toBe(false);
    else expect(spec.paused).toEqual(expected);
    expect(spec.replicas).toBe(1);
    if (conflict) {
      expect(result.conflicts).toEqual([
        {
          path: '.spec.paused',
          yoursPath: yours === ABSENT ? null : ['spec', 'paused'],
          base: base === ABSENT ? undefined : base,
          yours: yours === ABSENT ? undefined : yours,
          theirs: theirs === ABSENT ? undefined : theirs,
        },
      ]);
    } else {
      expect(result.conflicts).toEqual([]);
    }
    expect(result.autoMerged).toEqual(autoMerged ? ['.spec.paused'] : []);
  });
});

interface Container extends JsonObject {
  name: string;
  image: string;
  env: JsonObject[];
  args: string[];
}

function deployment(): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', resourceVersion: '100', labels: { app: 'web' }, annotations: { 'example.com/owner': 'a' }, finalizers: ['a.example/x', 'b.example/y'], managedFields: [{ manager: 'kubectl' }] },
    spec: {
      replicas: 2,
      template: {
        spec: {
          containers: [
            { name: 'nginx', image: 'nginx:1.27', env: [{ name: 'A', value: '1' }], args: ['-a'] },
            { name: 'sidecar', image: 'busybox', env: [], args: [] },
          ],
        },
      },
    },
    status: { observedGeneration: 1 },
  };
}

function edit(change: (containers: Container[], d: JsonObject & { metadata: JsonObject; spec: JsonObject }) => void): JsonObject {
  const d = deployment() as JsonObject & { metadata: JsonObject; spec: JsonObject };
  change((d.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers, d);
  return d;
}

const containersOf = (o: JsonObject): Container[] => (o.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers;

describe('threeWayMerge on a Deployment', () => {
  it('merges non-overlapping changes at different depths', () => {
    const yours = edit((c, d) => {
      d.spec.replicas = 5;
      c[0]!.image = 'nginx:1.28';
      (d.metadata.labels as JsonObject).tier = 'front';
    });
    const theirs = edit((c, d) => {
      (d.metadata.annotations as JsonObject)['example.com/owner'] = 'b';
      (d.metadata.labels as JsonObject).team = 'x';
      c[1]!.image = 'busybox:2';
    });
    const result = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(result.conflicts).toEqual([]);
    expect(result.merged.spec).toMatchObject({ replicas: 5 });
    expect(containersOf(result.merged).map((c) => c.image)).toEqual(['nginx:1.28', 'busybox:2']);
    expect((result.merged.metadata as JsonObject).labels).toEqual({ app: 'web', team: 'x', tier: 'front' });
    expect((result.merged.metadata as JsonObject).annotations).toEqual({ 'example.com/owner': 'b' });
    expect(result.autoMerged.sort()).toEqual(['.metadata.labels.tier', '.spec.replicas', '.spec.template.spec.containers[name="nginx"].image']);
  });

  it('merges env vars both sides added to the same container, by merge key', () => {
    const yours = edit((c) => c[0]!.env.push({ name: 'B', value: 'yours' }));
    const theirs = edit((c) => c[0]!.env.push({ name: 'C', value: 'theirs' }));
    const result = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(result.conflicts).toEqual([]);
    expect(containersOf(result.merged)[0]!.env).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'yours' },
      { name: 'C', value: 'theirs' },
    ]);
    expect(result.autoMerged).toEqual(['.spec.template.spec.containers[name="nginx"].env[name="B"]']);
  });

  it('treats the same item added identically on both sides as one', () => {
    const yours = edit((c) => c[0]!.env.push({ name: 'B', value: '2' }));
    const result = threeWayMerge(deployment(), yours, cloneJson(yours), lookup);
    expect(result.conflicts).toEqual([]);
    expect(containersOf(result.merged)[0]!.env).toHaveLength(2);
  });

  it('reports a conflict at the list item field, with its place in yours', () => {
    const yours = edit((c) => (c[0]!.env[0]!.value = 'yours'));
    const theirs = edit((c) => (c[0]!.env[0]!.value = 'theirs'));
    const result = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(result.conflicts).toEqual([
      {
        path: '.spec.template.spec.containers[name="nginx"].env[name="A"].value',
        yoursPath: ['spec', 'template', 'spec', 'containers', 0, 'env', 0, 'value'],
        base: '1',
        yours: 'yours',
        theirs: 'theirs',
      },
    ]);
    expect(containersOf(result.merged)[0]!.env[0]!.value).toBe('theirs');
  });

  it('keeps your container removal unless they changed that container', () => {
    const removed = edit((c) => c.pop());
    const theirsElsewhere = edit((_c, d) => (d.spec.replicas = 3));
    const clean = threeWayMerge(deployment(), removed, theirsElsewhere, lookup);
    expect(containersOf(clean.merged).map((c) => c.name)).toEqual(['nginx']);
    expect(clean.merged.spec).toMatchObject({ replicas: 3 });

    const theirsChanged = edit((c) => (c[1]!.image = 'busybox:2'));
    const conflicted = threeWayMerge(deployment(), removed, theirsChanged, lookup);
    expect(conflicted.conflicts.map((c) => [c.path, c.yoursPath])).toEqual([['.spec.template.spec.containers[name="sidecar"]', null]]);
    expect(containersOf(conflicted.merged).map((c) => c.name)).toEqual(['nginx', 'sidecar']);
  });

  it('places a container you added after its predecessor in yours', () => {
    const yours = edit((c) => c.splice(1, 0, { name: 'mid', image: 'x', env: [], args: [] }));
    const theirs = edit((c) => c.push({ name: 'last', image: 'y', env: [], args: [] }));
    expect(containersOf(threeWayMerge(deployment(), yours, theirs, lookup).merged).map((c) => c.name)).toEqual(['nginx', 'mid', 'sidecar', 'last']);
  });

  it('keeps your reordering of a keyed list when they did not touch it', () => {
    const yours = edit((c) => c.reverse());
    const result = threeWayMerge(deployment(), yours, edit((_c, d) => (d.spec.replicas = 9)), lookup);
    expect(containersOf(result.merged).map((c) => c.name)).toEqual(['sidecar', 'nginx']);
    expect(result.merged.spec).toMatchObject({ replicas: 9 });
  });

  it('treats lists without a merge key (args) as atomic values', () => {
    const yours = edit((c) => c[0]!.args.push('-b'));
    const theirs = edit((c) => c[0]!.args.push('-c'));
    const result = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(result.conflicts.map((c) => [c.path, c.yours, c.theirs])).toEqual([['.spec.template.spec.containers[name="nginx"].args', ['-a', '-b'], ['-a', '-c']]]);
    const onlyYours = threeWayMerge(deployment(), yours, deployment(), lookup);
    expect(containersOf(onlyYours.merged)[0]!.args).toEqual(['-a', '-b']);
  });

  it('without a schema, lists are atomic: two env additions conflict on the whole containers list', () => {
    const yours = edit((c) => c[0]!.env.push({ name: 'B', value: '2' }));
    const theirs = edit((c) => c[0]!.env.push({ name: 'C', value: '3' }));
    const result = threeWayMerge(deployment(), yours, theirs);
    expect(result.conflicts.map((c) => c.path)).toEqual(['.spec.template.spec.containers']);
  });

  it('merges merge-strategy scalar lists as sets (finalizers)', () => {
    const yours = edit((_c, d) => (d.metadata.finalizers = ['b.example/y']));
    const theirs = edit((_c, d) => (d.metadata.finalizers = ['a.example/x', 'b.example/y', 'c.example/z']));
    const result = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(result.conflicts).toEqual([]);
    expect((result.merged.metadata as JsonObject).finalizers).toEqual(['b.example/y', 'c.example/z']);
  });

  it('takes resourceVersion, managedFields and status from theirs without conflicts', () => {
    const yours = edit((_c, d) => {
      d.metadata.resourceVersion = '999';
      d.metadata.managedFields = [];
      d.status = { observedGeneration: 7 };
    });
    const theirs = edit((_c, d) => {
      d.metadata.resourceVersion = '101';
      d.metadata.managedFields = [{ manager: 'kubectl' }, { manager: 'other' }];
      d.status = { observedGeneration: 2 };
    });
    const result = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(result.conflicts).toEqual([]);
    expect(result.autoMerged).toEqual([]);
    expect((result.merged.metadata as JsonObject).resourceVersion).toBe('101');
    expect((result.merged.metadata as JsonObject).managedFields).toHaveLength(2);
    expect(result.merged.status).toEqual({ observedGeneration: 2 });
  });

  it('applies resolutions by conflict path', () => {
    const yours = edit((c, d) => {
      c[0]!.image = 'mine';
      (d.metadata.annotations as JsonObject)['example.com/owner'] = 'me';
    });
    const theirs = edit((c, d) => {
      c[0]!.image = 'theirs';
      (d.metadata.annotations as JsonObject)['example.com/owner'] = 'them';
    });
    const first = threeWayMerge(deployment(), yours, theirs, lookup);
    expect(first.conflicts.map((c) => c.path)).toEqual(['.metadata.annotations["example.com/owner"]', '.spec.template.spec.containers[name="nginx"].image']);
    const resolved = threeWayMerge(deployment(), yours, theirs, lookup, {
      resolutions: { '.spec.template.spec.containers[name="nginx"].image': 'yours', '.metadata.annotations["example.com/owner"]': 'theirs' },
    });
    expect(resolved.conflicts).toEqual([]);
    expect(containersOf(resolved.merged)[0]!.image).toBe('mine');
    expect((resolved.merged.metadata as JsonObject).annotations).toEqual({ 'example.com/owner': 'them' });
  });

  it('merges CRD-style list-map keys from the lookup', () => {
    const crdLookup: SchemaLookup = Object.assign((path: readonly string[]) => (path.join('.') === 'spec.items' ? { type: 'array' as const, patchStrategy: [], listType: 'map', listMapKeys: ['name', 'zone'] } : undefined), { builtIn: false });
    const base: JsonObject = { spec: { items: [{ name: 'a', zone: '1', n: 1 }] } };
    const yours: JsonObject = { spec: { items: [{ name: 'a', zone: '1', n: 1 }, { name: 'a', zone: '2', n: 2 }] } };
    const theirs: JsonObject = { spec: { items: [{ name: 'a', zone: '1', n: 5 }] } };
    const result = threeWayMerge(base, yours, theirs, crdLookup);
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toEqual({ spec: { items: [{ name: 'a', zone: '1', n: 5 }, { name: 'a', zone: '2', n: 2 }] } });
  });

  it('does not modify its inputs', () => {
    const base = deployment();
    const yours = edit((c) => c[0]!.env.push({ name: 'B', value: '2' }));
    const theirs = edit((c) => c[0]!.env.push({ name: 'C', value: '3' }));
    const snapshot = JSON.stringify([base, yours, theirs]);
    const result = threeWayMerge(base, yours, theirs, lookup);
    containersOf(result.merged)[0]!.env.push({ name: 'Z' });
    expect(JSON.stringify([base, yours, theirs])).toBe(snapshot);
  });
});
