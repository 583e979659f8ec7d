import { describe, expect, it } from 'vitest';
import { keysOf, parseJsonBody } from './duplicate-fields.js';

describe('parseJsonBody', () => {
  it('leaves a body without repeated keys as JSON.parse reads it, with no keys remembered', () => {
    const body = parseJsonBody('{"metadata":{"name":"a"},"data":{"k":"v"}}');
    expect(body).toEqual({ metadata: { name: 'a' }, data: { k: 'v' } });
    expect(keysOf(body)).toBeUndefined();
  });

  it('merges a repeated object into the first, as encoding/json decodes it, and replaces anything else', () => {
    const body = parseJsonBody('{"data":{"a":"1"},"n":1,"data":{"b":"2"},"n":2,"list":[1],"list":[2,3]}');
    expect(body).toEqual({ data: { a: '1', b: '2' }, n: 2, list: [2, 3] });
  });

  it('records keys in document order with the strict decoder\'s paths', () => {
    const body = parseJsonBody('{"spec":{"containers":[{"name":"c"},{"name":"d","name":"e"}]},"spec":{}}');
    expect(keysOf(body)?.filter((k) => k.duplicate).map((k) => k.path)).toEqual(['spec.containers[1].name', 'spec']);
    expect(body).toEqual({ spec: { containers: [{ name: 'c' }, { name: 'e' }] } });
  });

  it('keeps escapes and numbers as JSON.parse reads them', () => {
    const body = parseJsonBody('{"a":"x\\"y\\\\","a":"\\u00e9","b":-1.5e3,"b":true,"c":null}');
    expect(body).toEqual({ a: 'é', b: true, c: null });
  });
});
