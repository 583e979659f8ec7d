import { describe, expect, it } from 'vitest';
import { configMap as cm } from '../../testing/config-map';
import { mergeEdit } from './merge-edit';

describe('mergeEdit', () => {
  it('puts your change on top of theirs when they touched other fields', () => {
    const result = mergeEdit(cm('1', { a: '1', b: '2' }), cm('1', { a: 'mine', b: '2' }), cm('5', { a: '1', b: 'theirs' }), ['data.b']);
    expect(result.kind).toBe('merged');
    expect(result.merged.data).toEqual({ a: 'mine', b: 'theirs' });
    // Compared and returned without the server-owned fields: save puts theirs back.
    expect(result.merged.metadata.resourceVersion).toBeUndefined();
  });

  it('on the same field, reports the conflict and keeps yours there with their other changes', () => {
    const result = mergeEdit(cm('1', { a: '1', b: '2' }), cm('1', { a: 'mine', b: '2' }), cm('5', { a: 'theirs', b: 'also-theirs' }), []);
    expect(result.kind).toBe('conflict');
    if (result.kind !== 'conflict') return;
    expect(result.conflicts.join()).toContain('data.a');
    expect(result.merged.data).toEqual({ a: 'mine', b: 'also-theirs' });
  });
});
