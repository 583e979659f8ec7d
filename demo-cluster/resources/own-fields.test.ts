// Names JavaScript objects inherit are ordinary names wherever request text picks a field or a table entry.
import { describe, expect, it } from 'vitest';
import { machineFor, runLine } from '../rest/exec-shell.js';
import { buildFilter } from '../store/filters.js';
import { matchesLabels, parseLabelSelector } from '../store/selectors.js';
import { defaultRegistry } from './index.js';
import { quantityValue } from './metrics.js';
import { field, hasField, ownTable, setField } from './own-fields.js';
import type { KubeObject } from './types.js';

describe('own fields', () => {
  it('reads own fields only and writes __proto__ as a field, leaving the prototype alone', () => {
    const obj: Record<string, unknown> = {};
    expect(field(obj, 'constructor')).toBeUndefined();
    expect(field(obj, '__proto__')).toBeUndefined();
    expect(hasField(obj, 'toString')).toBe(false);
    setField(obj, '__proto__', { exec: 'x' });
    setField(obj, 'constructor', 'c');
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(({} as { exec?: unknown }).exec).toBeUndefined();
    expect(JSON.stringify(obj)).toBe('{"__proto__":{"exec":"x"},"constructor":"c"}');
    expect(field(obj, '__proto__')).toEqual({ exec: 'x' });
  });

  it('tables have no inherited entries', () => {
    const table = ownTable({ a: 1 });
    expect(table.constructor).toBeUndefined();
    expect(table.a).toBe(1);
    expect(Object.isFrozen(table)).toBe(true);
  });
});

describe('request text naming inherited members', () => {
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop', labels: { app: 'web' } }, spec: { containers: [{ name: 'app' }] } };

  it('a label selector on "constructor" or "toString" is a label like any other', () => {
    expect(matchesLabels(parseLabelSelector('constructor'), { app: 'web' })).toBe(false);
    expect(matchesLabels(parseLabelSelector('toString=x'), JSON.parse('{"toString":"x"}') as Record<string, string>)).toBe(true);
    expect(matchesLabels(parseLabelSelector('!constructor'), { app: 'web' })).toBe(true);
  });

  it('a field selector on an inherited name is an unsupported field label', () => {
    const pods = defaultRegistry().get('', 'v1', 'pods');
    if (!pods) throw new Error('pods are served');
    expect(() => buildFilter(pods, 'shop', new URLSearchParams('fieldSelector=constructor=x'))).toThrow('field label not supported: constructor');
    expect(() => buildFilter(pods, 'shop', new URLSearchParams('fieldSelector=toString!=x'))).toThrow('field label not supported: toString');
  });

  it('a shell command named like an inherited member is not found', () => {
    let err = '';
    const result = runLine('constructor', machineFor(pod, 'app', false), { out: () => undefined, err: (t) => (err += t) }, 0);
    expect(result.status).toBe(127);
    expect(err).toBe('sh: constructor: not found\n');
  });

  it('a quantity suffix named like an inherited member is unreadable', () => {
    expect(quantityValue('1constructor')).toBeUndefined();
    expect(quantityValue('2Ki')).toBe(2048);
  });
});
