import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_SIZE, firstPagePath, NEXT_PAGE_SIZE, nextPagePath } from './list-paging.js';

describe('nextPagePath', () => {
  it('puts the token in place of the continue parameter, leaving the rest of the query as the client wrote it', () => {
    expect(nextPagePath('/api/v1/pods?continue=abc&limit=500', 'x+y/z=')).toBe('/api/v1/pods?continue=x%2By%2Fz%3D&limit=500');
    expect(nextPagePath('/apis/apps/v1/deployments?labelSelector=a%20b&limit=7&continue=abc', 'n')).toBe('/apis/apps/v1/deployments?labelSelector=a%20b&limit=7&continue=n');
  });

  it("knows the UI's page after its first", () => {
    expect(nextPagePath(`/api/v1/pods?includeObject=Metadata&limit=${FIRST_PAGE_SIZE}`, 't')).toBe(`/api/v1/pods?includeObject=Metadata&limit=${NEXT_PAGE_SIZE}&continue=t`);
    expect(nextPagePath('/api/v1/pods?includeObject=Metadata&labelSelector=app%3Dweb&limit=100', 'a/b')).toBe('/api/v1/pods?includeObject=Metadata&labelSelector=app%3Dweb&limit=2500&continue=a%2Fb');
  });

  it('is null for what is not a page of a paged list', () => {
    expect(nextPagePath('/api/v1/pods', 't')).toBeNull();
    expect(nextPagePath('/api/v1/pods?limit=500', 't')).toBeNull(); // a first page not in the UI's form
    expect(nextPagePath('/api/v1/pods?continue=abc', 't')).toBeNull();
  });
});

describe('firstPagePath', () => {
  it("is the list's first Table page at a list URL, null elsewhere", () => {
    expect(firstPagePath('/c/demo/api/v1/pods', '?sort=Name')).toBe('/k8s/demo/api/v1/pods?includeObject=Metadata&limit=100');
    expect(firstPagePath('/c/demo/apis/apps/v1/namespaces/default/deployments/web', '')).toBeNull();
    expect(firstPagePath('/c/demo/api/v1/namespaces/default/pods/web/log', '')).toBeNull();
    expect(firstPagePath('/c/demo/api/v1/pods', '?create=1')).toBeNull();
    expect(firstPagePath('/c/%E0%A4%A/api/v1/pods', '')).toBeNull();
    expect(firstPagePath('/c/demo/-/access', '')).toBeNull();
  });
});
