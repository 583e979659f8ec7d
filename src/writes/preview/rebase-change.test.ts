import { describe, expect, it } from 'vitest';
import { configMap as cm } from '../../testing/config-map';
import { rebaseChange } from './rebase-change';

describe('rebaseChange', () => {
  it('puts the change on top of the latest object and takes its resourceVersion', () => {
    const rebased = rebaseChange(cm('1', { a: '1', b: '1' }), cm('1', { a: 'mine', b: '1' }), cm('2', { a: '1', b: 'theirs' }), undefined);
    expect(rebased.modified.data).toEqual({ a: 'mine', b: 'theirs' });
    expect(rebased.modified.metadata).toMatchObject({ resourceVersion: '2', uid: 'u' });
    expect(rebased.overlaps).toEqual([]);
    expect(rebased.theirChanges).toEqual(['data.b']);
  });

  it('keeps the user value where both changed the same field, and lists it', () => {
    const rebased = rebaseChange(cm('1', { a: '1' }), cm('1', { a: 'mine' }), cm('3', { a: 'theirs' }), undefined);
    expect(rebased.modified.data).toEqual({ a: 'mine' });
    expect(rebased.modified.metadata.resourceVersion).toBe('3');
    expect(rebased.overlaps).toEqual(['.data.a']);
  });
});
