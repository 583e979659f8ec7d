import { describe, expect, it } from 'vitest';
import { apiPathProblem, splitApiPath } from './api-path-guard';
import { requestTarget } from './request-target';
import { ACCEPT_HEADERS, BODY_URL_LIMIT, emptyRawRequest, parseRawRequest, sendsOnOpen, serializeRawRequest, type RawRequest } from './request-url';

describe('parseRawRequest', () => {
  it('reads every field of a link', () => {
    const parsed = parseRawRequest('?verb=post&path=/api/v1/namespaces/default/configmaps&accept=yaml&contentType=json&dryRun=1&fieldManager=me&body=%7B%7D&send=1');
    expect(parsed).toEqual({
      request: { verb: 'POST', path: '/api/v1/namespaces/default/configmaps', accept: 'yaml', contentType: 'json', dryRun: true, fieldManager: 'me', body: '{}' },
      send: true,
      problems: [],
    });
  });

  it('takes a media type as contentType and gives a PATCH its own default', () => {
    expect(parseRawRequest('?verb=PATCH&contentType=application/apply-patch%2Byaml').request.contentType).toBe('apply');
    expect(parseRawRequest('?verb=PATCH').request.contentType).toBe('merge-patch');
    expect(parseRawRequest('?verb=PUT').request.contentType).toBe('yaml');
  });

  it('names what it did not understand and falls back to defaults', () => {
    const parsed = parseRawRequest('?verb=TRACE&accept=protobuf&contentType=json-patch');
    expect(parsed.request).toMatchObject({ verb: 'GET', accept: 'json', contentType: 'yaml' });
    expect(parsed.problems).toEqual([
      'verb "TRACE" is not one of GET, POST, PUT, PATCH, DELETE: GET is used.',
      'accept "protobuf" is not one of json, table, yaml, discovery: json is used.',
      'contentType "json-patch" does not fit GET: yaml is used.',
    ]);
  });

  it('leaves a body longer than the link limit out, saying so', () => {
    const parsed = parseRawRequest(`?verb=POST&body=${'x'.repeat(BODY_URL_LIMIT + 1)}`);
    expect(parsed.request.body).toBe('');
    expect(parsed.problems[0]).toMatch(/longer than 8192/);
  });
});

describe('serializeRawRequest', () => {
  it('round-trips a write with its body', () => {
    const request: RawRequest = { verb: 'PATCH', path: '/apis/apps/v1/namespaces/a/deployments/web?fieldValidation=Strict', accept: 'table', contentType: 'strategic-merge-patch', dryRun: true, fieldManager: 'x', body: 'spec:\n  replicas: 2\n' };
    expect(parseRawRequest(serializeRawRequest(request)).request).toEqual(request);
  });

  it('keeps a GET link short: no body, content type or dry run', () => {
    expect(serializeRawRequest({ ...emptyRawRequest, path: '/api/v1/pods', body: 'ignored', dryRun: true }, { send: true })).toBe('?verb=GET&path=%2Fapi%2Fv1%2Fpods&send=1');
  });
});

describe('sendsOnOpen', () => {
  it('sends a GET link and never a write or DELETE link', () => {
    expect(sendsOnOpen(parseRawRequest('?verb=GET&path=/api/v1/pods&send=1'))).toBe(true);
    expect(sendsOnOpen(parseRawRequest('?path=/api/v1/pods&send=true'))).toBe(true);
    for (const verb of ['DELETE', 'POST', 'PUT', 'PATCH', 'delete']) {
      expect(sendsOnOpen(parseRawRequest(`?verb=${verb}&path=/api/v1/namespaces/default/configmaps/x&send=1`))).toBe(false);
    }
    expect(sendsOnOpen(parseRawRequest('?verb=GET&path=/api/v1/pods'))).toBe(false);
  });
});

describe('apiPathProblem', () => {
  it.each([
    '/api/v1/namespaces/default/pods',
    '/apis/apps/v1/deployments?watch=1&resourceVersion=1',
    '/api',
    '/version',
    '/openapi/v3/apis/apps/v1',
    '/readyz?verbose',
    '/api/v1/namespaces/default/configmaps/a%2Bb',
  ])('lets %s through', (path) => expect(apiPathProblem(path)).toBeNull());

  it.each([
    ['', /Type an API path/],
    ['http://evil.example/api/v1/pods', /not a URL/],
    ['HTTPS://x/api', /not a URL/],
    ['javascript:alert(1)', /not a URL/],
    ['//evil.example/api/v1', /another server/],
    ['/api\\v1', /Backslashes/],
    ['/api/v1/../../-/contexts', /Dot segments/],
    ['/api/v1/%2e%2e/x', /Dot segments/],
    ['/api/v1/pods/a%2Fb', /Encoded slashes/],
    ['/api/v1/pods/%zz', /percent-encoded/],
    ['/api/v1/pods name', /Spaces/],
    ['/api/v1/pods#x', /fragment/],
    ['api/v1/pods', /starts with "\/"/],
    ['/metrics', /Only the API's own paths/],
    ['/apiv1', /Only the API's own paths/],
    ['/-/ws', /Only the API's own paths/],
  ])('refuses %s', (path, why) => expect(apiPathProblem(path)).toMatch(why));
});

describe('splitApiPath', () => {
  it('reads watch as the apiserver does (strconv.ParseBool)', () => {
    expect(splitApiPath('/api/v1/pods?watch=1&resourceVersion=1')).toMatchObject({ pathname: '/api/v1/pods', watch: true });
    expect(splitApiPath('/api/v1/pods?watch=true').watch).toBe(true);
    expect(splitApiPath('/api/v1/pods?watch=0').watch).toBe(false);
    expect(splitApiPath('/api/v1/pods').params.toString()).toBe('');
  });
});

describe('ACCEPT_HEADERS', () => {
  it('asks for Tables and aggregated discovery the way the console does', () => {
    expect(ACCEPT_HEADERS.table).toBe('application/json;as=Table;v=v1;g=meta.k8s.io,application/json');
    expect(ACCEPT_HEADERS.discovery).toMatch(/as=APIGroupDiscoveryList,application\/json$/);
  });
});

describe('requestTarget', () => {
  it('adds dryRun=All to writes and DELETE, fieldManager to writes, never to a GET', () => {
    expect(requestTarget({ ...emptyRawRequest, verb: 'POST', path: '/api/v1/namespaces/a/configmaps', dryRun: true, fieldManager: 'me' })).toBe('/api/v1/namespaces/a/configmaps?dryRun=All&fieldManager=me');
    expect(requestTarget({ ...emptyRawRequest, verb: 'DELETE', path: '/api/v1/namespaces/a/configmaps/x?gracePeriodSeconds=0', dryRun: true, fieldManager: 'me' })).toBe('/api/v1/namespaces/a/configmaps/x?gracePeriodSeconds=0&dryRun=All');
    expect(requestTarget({ ...emptyRawRequest, path: '/api/v1/pods?limit=1', dryRun: true, fieldManager: 'me' })).toBe('/api/v1/pods?limit=1');
  });
});
