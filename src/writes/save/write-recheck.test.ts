import { describe, expect, it, vi } from 'vitest';
import { decodeErrorResponse, networkError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { recheckPath, recheckVerdict, recheckWrite, type WriteTarget } from './write-recheck';

const PATH = '/api/v1/namespaces/default/configmaps/c1';

function configMap(resourceVersion: string, data: Record<string, string>, extra: Partial<KubeObject['metadata']> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'default', uid: 'u1', resourceVersion, ...extra }, data };
}

const base = configMap('10', { a: 'one', b: 'two' });
const update: WriteTarget = { verb: 'update', apiPath: PATH, base, sent: configMap('10', { a: 'mine', b: 'two' }) };

function notFound() {
  const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404, reason: 'NotFound', message: 'configmaps "c1" not found' });
  return decodeErrorResponse({ method: 'GET', url: `/k8s/demo${PATH}`, httpStatus: 404, statusText: 'Not Found', headers: new Headers({ 'content-type': 'application/json' }), body });
}

describe('recheckVerdict: Save and Apply', () => {
  it('the fields you changed have your values: done, with the new resourceVersion', () => {
    const verdict = recheckVerdict(update, configMap('11', { a: 'mine', b: 'two' }), 'Save');
    expect(verdict).toMatchObject({ known: 'done', message: 'Done: the server has your change (resourceVersion 11).' });
  });

  it('someone else also changed another field meanwhile: still done (yours are there)', () => {
    expect(recheckVerdict(update, configMap('12', { a: 'mine', b: 'theirs' }), 'Save').known).toBe('done');
  });

  it('resourceVersion still the base one: not done, the draft is kept', () => {
    const verdict = recheckVerdict(update, configMap('10', { a: 'one', b: 'two' }), 'Save');
    expect(verdict.known).toBe('not-done');
    expect(verdict.message).toBe('Not done: the object is as it was (resourceVersion 10). Your draft is kept; Save again.');
  });

  it('changed to something else: changed since, review', () => {
    const verdict = recheckVerdict(update, configMap('13', { a: 'theirs', b: 'two' }), 'Apply');
    expect(verdict.known).toBe('changed');
    expect(verdict.message).toMatch(/by someone else or your write \(resourceVersion 13, was 10\): review it before you Apply again/);
  });

  it('a removed field counts as yours when the server lacks it too', () => {
    const removal: WriteTarget = { verb: 'update', apiPath: PATH, base, sent: configMap('10', { a: 'one' }) };
    expect(recheckVerdict(removal, configMap('11', { a: 'one' }), 'Apply').known).toBe('done');
    expect(recheckVerdict(removal, configMap('11', { a: 'one', b: 'two', c: 'x' }), 'Apply').known).toBe('changed');
  });

  it('the object is gone (404): changed since, draft kept', () => {
    expect(recheckVerdict(update, null, 'Save')).toMatchObject({ known: 'changed', message: expect.stringContaining('404') });
  });
});

describe('recheckVerdict: Create', () => {
  const sent = configMap('', { a: 'one' });
  const create: WriteTarget = { verb: 'create', collectionPath: '/api/v1/namespaces/default/configmaps', sent };

  it('the name is looked up in the collection', () => {
    expect(recheckPath(create)).toBe('/api/v1/namespaces/default/configmaps/c1');
  });

  it('not found: not done, the text is kept', () => {
    expect(recheckVerdict(create, null, 'Create')).toMatchObject({ known: 'not-done', message: expect.stringContaining('no object named c1') });
  });

  it('found as sent (server defaults aside): done', () => {
    const found = { ...configMap('20', { a: 'one' }), metadata: { ...configMap('20', {}).metadata, labels: { added: 'by-webhook' } } };
    expect(recheckVerdict(create, found, 'Create')).toMatchObject({ known: 'done', message: 'Done: c1 exists as you sent it (resourceVersion 20).' });
  });

  it('found with other values: changed since (someone else\'s), review', () => {
    expect(recheckVerdict(create, configMap('20', { a: 'other' }), 'Create')).toMatchObject({ known: 'changed', message: expect.stringContaining('data.a') });
  });

  it('a generated name cannot be looked up: unknown, said so, without a GET', async () => {
    const generated: WriteTarget = { verb: 'create', collectionPath: '/api/v1/namespaces/default/configmaps', sent: { ...sent, metadata: { generateName: 'web-' } } };
    expect(recheckPath(generated)).toBeNull();
    const get = vi.fn();
    const result = await recheckWrite('demo', generated, 'Create', get);
    expect(get).not.toHaveBeenCalled();
    expect(result.known).toBe('unknown');
    expect(result.message).toMatch(/generateName web-.*cannot be looked up/);
  });
});

describe('recheckVerdict: Delete', () => {
  const del: WriteTarget = { verb: 'delete', apiPath: PATH, object: base };

  it('404: done', () => {
    expect(recheckVerdict(del, null, 'Delete')).toMatchObject({ known: 'done', message: 'Done: the object is gone (404).' });
  });

  it('another object of the same name (new uid): done', () => {
    expect(recheckVerdict(del, configMap('30', {}, { uid: 'u2' }), 'Delete')).toMatchObject({ known: 'done', message: expect.stringContaining('uid u2') });
  });

  it('marked for deletion, waiting for finalizers: done', () => {
    const marked = configMap('31', {}, { deletionTimestamp: '2026-11-24T18:00:00Z', finalizers: ['example.com/hold'] });
    expect(recheckVerdict(del, marked, 'Delete').message).toMatch(/marked for deletion.*example\.com\/hold/);
  });

  it('still there, same uid, no deletionTimestamp: not done', () => {
    expect(recheckVerdict(del, base, 'Delete').known).toBe('not-done');
  });
});

describe('recheckWrite', () => {
  it('GETs the object path once and compares', async () => {
    const get = vi.fn(() => Promise.resolve(configMap('11', { a: 'mine', b: 'two' })));
    expect((await recheckWrite('demo', update, 'Save', get)).known).toBe('done');
    expect(get).toHaveBeenCalledExactlyOnceWith('demo', PATH);
  });

  it('a 404 is an answer (null object)', async () => {
    const del: WriteTarget = { verb: 'delete', apiPath: PATH, object: base };
    expect((await recheckWrite('demo', del, 'Delete', () => Promise.reject(notFound()))).known).toBe('done');
  });

  it('a GET that fails otherwise leaves it unknown, with the reason', async () => {
    const result = await recheckWrite('demo', update, 'Save', () => Promise.reject(networkError('GET', PATH, new TypeError('Failed to fetch'))));
    expect(result.known).toBe('unknown');
    expect(result.message).toMatch(/^Unknown: the check could not read the object either \(Could not reach/);
  });
});
