import { describe, expect, it } from 'vitest';
import { labelSelectorString } from './label-selector';

describe('labelSelectorString', () => {
  it('joins matchLabels and matchExpressions the way the API parses them', () => {
    expect(labelSelectorString({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['b', 'a'] }, { key: 'legacy', operator: 'DoesNotExist' }, { key: 'x', operator: 'Exists' }, { key: 'y', operator: 'NotIn', values: ['z'] }] })).toBe(
      'app=web,tier in (a,b),!legacy,x,y notin (z)',
    );
    expect(labelSelectorString({})).toBe('');
    expect(labelSelectorString(undefined)).toBeNull();
    expect(labelSelectorString({ matchExpressions: [{ key: 'a', operator: 'Near' }] })).toBeNull();
  });
});
