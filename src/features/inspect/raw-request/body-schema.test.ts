import { describe, expect, it } from 'vitest';
import { JSON_PATCH_SCHEMA } from '../../../k8s/openapi';
import { bodySchema } from './body-schema';

const deployment = { apiVersion: 'apps/v1', kind: 'Deployment' };
const kindSchema = { type: 'object', required: ['spec'], properties: { spec: { type: 'object', required: ['selector'] } } };

describe('bodySchema', () => {
  it('checks a whole object (POST, PUT) against the kind as it is', () => {
    expect(bodySchema('yaml', deployment, kindSchema)).toEqual({ schema: kindSchema, said: 'checked against Deployment apps/v1' });
    expect(bodySchema('json', deployment, kindSchema)?.schema).toBe(kindSchema);
  });

  it('checks merge, strategic merge and apply patches against the kind with nothing required', () => {
    for (const contentType of ['merge-patch', 'strategic-merge-patch', 'apply'] as const) {
      const checked = bodySchema(contentType, deployment, kindSchema);
      expect(checked?.schema).toEqual({ type: 'object', properties: { spec: { type: ['object', 'null'] } } });
      expect(checked?.said).toBe('checked against Deployment apps/v1, no field required in a patch');
    }
  });

  it('checks a JSON patch as operations, whatever the kind', () => {
    expect(bodySchema('json-patch', null, null)).toEqual({ schema: JSON_PATCH_SCHEMA, said: 'checked as JSON patch operations (RFC 6902)' });
    expect(bodySchema('json-patch', deployment, kindSchema)?.schema).toBe(JSON_PATCH_SCHEMA);
  });

  it('checks nothing when the kind or its schema is unknown', () => {
    expect(bodySchema('merge-patch', null, null)).toBeNull();
    expect(bodySchema('yaml', deployment, null)).toBeNull();
  });
});
