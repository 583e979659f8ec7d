import { describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures';
import { parseKubeUrl } from './api-client';
import { existingObjectUiPath } from './existing-object';
import { decodeErrorResponse } from './kube-api-error';

const recorded = (name: string, method: string, url: string) =>
  decodeErrorResponse({ method, url, httpStatus: Number(name.slice(0, 3)), statusText: '', headers: new Headers(), body: readFixture(`errors/${name}`) });

describe('existingObjectUiPath', () => {
  it('locates the object a create collided with from the POST collection and details.name', () => {
    const error = recorded('409-already-exists.json', 'POST', '/k8s/my%40ctx/api/v1/namespaces/fx/configmaps?fieldManager=kubeglass');
    expect(existingObjectUiPath(error)).toBe('/c/my@ctx/api/v1/namespaces/fx/configmaps/settings');
  });

  it('has nothing for other errors, other verbs or URLs outside the proxy', () => {
    expect(existingObjectUiPath(recorded('409-conflict-put.json', 'PUT', '/k8s/demo/api/v1/namespaces/fx/configmaps/settings'))).toBeNull();
    expect(existingObjectUiPath(recorded('409-already-exists.json', 'PUT', '/k8s/demo/api/v1/namespaces/fx/configmaps/settings'))).toBeNull();
    expect(existingObjectUiPath(recorded('409-already-exists.json', 'POST', '/elsewhere'))).toBeNull();
  });
});

describe('parseKubeUrl', () => {
  it('splits a proxy URL into context and API path', () => {
    expect(parseKubeUrl('/k8s/me%40prod%2Feu/apis/apps/v1/deployments?limit=5')).toEqual({ context: 'me@prod/eu', apiPath: '/apis/apps/v1/deployments' });
    expect(parseKubeUrl('/k8s/demo')).toEqual({ context: 'demo', apiPath: '/' });
    expect(parseKubeUrl('/-/contexts')).toBeNull();
  });
});
