import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { decodeErrorResponse } from '../../k8s/kube-api-error';
import { readFixture } from '../../testing/fixtures';
import { classifyFailure } from './preview-requests';

const errorOf = (name: string, httpStatus: number) =>
  decodeErrorResponse({ method: 'PATCH', url: '/x', httpStatus, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), body: readFixture(`errors/${name}`), warnings: [] });

const object = (rv: string): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', resourceVersion: rv } });

describe('classifyFailure', () => {
  it('calls a failed JSON-patch test stale when the object moved on, with the latest object', async () => {
    const latest = object('9');
    const failure = await classifyFailure(errorOf('422-json-patch-test-failed.json', 422), 'json', object('5'), () => Promise.resolve(latest));
    expect(failure).toMatchObject({ kind: 'stale', latest });
  });

  it('keeps a 422 as an error when the object did not move (a real validation error)', async () => {
    const failure = await classifyFailure(errorOf('422-invalid-deployment.json', 422), 'json', object('5'), () => Promise.resolve(object('5')));
    expect(failure.kind).toBe('error');
  });

  it('calls a 409 to a merge patch stale, never asks for the latest on other errors', async () => {
    expect((await classifyFailure(errorOf('409-conflict-put.json', 409), 'strategic', object('5'), () => Promise.resolve(object('6')))).kind).toBe('stale');
    const getLatest = vi.fn(() => Promise.resolve(object('6')));
    expect((await classifyFailure(errorOf('422-invalid-deployment.json', 422), 'merge', object('5'), getLatest)).kind).toBe('error');
    expect((await classifyFailure(new Error('boom'), 'merge', object('5'), getLatest)).kind).toBe('error');
    expect(getLatest).not.toHaveBeenCalled();
  });

  it('lists server-side apply conflicts', async () => {
    const failure = await classifyFailure(errorOf('409-apply-conflict.json', 409), 'apply', object('5'), () => Promise.resolve(object('5')));
    expect(failure.kind === 'apply-conflicts' && failure.conflicts.map((c) => [c.manager, c.field])).toEqual([['kubectl-client-side-apply', 'spec.replicas']]);
  });

  it('keeps the original error when the latest cannot be read', async () => {
    const failure = await classifyFailure(errorOf('409-conflict-put.json', 409), 'merge', object('5'), () => Promise.reject(new Error('offline')));
    expect(failure.kind).toBe('error');
  });
});
