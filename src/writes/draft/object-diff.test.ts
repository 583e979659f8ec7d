import { describe, expect, it } from 'vitest';
import { changedPaths, classifiedChanges, orderedLike } from './object-diff';

describe('changedPaths', () => {
  it('lists changed, added and removed leaves', () => {
    expect(changedPaths({ data: { a: '1', b: '2' } }, { data: { a: '1', b: '3', c: '4' } })).toEqual(['data.b', 'data.c']);
    expect(changedPaths({ metadata: { labels: { 'app.kubernetes.io/name': 'x' } } }, { metadata: { labels: {} } })).toEqual(['metadata.labels[app.kubernetes.io/name]']);
    expect(changedPaths({ s: [1, 2] }, { s: [1, 3] })).toEqual(['s[1]']);
    expect(changedPaths({ s: [1, 2] }, { s: [1] })).toEqual(['s']);
    expect(changedPaths({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('classifiedChanges', () => {
  it('tells the fields a server added from those it changed or dropped', () => {
    const typed = { metadata: { generateName: 'web-', labels: { a: '1' } }, spec: { replicas: 2, ports: [{ port: 80 }], junk: true } };
    const created = {
      metadata: { generateName: 'web-', name: 'web-x7k2p', uid: 'u1', labels: { a: '1' } },
      spec: { replicas: 2, ports: [{ port: 80, protocol: 'TCP' }], strategy: { type: 'RollingUpdate' } },
    };
    expect(classifiedChanges(typed, created)).toEqual({
      added: ['metadata.name', 'metadata.uid', 'spec.ports[0].protocol', 'spec.strategy'],
      changed: [],
      removed: ['spec.junk'],
    });
    expect(classifiedChanges({ s: [1, 2] }, { s: [1] })).toEqual({ added: [], changed: ['s'], removed: [] });
    expect(classifiedChanges({ a: 1 }, { a: 1 })).toEqual({ added: [], changed: [], removed: [] });
  });
});

describe('orderedLike', () => {
  it('puts keys in the reference\'s order, new keys last, through lists', () => {
    const server = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'x', uid: 'u', namespace: 'd' }, items: [{ b: 2, a: 1 }] };
    const typed = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'd', name: 'x' }, items: [{ a: 0 }] };
    const ordered = orderedLike(server, typed);
    expect(JSON.stringify(ordered)).toBe('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"namespace":"d","name":"x","uid":"u"},"items":[{"a":1,"b":2}]}');
    expect(orderedLike('s', typed)).toBe('s');
  });
});
