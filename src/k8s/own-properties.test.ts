import { describe, expect, it } from 'vitest';
import { ownValue, ownValueAt, setOwn } from './own-properties';

describe('own-property access', () => {
  it('reads only what an object holds itself', () => {
    const parsed = JSON.parse('{"__proto__":{"a":1},"name":"x"}') as Record<string, unknown>;
    expect(ownValue(parsed, '__proto__')).toEqual({ a: 1 });
    expect(ownValue({}, '__proto__')).toBeUndefined();
    expect(ownValue({}, 'constructor')).toBeUndefined();
    expect(ownValue({ constructor: 'c' }, 'constructor')).toBe('c');
  });

  it('writes "__proto__" as an own key and leaves the prototype alone', () => {
    const out: Record<string, unknown> = {};
    setOwn(out, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('walks a path through own keys and list items only', () => {
    const value = JSON.parse('{"spec":{"__proto__":{"x":[1,{"y":2}]}}}') as unknown;
    expect(ownValueAt(value, ['spec', '__proto__', 'x', 1, 'y'])).toBe(2);
    expect(ownValueAt(value, ['spec', 'constructor'])).toBeUndefined();
    expect(ownValueAt({}, ['__proto__', '__proto__'])).toBeUndefined();
    expect(ownValueAt({ a: [1] }, ['a', 'length'])).toBeUndefined();
    expect(ownValueAt({ a: [1] }, ['a', 1])).toBeUndefined();
    expect(ownValueAt({ a: 'text' }, ['a', 'length'])).toBeUndefined();
  });
});
