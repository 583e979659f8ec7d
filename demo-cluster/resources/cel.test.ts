import { describe, expect, it } from 'vitest';
import { evaluateCel } from './cel.js';

describe('evaluateCel', () => {
  const self = { min: 2, max: 5, name: 'web-1', tags: ['a', 'b'], spec: { replicas: 3 } };

  it('evaluates the subset: fields, comparisons, logic, arithmetic, has, size, string functions, in, ?:', () => {
    for (const rule of [
      'self.min <= self.max',
      'self.max - self.min == 3 && !(self.min > self.max)',
      'has(self.spec.replicas) && !has(self.spec.paused)',
      'size(self.tags) == 2 && self.tags.size() < 3 && size(self.name) == 5',
      "self.name.startsWith('web') && self.name.endsWith('-1') && self.name.contains('b-') && self.name.matches('^[a-z]+-[0-9]$')",
      "'a' in self.tags && !('c' in self.tags) && self.tags[1] == 'b'",
      "self.min > 1 ? self.spec.replicas * 2 == 6 : false",
      'self.max / 2 == 2 && self.max % 2 == 1',
    ]) {
      expect(evaluateCel(rule, self), rule).toBe(true);
    }
    expect(evaluateCel('self.min > self.max || self.max >= 10', self)).toBe(false);
    expect(evaluateCel("'bad ' + self.name", self)).toBe('bad web-1');
  });

  it('does not judge what it cannot evaluate: other functions, missing fields, oldSelf', () => {
    expect(evaluateCel('self.all(x, x > 0)', self)).toBeUndefined();
    expect(evaluateCel('self.absent < 3', self)).toBeUndefined();
    expect(evaluateCel('self.min == oldSelf.min', self)).toBeUndefined();
    expect(evaluateCel('self.min <', self)).toBeUndefined();
  });
});
