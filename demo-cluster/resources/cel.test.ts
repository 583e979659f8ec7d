import { describe, expect, it } from 'vitest';
import { evaluateCel, evaluateExpression } from './cel.js';

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

describe('evaluateExpression', () => {
  const object = { metadata: { name: 'web', annotations: { a: '1' } }, spec: { replicas: 3 } };

  it('binds the variables of admission policies and reports what CEL reports as an error', () => {
    expect(evaluateExpression('object.spec.replicas > 1 && namespaceObject.metadata.name == "ns"', { object, namespaceObject: { metadata: { name: 'ns' } } })).toEqual({ value: true });
    expect(evaluateExpression('variables.replicas % 2 == 1', { variables: { replicas: 3 } })).toEqual({ value: true });
    expect(evaluateExpression('object.spec.paused', { object })).toEqual({ error: 'no such key: paused' });
    expect(evaluateExpression('object.spec.replicas / 0', { object })).toEqual({ error: 'division by zero' });
    expect(evaluateExpression('params.max', { object })).toEqual({ unsupported: true });
    // CEL has no string + int: outside what the demo judges, as a compile error is outside what a rule admits.
    expect(evaluateExpression("'got ' + object.spec.replicas", { object })).toEqual({ unsupported: true });
    expect(evaluateExpression("'got ' + string(object.spec.replicas) + ', ' + string(int('7') + 1)", { object })).toEqual({ value: 'got 3, 8' });
  });

  it('builds maps and objects: the apply configurations and JSON patches of mutating policies', () => {
    expect(evaluateExpression('Object{metadata: Object.metadata{annotations: {"mutated-by": "policy"}}}', { object })).toEqual({
      value: { metadata: { annotations: { 'mutated-by': 'policy' } } },
    });
    expect(evaluateExpression('Object{spec: Object.spec{replicas: object.spec.replicas * 2}}', { object })).toEqual({ value: { spec: { replicas: 6 } } });
    expect(evaluateExpression('[JSONPatch{op: "add", path: "/spec/paused", value: true}]', { object })).toEqual({ value: [{ op: 'add', path: '/spec/paused', value: true }] });
  });
});
