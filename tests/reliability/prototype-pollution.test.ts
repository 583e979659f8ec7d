// Every write path of the demo cluster (create, update, /status, /scale, the three patch types, server-side apply)
// driven with keys such as __proto__, constructor and prototype at any depth of the body and of JSON patch paths:
// no prototype may change, every answer is the object or a Status (no 500 but the one kube-apiserver itself gives
// for an untypable applied configuration), and the cluster keeps answering. Counted for the reliability report.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../demo-cluster/http/errors.js';
import { applyJsonPatch, applyMergePatch, strategicMerge } from '../../demo-cluster/rest/patch.js';
import { useCluster } from '../../demo-cluster/testing/cluster.js';
import type { ApiResponse } from '../../demo-cluster/testing/http.js';
import { Schema } from '../../demo-cluster/openapi/schema.js';
import { FUZZ_RUNS, fuzz, recordFuzzRuns } from './cores/fuzz-runs.js';
import { prototypeChanges, restorePrototypes, snapshotPrototypes, type PrototypeSnapshot } from './prototypes.js';

/** Each case is an HTTP round trip, so the write paths run a quarter of the pure cores' cases. */
const HTTP_RUNS = Math.max(25, Math.floor(FUZZ_RUNS / 4));

const cluster = useCluster();
const { api } = cluster;
let snapshot: PrototypeSnapshot;

beforeEach(() => {
  snapshot = snapshotPrototypes();
});

afterEach(() => {
  restorePrototypes(snapshot);
});

/** Names JavaScript objects inherit, and ordinary ones. */
const DANGEROUS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineSetter__', 'exec', 'isPrototypeOf'];
const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...DANGEROUS) }, fc.constantFrom('a', 'b', 'name', 'data', 'spec', 'metadata', 'labels', '$patch', '$retainKeys'));

/** JSON as a tree of entries, written out as text, so a `__proto__` key is on the wire whatever JavaScript does with it. */
type Tree = { entries: Array<[string, Tree]> } | { items: Tree[] } | { leaf: string | number | boolean | null };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'tree' },
    fc.record({ leaf: fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -2, max: 5 }), fc.boolean(), fc.constant(null)) }),
    fc.record({ entries: fc.array(fc.tuple(key, tie('tree')), { maxLength: 4 }) }),
    fc.record({ items: fc.array(tie('tree'), { maxLength: 3 }) }),
  ),
})).tree;
const objectTree: fc.Arbitrary<Tree> = fc.array(fc.tuple(key, tree), { minLength: 1, maxLength: 4 }).map((entries) => ({ entries }));

function toJson(t: Tree): string {
  if ('leaf' in t) return JSON.stringify(t.leaf);
  if ('items' in t) return `[${t.items.map(toJson).join(',')}]`;
  return `{${t.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
}

/** `base` (JSON text of an object) with `inserted` added at `path` (existing fields along it are replaced). */
function spliced(base: string, path: string[], inserted: Tree): string {
  const entriesOf = (value: unknown): Array<[string, Tree | string]> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value).map(([k, v]) => [k, JSON.stringify(v)]) : [];
  const build = (value: unknown, rest: string[]): string => {
    const [head, ...tail] = rest;
    if (head === undefined) return toJson(inserted);
    const own = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, head) ? (value as Record<string, unknown>)[head] : undefined;
    const fields = entriesOf(value).filter(([k]) => k !== head);
    fields.push([head, build(own, tail)]);
    return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'string' ? v : toJson(v)}`).join(',')}}`;
  };
  return build(JSON.parse(base) as unknown, path);
}

const where = fc.array(fc.oneof(fc.constantFrom(...DANGEROUS), fc.constantFrom('metadata', 'labels', 'annotations', 'data', 'spec', 'template', 'status')), { maxLength: 4 });
const fieldValidation = fc.constantFrom('', '?fieldValidation=Strict', '?fieldValidation=Warn', '?fieldValidation=Ignore');

/** The only 500 kube-apiserver answers here: structured-merge-diff cannot type an applied configuration. */
const isUntypableApply = (res: ApiResponse): boolean => res.status === 500 && String(res.body.message).startsWith('failed to create typed patch object');

/** No prototype changed, the answer is an object or a Status, and the cluster still answers. */
async function checkAnswer(res: ApiResponse, allowUntypable = false): Promise<void> {
  expect(prototypeChanges(snapshot)).toEqual([]);
  expect(({} as { exec?: unknown }).exec).toBeUndefined();
  if (res.status >= 500) expect(allowUntypable && isUntypableApply(res), res.text).toBe(true);
  if (res.status >= 400) expect(res.body.kind, res.text).toBe('Status');
  expect((await api('/api/v1/namespaces/default')).status).toBe(200);
}

/** Runs an async property and records it like the pure cores' fuzz runs. */
async function fuzzHttp<Ts extends [unknown, ...unknown[]]>(name: string, property: fc.IAsyncProperty<Ts>, examples: Ts[] = []): Promise<void> {
  await fc.assert(property, { numRuns: HTTP_RUNS, examples });
  recordFuzzRuns(name, HTTP_RUNS);
}

const NS = '/api/v1/namespaces/default';
const CONFIGMAP = (name: string): string => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { app: 'x' } }, data: { a: '1' } });
const DEPLOYMENTS = '/apis/apps/v1/namespaces/default/deployments';
const DEPLOYMENT = (name: string): string =>
  JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx', env: [{ name: 'A', value: '1' }] }] } } },
  });

let serial = 0;
const fresh = (prefix: string): string => `${prefix}-${++serial}`;

async function created(collection: string, body: string): Promise<void> {
  const res = await api(collection, { method: 'POST', body });
  expect(res.status, res.text).toBe(201);
}

describe('fuzz: prototype keys on every write path of the demo cluster', () => {
  it('create (POST)', async () => {
    await fuzzHttp(
      'demo cluster POST with prototype keys',
      fc.asyncProperty(where, objectTree, fieldValidation, async (path, inserted, query) => {
        const res = await api(`${NS}/configmaps${query}`, { method: 'POST', body: spliced(CONFIGMAP(fresh('post')), path, inserted) });
        await checkAnswer(res);
      }),
    );
  });

  it('update (PUT), of the object and of /status', async () => {
    const name = fresh('put');
    await created(`${NS}/configmaps`, CONFIGMAP(name));
    const deployment = fresh('put-status');
    await created(DEPLOYMENTS, DEPLOYMENT(deployment));
    await fuzzHttp(
      'demo cluster PUT with prototype keys',
      fc.asyncProperty(where, objectTree, fieldValidation, fc.boolean(), async (path, inserted, query, status) => {
        const [target, body] = status ? [`${DEPLOYMENTS}/${deployment}/status`, DEPLOYMENT(deployment)] : [`${NS}/configmaps/${name}`, CONFIGMAP(name)];
        await checkAnswer(await api(`${target}${query}`, { method: 'PUT', body: spliced(body, path, inserted) }));
      }),
    );
  });

  const pointerToken = fc.oneof(fc.constantFrom(...DANGEROUS), fc.constantFrom('metadata', 'labels', 'data', 'spec', 'template', 'containers', '0', '-', 'a'));
  const pointer = fc.array(pointerToken, { minLength: 1, maxLength: 5 }).map((tokens) => `/${tokens.join('/')}`);
  const operation = fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test'), path: pointer, from: pointer, value: tree });

  it('JSON patch, with prototype keys in paths and values', async () => {
    const name = fresh('json-patch');
    await created(DEPLOYMENTS, DEPLOYMENT(name));
    await fuzzHttp(
      'demo cluster JSON patch with prototype keys',
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 4 }), fieldValidation, async (ops, query) => {
        const body = `[${ops.map((o) => `{"op":${JSON.stringify(o.op)},"path":${JSON.stringify(o.path)},"from":${JSON.stringify(o.from)},"value":${toJson(o.value)}}`).join(',')}]`;
        await checkAnswer(await api(`${DEPLOYMENTS}/${name}${query}`, { method: 'PATCH', body, contentType: 'application/json-patch+json' }));
      }),
      [[[{ op: 'add', path: '/__proto__/exec', from: '/', value: { entries: [['command', { leaf: '/bin/true' }]] } }], '']],
    );
  });

  for (const [kind, contentType] of [
    ['merge patch', 'application/merge-patch+json'],
    ['strategic merge patch', 'application/strategic-merge-patch+json'],
  ] as const) {
    it(`${kind}, of the object and of /scale`, async () => {
      const name = fresh(kind.replace(/ /g, '-'));
      await created(DEPLOYMENTS, DEPLOYMENT(name));
      const directive = fc.constantFrom('$setElementOrder/__proto__', '$deleteFromPrimitiveList/constructor', '$retainKeys', '$patch');
      await fuzzHttp(
        `demo cluster ${kind} with prototype keys`,
        fc.asyncProperty(where, objectTree, fc.option(directive), fieldValidation, fc.boolean(), async (path, inserted, extra, query, scale) => {
          const withDirective: Tree = extra === null ? inserted : { entries: [...('entries' in inserted ? inserted.entries : []), [extra, { items: [{ leaf: '__proto__' }] }]] };
          const body = spliced('{}', path, withDirective);
          const target = scale ? `${DEPLOYMENTS}/${name}/scale` : `${DEPLOYMENTS}/${name}${query}`;
          await checkAnswer(await api(target, { method: 'PATCH', body, contentType }));
        }),
      );
    });
  }

  it('server-side apply, with prototype keys in the configuration and as the field manager', async () => {
    const name = fresh('apply');
    await fuzzHttp(
      'demo cluster server-side apply with prototype keys',
      fc.asyncProperty(where, objectTree, fc.constantFrom('probe', '__proto__', 'constructor'), fc.boolean(), async (path, inserted, manager, force) => {
        const body = spliced(DEPLOYMENT(name), path, inserted);
        const res = await api(`${DEPLOYMENTS}/${name}?fieldManager=${manager}${force ? '&force=true' : ''}`, { method: 'PATCH', body, contentType: 'application/apply-patch+yaml' });
        await checkAnswer(res, true);
      }),
    );
  });
});

describe('fuzz: ConfigMap data keys named like prototype members are kept by every write path', () => {
  const dataKeys = fc.uniqueArray(fc.constantFrom(...DANGEROUS, 'a', 'b.c'), { minLength: 1, maxLength: 5 });
  const dataOf = (keys: string[], value: string): string => `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(value)}`).join(',')}}`;
  const configMap = (name: string, data: string): string => `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":${JSON.stringify(name)}},"data":${data}}`;
  const writes: Array<[string, (name: string, keys: string[]) => Promise<ApiResponse>]> = [
    ['PUT', (name, keys) => api(`${NS}/configmaps/${name}`, { method: 'PUT', body: configMap(name, dataOf(keys, 'v')) })],
    ['merge patch', (name, keys) => api(`${NS}/configmaps/${name}`, { method: 'PATCH', body: `{"data":${dataOf(keys, 'v')}}`, contentType: 'application/merge-patch+json' })],
    ['strategic merge patch', (name, keys) => api(`${NS}/configmaps/${name}`, { method: 'PATCH', body: `{"data":${dataOf(keys, 'v')}}`, contentType: 'application/strategic-merge-patch+json' })],
    [
      'JSON patch',
      (name, keys) => api(`${NS}/configmaps/${name}`, { method: 'PATCH', body: JSON.stringify(keys.map((k) => ({ op: 'add', path: `/data/${k}`, value: 'v' }))), contentType: 'application/json-patch+json' }),
    ],
    ['server-side apply', (name, keys) => api(`${NS}/configmaps/${name}?fieldManager=fuzz&force=true`, { method: 'PATCH', body: configMap(name, dataOf(keys, 'v')), contentType: 'application/apply-patch+yaml' })],
  ];

  it('POST, then each of PUT, the three patches and apply: the stored data has exactly the keys written', async () => {
    await fuzzHttp(
      'demo cluster ConfigMap data keys named like prototype members',
      fc.asyncProperty(dataKeys, fc.constantFrom(...writes.keys()), async (keys, which) => {
        const name = fresh('data-keys');
        const create = await api(`${NS}/configmaps`, { method: 'POST', body: configMap(name, dataOf(keys, 'c')) });
        expect(create.status, create.text).toBe(201);
        const [, write] = writes[which] ?? writes[0]!;
        const res = await write(name, keys);
        expect(res.status, res.text).toBe(200);
        const stored = JSON.parse((await api(`${NS}/configmaps/${name}`)).text) as { data: Record<string, string> };
        expect(Object.keys(stored.data).sort()).toEqual([...keys].sort());
        for (const k of keys) expect(Object.hasOwn(stored.data, k) && stored.data[k], k).toBe('v');
        expect(prototypeChanges(snapshot)).toEqual([]);
      }),
    );
  });
});

describe('fuzz: prototype keys in the demo cluster patch cores', () => {
  const schema = Schema.forKind({ group: 'apps', version: 'v1', kind: 'Deployment' });
  const parsed = objectTree.map((t) => JSON.parse(toJson(t)) as Record<string, unknown>);

  /** The merged value, or undefined when the patch is refused with a Status (a malformed directive). */
  const refusedOr = (merge: () => unknown): Record<string, unknown> | undefined => {
    try {
      return merge() as Record<string, unknown> | undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return undefined;
    }
  };

  it('merge and strategic merge keep every key of the patch as an own field, and no prototype changes', () => {
    fuzz(
      'demo cluster merge cores keep prototype keys',
      fc.property(parsed, parsed, (target, patch) => {
        for (const merged of [applyMergePatch(target, patch), refusedOr(() => strategicMerge(target, patch, schema))] as Array<Record<string, unknown> | undefined>) {
          expect(prototypeChanges(snapshot)).toEqual([]);
          if (merged === undefined || Object.hasOwn(patch, '$patch') || Object.hasOwn(patch, '$retainKeys')) continue;
          for (const [k, v] of Object.entries(patch)) if (v !== null && !k.startsWith('$') && !(typeof v === 'object' && '$patch' in v)) expect(Object.hasOwn(merged, k), k).toBe(true);
        }
      }),
    );
  });

  it('JSON patch: an add at any path either fails or leaves the value there as an own field', () => {
    fuzz(
      'demo cluster JSON patch keeps prototype keys',
      fc.property(parsed, fc.array(fc.constantFrom(...DANGEROUS, 'a'), { minLength: 1, maxLength: 3 }), (target, tokens) => {
        let out: unknown;
        try {
          out = applyJsonPatch(target, [{ op: 'add', path: `/${tokens.join('/')}`, value: 'v' }]);
        } catch {
          out = undefined;
        }
        expect(prototypeChanges(snapshot)).toEqual([]);
        if (out === undefined) return;
        let cur: unknown = out;
        for (const t of tokens) {
          expect(typeof cur === 'object' && cur !== null && Object.hasOwn(cur, t), t).toBe(true);
          cur = (cur as Record<string, unknown>)[t];
        }
        expect(cur).toBe('v');
      }),
    );
  });
});
