import { describe, expect, it } from 'vitest';
import { duplicateYamlKeys, strictYamlError } from './yaml-duplicates.js';

describe('duplicateYamlKeys', () => {
  it('names each repeated key with its line, as go-yaml v2 strict decoding does', () => {
    const body = '\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  foo: a\n  foo: b\n  1: c\n  1: d\n';
    const found = duplicateYamlKeys(body);
    expect(found).toEqual(['line 8: key "foo" already set in map', 'line 10: key 1 already set in map']);
    expect(strictYamlError(found)).toBe('error converting YAML to JSON: yaml: unmarshal errors:\n  line 8: key "foo" already set in map\n  line 10: key 1 already set in map');
  });

  it('finds nothing in unique mappings, nor across sibling mappings, and reads JSON too', () => {
    expect(duplicateYamlKeys('a:\n  x: 1\nb:\n  x: 2\n')).toEqual([]);
    expect(duplicateYamlKeys('{"a": 1, "a": 2}')).toEqual(['line 1: key "a" already set in map']);
  });
});
