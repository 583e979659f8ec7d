import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_GVK, fixtureKindSchema } from '../openapi/openapi-test-support';
import type { JsonObject } from './json';
import { PATCH_CONTENT_TYPES, patchRequest } from './patch-request';

const original: JsonObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'fx', resourceVersion: '333', uid: 'u1' },
  spec: { replicas: 2 },
  status: { replicas: 2 },
};
const modified: JsonObject = { ...original, spec: { replicas: 4 } };

describe('patchRequest', () => {
  it('uses the Content-Type of each patch type', () => {
    expect(PATCH_CONTENT_TYPES).toEqual({
      json: 'application/json-patch+json',
      merge: 'application/merge-patch+json',
      strategic: 'application/strategic-merge-patch+json',
      apply: 'application/apply-patch+yaml',
    });
  });

  it('builds each body and always names kubeglass as field manager', () => {
    const lookup = fixtureKindSchema(DEPLOYMENT_GVK).lookup;
    const json = patchRequest('json', { original, modified });
    expect(json).toMatchObject({ method: 'PATCH', contentType: 'application/json-patch+json', query: { fieldManager: 'kubeglass' } });
    expect(JSON.parse(json.body)).toEqual([
      { op: 'test', path: '/metadata/resourceVersion', value: '333' },
      { op: 'replace', path: '/spec/replicas', value: 4 },
    ]);
    expect(JSON.parse(patchRequest('merge', { original, modified }).body)).toEqual({ spec: { replicas: 4 } });
    expect(JSON.parse(patchRequest('strategic', { original, modified, schemaLookup: lookup }).body)).toEqual({ spec: { replicas: 4 } });
    const apply = patchRequest('apply', { original, modified });
    expect(JSON.parse(apply.body)).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'fx' }, spec: { replicas: 4 } });
    expect(apply.query).toEqual({ fieldManager: 'kubeglass' });
  });

  it('adds dryRun=All for previews and force=true only to apply', () => {
    expect(patchRequest('apply', { original, modified, dryRun: true, force: true, fieldManager: 'me' }).query).toEqual({ fieldManager: 'me', force: 'true', dryRun: 'All' });
    expect(patchRequest('merge', { original, modified, dryRun: true, force: true }).query).toEqual({ fieldManager: 'kubeglass', dryRun: 'All' });
    expect(JSON.parse(patchRequest('json', { original, modified, testResourceVersion: false }).body)).toEqual([{ op: 'replace', path: '/spec/replicas', value: 4 }]);
  });

  it('can guard merge and strategic patches with the original resourceVersion', () => {
    const lookup = fixtureKindSchema(DEPLOYMENT_GVK).lookup;
    const expected = { metadata: { resourceVersion: '333' }, spec: { replicas: 4 } };
    expect(JSON.parse(patchRequest('merge', { original, modified, includeResourceVersion: true }).body)).toEqual(expected);
    expect(JSON.parse(patchRequest('strategic', { original, modified, schemaLookup: lookup, includeResourceVersion: true }).body)).toEqual(expected);
    expect(JSON.parse(patchRequest('apply', { original, modified, includeResourceVersion: true }).body).metadata).toEqual({ name: 'web', namespace: 'fx' });
  });

  it('needs a schema for strategic merge', () => {
    expect(() => patchRequest('strategic', { original, modified })).toThrow(/schema/);
  });
});
