import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './share-unchanged';

describe('shareUnchanged', () => {
  it('keeps the unchanged subtrees of the previous value and the changed path new', () => {
    const previous = { spec: { replicas: 1, template: { containers: [{ name: 'a' }, { name: 'b' }] } }, metadata: { name: 'x' } };
    const next = { spec: { replicas: 2, template: { containers: [{ name: 'a' }, { name: 'b' }] } }, metadata: { name: 'x' } };
    const shared = shareUnchanged(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.spec).not.toBe(previous.spec);
    expect(shared.spec.template).toBe(previous.spec.template);
    expect(shared.metadata).toBe(previous.metadata);
  });

  it('returns the previous value when nothing changed, and a new one when keys were reordered', () => {
    const previous = { a: 1, b: [1, 2] };
    expect(shareUnchanged(previous, { a: 1, b: [1, 2] })).toBe(previous);
    expect(shareUnchanged(previous, { b: [1, 2], a: 1 })).not.toBe(previous);
    expect(shareUnchanged(previous, { a: 1, b: [1, 2, 3] }).b).toEqual([1, 2, 3]);
  });
});
