// Strategic merge patch element order, against results recorded from kube-apiserver 1.20.2.
import { describe, expect, it } from 'vitest';
import { Schema } from '../openapi/schema.js';
import { strategicMerge } from './patch.js';

const POD = Schema.forKind({ group: '', version: 'v1', kind: 'Pod' });

type Env = { name: string; value?: string };
const live = { spec: { containers: [{ name: 'c', env: [{ name: 'A', value: '1' }, { name: 'C', value: '3' }] }] } };
const envAfter = (patchContainer: Record<string, unknown>): string[] => {
  const out = strategicMerge(live, { spec: { containers: [{ name: 'c', ...patchContainer }] } }, POD) as { spec: { containers: { env: Env[] }[] } };
  return (out.spec.containers[0]?.env ?? []).map((e) => `${e.name}${e.value ?? ''}`);
};

describe('strategic merge list order', () => {
  it.each([
    ['a new item first', { env: [{ name: 'B', value: '2' }] }, ['B2', 'A1', 'C3']],
    ['new items in patch order', { env: [{ name: 'B', value: '2' }, { name: 'D', value: '4' }] }, ['B2', 'D4', 'A1', 'C3']],
    ['an updated item in place', { env: [{ name: 'C', value: '9' }] }, ['A1', 'C9']],
    ['updated then new', { env: [{ name: 'C', value: '9' }, { name: 'B', value: '2' }] }, ['A1', 'C9', 'B2']],
    ['new then updated', { env: [{ name: 'B', value: '2' }, { name: 'C', value: '9' }] }, ['B2', 'A1', 'C9']],
    ['$setElementOrder A B C', { '$setElementOrder/env': [{ name: 'A' }, { name: 'B' }, { name: 'C' }], env: [{ name: 'B', value: '2' }] }, ['A1', 'B2', 'C3']],
    ['$setElementOrder C B A', { '$setElementOrder/env': [{ name: 'C' }, { name: 'B' }, { name: 'A' }], env: [{ name: 'B', value: '2' }] }, ['C3', 'B2', 'A1']],
    ['$setElementOrder alone', { '$setElementOrder/env': [{ name: 'C' }, { name: 'A' }] }, ['C3', 'A1']],
    ['$setElementOrder naming part', { '$setElementOrder/env': [{ name: 'B' }, { name: 'C' }], env: [{ name: 'B', value: '2' }] }, ['B2', 'A1', 'C3']],
    ['$patch delete with a new item', { env: [{ name: 'A', $patch: 'delete' }, { name: 'B', value: '2' }] }, ['B2', 'C3']],
  ])('%s', (_name, patch, expected) => {
    expect(envAfter(patch)).toEqual(expected);
  });

  it('a new container goes first; $setElementOrder/containers puts it last', () => {
    const names = (p: unknown): string[] => (strategicMerge(live, p, POD) as { spec: { containers: { name: string }[] } }).spec.containers.map((c) => c.name);
    expect(names({ spec: { containers: [{ name: 'd', image: 'y' }] } })).toEqual(['d', 'c']);
    expect(names({ spec: { '$setElementOrder/containers': [{ name: 'c' }, { name: 'd' }], containers: [{ name: 'd', image: 'y' }] } })).toEqual(['c', 'd']);
  });

  it('$patch replace in a list replaces the whole list', () => {
    expect(envAfter({ env: [{ $patch: 'replace' }, { name: 'Z', value: '0' }] })).toEqual(['Z0']);
  });
});
