import { describe, expect, it } from 'vitest';
import { JSON_PATCH_SCHEMA, patchSchemaOf } from './patch-schema';
import { DEPLOYMENT_GVK, fixtureKindSchema } from './openapi-test-support';

type Obj = Record<string, unknown>;
const requiredLists = (value: unknown, out: string[] = [], at = '$'): string[] => {
  if (Array.isArray(value)) value.forEach((v, i) => requiredLists(v, out, `${at}[${i}]`));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'required' && Array.isArray(v)) out.push(at);
      else requiredLists(v, out, `${at}.${k}`);
    }
  }
  return out;
};

describe('patchSchemaOf', () => {
  const { jsonSchema } = fixtureKindSchema(DEPLOYMENT_GVK);
  const defs = (s: Obj) => s.definitions as Record<string, Obj>;

  it('drops every required list, at the root and in each definition, and keeps the types', () => {
    expect(requiredLists(jsonSchema).length).toBeGreaterThan(0);
    expect(defs(jsonSchema)['io.k8s.api.apps.v1.DeploymentSpec']?.required).toEqual(['selector', 'template']);
    const patch = patchSchemaOf(jsonSchema);
    expect(requiredLists(patch)).toEqual([]);
    const spec = defs(patch)['io.k8s.api.apps.v1.DeploymentSpec'] as { properties: Record<string, Obj> };
    // null removes a field in a merge patch: every type takes it too.
    expect(spec.properties.replicas).toMatchObject({ type: ['integer', 'null'] });
    expect(spec.properties.paused).toMatchObject({ type: ['boolean', 'null'] });
    expect(Object.keys(defs(patch))).toEqual(Object.keys(defs(jsonSchema)));
    // The kind's own schema is left as it was (the editor of whole objects still uses it).
    expect(defs(jsonSchema)['io.k8s.api.apps.v1.DeploymentSpec']?.required).toEqual(['selector', 'template']);
  });

  it('keeps a field named "required", data values and own keys such as __proto__', () => {
    const schema = JSON.parse(
      '{"type":"object","required":["required"],"properties":{"required":{"type":"boolean"},"__proto__":{"type":"string","required":["x"]}},"default":{"required":["kept"]},"x-kubernetes-preserve-unknown-fields":true}',
    ) as Obj;
    const patch = patchSchemaOf(schema) as { properties: Obj; default: unknown };
    expect(patch).not.toHaveProperty('required');
    expect(Object.keys(patch.properties)).toEqual(['required', '__proto__']);
    expect(patch.properties.required).toEqual({ type: ['boolean', 'null'] });
    expect(Object.getOwnPropertyDescriptor(patch.properties, '__proto__')?.value).toEqual({ type: ['string', 'null'] });
    expect(patch.default).toEqual({ required: ['kept'] });
    expect(patch).toHaveProperty('x-kubernetes-preserve-unknown-fields', true);
  });

  it('lets any field be null (it removes the field), enums included, but not the body itself', () => {
    const schema = { type: 'object', properties: { mode: { type: 'string', enum: ['A', 'B'] }, either: { type: ['integer', 'string'] }, gone: { type: 'null' } } };
    const patch = patchSchemaOf(schema) as { type: unknown; properties: Record<string, Obj> };
    expect(patch.type).toBe('object');
    expect(patch.properties).toEqual({ mode: { type: ['string', 'null'], enum: ['A', 'B', null] }, either: { type: ['integer', 'string', 'null'] }, gone: { type: 'null' } });
  });
});

describe('JSON_PATCH_SCHEMA', () => {
  const items = JSON_PATCH_SCHEMA.items as { required: string[]; properties: Record<string, Obj>; allOf: Array<{ if: Obj; then: Obj }> };

  it('is a list of operations with op and path, op one of the six of RFC 6902', () => {
    expect(JSON_PATCH_SCHEMA.type).toBe('array');
    expect(items.required).toEqual(['op', 'path']);
    expect(items.properties.op?.enum).toEqual(['add', 'remove', 'replace', 'move', 'copy', 'test']);
  });

  it('asks value of add, replace and test and from of move and copy', () => {
    const needs = (op: string) => items.allOf.filter((rule) => ((rule.if.properties as Record<string, Obj>).op?.enum as string[]).includes(op)).flatMap((rule) => rule.then.required as string[]);
    expect(['add', 'replace', 'test'].map(needs)).toEqual([['value'], ['value'], ['value']]);
    expect(['move', 'copy'].map(needs)).toEqual([['from'], ['from']]);
    expect(needs('remove')).toEqual([]);
  });

  it('takes JSON pointers as paths', () => {
    const pointer = new RegExp(items.properties.path?.pattern as string);
    for (const ok of ['', '/spec/replicas', '/metadata/labels/app.kubernetes.io~1name', '/spec/containers/-', '/a~0b']) expect(pointer.test(ok)).toBe(true);
    for (const bad of ['spec/replicas', '/a~2b', '/a~']) expect(pointer.test(bad)).toBe(false);
  });
});
