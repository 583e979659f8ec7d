import { describe, expect, it } from 'vitest';
import { bodyKind, prepareBody } from './request-body';

describe('prepareBody', () => {
  it('sends YAML as typed and JSON types as JSON', () => {
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  enabled: "yes"\n  flag: yes\n';
    expect(prepareBody(yaml, 'yaml')).toEqual({ ok: true, text: yaml });
    expect(prepareBody(yaml, 'apply')).toEqual({ ok: true, text: yaml });
    expect(prepareBody(yaml, 'json')).toEqual({ ok: true, text: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"enabled":"yes","flag":true}}' });
    expect(prepareBody('spec: {replicas: 2}', 'merge-patch')).toEqual({ ok: true, text: '{"spec":{"replicas":2}}' });
  });

  it('wants a list for a JSON patch and an object otherwise', () => {
    expect(prepareBody('[{"op": "remove", "path": "/data/a"}]', 'json-patch')).toEqual({ ok: true, text: '[{"op":"remove","path":"/data/a"}]' });
    expect(prepareBody('{"a": 1}', 'json-patch')).toMatchObject({ ok: false, problems: [{ line: 1, message: expect.stringMatching(/list of operations/) }] });
    expect(prepareBody('[1]', 'merge-patch')).toMatchObject({ ok: false, problems: [{ message: expect.stringMatching(/one object/) }] });
    expect(prepareBody('  \n', 'yaml')).toMatchObject({ ok: false, problems: [{ message: 'A application/yaml body is needed.' }] });
  });

  it('gives a syntax error its line', () => {
    const result = prepareBody('metadata:\n  name: a\n  name: b\n', 'yaml');
    expect(result).toMatchObject({ ok: false, problems: [{ line: 3 }] });
  });
});

describe('bodyKind', () => {
  it('reads apiVersion and kind, or null', () => {
    expect(bodyKind('apiVersion: apps/v1\nkind: Deployment\n')).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(bodyKind('spec: {}')).toBeNull();
    expect(bodyKind('[')).toBeNull();
  });
});
