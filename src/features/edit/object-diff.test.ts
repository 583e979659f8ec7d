import { describe, expect, it } from 'vitest';
import { changedPaths } from './object-diff';

describe('changedPaths', () => {
  it('lists changed, added and removed leaves', () => {
    expect(changedPaths({ data: { a: '1', b: '2' } }, { data: { a: '1', b: '3', c: '4' } })).toEqual(['data.b', 'data.c']);
    expect(changedPaths({ metadata: { labels: { 'app.kubernetes.io/name': 'x' } } }, { metadata: { labels: {} } })).toEqual(['metadata.labels[app.kubernetes.io/name]']);
    expect(changedPaths({ s: [1, 2] }, { s: [1, 3] })).toEqual(['s[1]']);
    expect(changedPaths({ s: [1, 2] }, { s: [1] })).toEqual(['s']);
    expect(changedPaths({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
