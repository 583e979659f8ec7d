import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessKey, accessReviewBody, attributesFor, canIWords, deniedText, reviewAccess } from './access-review';

afterEach(() => vi.unstubAllGlobals());

describe('SelfSubjectAccessReview', () => {
  const update = { verb: 'update', group: '', resource: 'configmaps', namespace: 'fx', name: 'web' };

  it('sends only the attributes that are set', () => {
    expect(accessReviewBody({ verb: 'list', group: 'apps', resource: 'deployments' })).toEqual({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { verb: 'list', group: 'apps', resource: 'deployments' } },
    });
    expect(accessReviewBody({ ...update, subresource: 'status' })).toMatchObject({
      spec: { resourceAttributes: { verb: 'update', group: '', resource: 'configmaps', subresource: 'status', namespace: 'fx', name: 'web' } },
    });
  });

  it('keys differ by every attribute', () => {
    const keys = new Set([
      accessKey(update),
      accessKey({ ...update, verb: 'patch' }),
      accessKey({ ...update, namespace: 'other' }),
      accessKey({ ...update, name: 'db' }),
      accessKey({ ...update, subresource: 'status' }),
      accessKey({ ...update, group: 'x' }),
    ]);
    expect(keys.size).toBe(6);
  });

  it('says the refusal in words and as the kubectl question', () => {
    expect(deniedText(update)).toBe('You may not update configmaps "web" in namespace fx');
    expect(deniedText({ verb: 'create', group: 'apps', resource: 'deployments', namespace: 'fx' })).toBe('You may not create deployments.apps in namespace fx');
    expect(deniedText({ verb: 'list', group: '', resource: 'pods', namespace: '' })).toBe('You may not list pods in all namespaces');
    expect(deniedText({ verb: 'patch', group: '', resource: 'nodes', name: 'node-a' })).toBe('You may not patch nodes "node-a"');
    expect(canIWords(update).join(' ')).toBe('auth can-i update configmaps/web -n fx');
    expect(canIWords({ verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'fx', name: 'web' }).join(' ')).toBe(
      'auth can-i update deployments.apps/web --subresource=scale -n fx',
    );
    expect(canIWords({ verb: 'list', group: '', resource: 'pods', namespace: '' }).join(' ')).toBe('auth can-i list pods -A');
    expect(canIWords({ verb: 'get', group: '', resource: 'nodes' }).join(' ')).toBe('auth can-i get nodes');
  });

  it('POSTs the review and reads status', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: { allowed: false, reason: 'no RBAC policy matched' } }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    await expect(reviewAccess('demo', update)).resolves.toEqual({ allowed: false, denied: false, reason: 'no RBAC policy matched', evaluationError: '' });
    expect(fetch).toHaveBeenCalledWith('/k8s/demo/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', expect.objectContaining({ method: 'POST' }));
  });
});

describe('attributesFor', () => {
  const base = { group: 'apps', version: 'v1', resource: 'deployments', subresource: null };
  it('names the object of an object path, and the scope of a collection', () => {
    expect(attributesFor({ ...base, namespace: 'fx', name: 'web' }, 'update')).toEqual({ verb: 'update', group: 'apps', resource: 'deployments', namespace: 'fx', name: 'web' });
    expect(attributesFor({ ...base, namespace: 'fx', name: 'web' }, 'update', { subresource: 'scale' })).toMatchObject({ subresource: 'scale', name: 'web' });
    expect(attributesFor({ ...base, namespace: null, name: null }, 'create', { namespaced: true })).toEqual({ verb: 'create', group: 'apps', resource: 'deployments', namespace: '' });
    expect(attributesFor({ group: '', version: 'v1', resource: 'nodes', subresource: null, namespace: null, name: 'n1' }, 'patch')).toEqual({ verb: 'patch', group: '', resource: 'nodes', name: 'n1' });
  });
});
