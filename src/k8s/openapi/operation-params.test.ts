import { describe, expect, it } from 'vitest';
import { operationListsQueryParam } from './operation-params';
import { DEPLOYMENT_GVK, openApiV2Fixture } from './openapi-test-support';

const gvkRef = { group: 'apps', version: 'v1', kind: 'Deployment' };

// The shape of a v3 group-version document of kube-apiserver >= 1.27 (inline and $ref parameters).
const v3Doc = {
  openapi: '3.0.0',
  paths: {
    '/apis/apps/v1/namespaces/{namespace}/deployments/{name}': {
      parameters: [{ $ref: '#/components/parameters/name-x' }, { $ref: '#/components/parameters/pretty-y' }],
      put: {
        'x-kubernetes-action': 'put',
        'x-kubernetes-group-version-kind': gvkRef,
        parameters: [{ name: 'dryRun', in: 'query' }, { $ref: '#/components/parameters/fieldValidation-z' }],
      },
    },
    '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/status': {
      put: { 'x-kubernetes-group-version-kind': gvkRef, parameters: [{ name: 'statusOnly', in: 'query' }] },
    },
  },
  components: {
    parameters: {
      'name-x': { name: 'name', in: 'path' },
      'pretty-y': { name: 'pretty', in: 'query' },
      'fieldValidation-z': { name: 'fieldValidation', in: 'query' },
    },
  },
};

describe('operationListsQueryParam', () => {
  it('on the recorded 1.20.2 /openapi/v2: PUT of a Deployment lists fieldManager and pretty, not fieldValidation', () => {
    const doc = openApiV2Fixture();
    expect(operationListsQueryParam(doc, DEPLOYMENT_GVK, 'put', 'fieldManager')).toBe(true);
    expect(operationListsQueryParam(doc, DEPLOYMENT_GVK, 'put', 'pretty')).toBe(true);
    expect(operationListsQueryParam(doc, DEPLOYMENT_GVK, 'put', 'fieldValidation')).toBe(false);
    expect(operationListsQueryParam(doc, { group: '', version: 'v1', kind: 'ConfigMap' }, 'put', 'fieldValidation')).toBe(false);
  });

  it('follows $ref parameters of a v3 document and only reads the main resource, not subresources', () => {
    expect(operationListsQueryParam(v3Doc, DEPLOYMENT_GVK, 'put', 'fieldValidation')).toBe(true);
    expect(operationListsQueryParam(v3Doc, DEPLOYMENT_GVK, 'put', 'pretty')).toBe(true);
    expect(operationListsQueryParam(v3Doc, DEPLOYMENT_GVK, 'put', 'name')).toBe(false);
    expect(operationListsQueryParam(v3Doc, DEPLOYMENT_GVK, 'put', 'statusOnly')).toBe(false);
    expect(operationListsQueryParam(v3Doc, { ...DEPLOYMENT_GVK, kind: 'StatefulSet' }, 'put', 'fieldValidation')).toBe(false);
    expect(operationListsQueryParam(v3Doc, DEPLOYMENT_GVK, 'patch', 'fieldValidation')).toBe(false);
  });

  it('answers false for documents without paths', () => {
    expect(operationListsQueryParam({}, DEPLOYMENT_GVK, 'put', 'fieldValidation')).toBe(false);
    expect(operationListsQueryParam(null, DEPLOYMENT_GVK, 'put', 'fieldValidation')).toBe(false);
  });
});
