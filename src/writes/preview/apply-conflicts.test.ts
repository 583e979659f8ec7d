import { describe, expect, it } from 'vitest';
import { decodeErrorResponse } from '../../k8s/kube-api-error';
import { readFixture } from '../../testing/fixtures';
import { applyConflicts, conflictManagers, parseConflictMessage } from './apply-conflicts';

function errorOf(body: string, httpStatus: number) {
  return decodeErrorResponse({ method: 'PATCH', url: '/x', httpStatus, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), body, warnings: [] });
}

const fixture = (name: string) => readFixture(`errors/${name}`);

describe('apply conflicts', () => {
  it('reads the recorded 1.20.2 conflict: manager, operation, apiVersion and field', () => {
    expect(applyConflicts(errorOf(fixture('409-apply-conflict.json'), 409))).toEqual([
      {
        manager: 'kubectl-client-side-apply',
        operation: 'Update',
        apiVersion: 'apps/v1',
        subresource: null,
        field: 'spec.replicas',
        message: 'conflict with "kubectl-client-side-apply" using apps/v1',
      },
    ]);
  });

  it('parses every wording of printManager', () => {
    expect(parseConflictMessage('conflict with "kubectl"')).toEqual({ manager: 'kubectl', operation: 'Apply', apiVersion: null, subresource: null });
    expect(parseConflictMessage('conflict with "kube-controller-manager" with subresource "scale" using apps/v1 at 2026-11-21T22:22:10Z')).toEqual({
      manager: 'kube-controller-manager',
      operation: 'Update',
      apiVersion: 'apps/v1',
      subresource: 'scale',
    });
    expect(parseConflictMessage('conflict with "a \\"b\\""')?.manager).toBe('a "b"');
    expect(parseConflictMessage('something else')).toBeNull();
  });

  it('is empty for other errors and lists managers once', () => {
    expect(applyConflicts(errorOf(fixture('409-conflict-put.json'), 409))).toEqual([]);
    expect(applyConflicts(new Error('x'))).toEqual([]);
    const two = errorOf(
      JSON.stringify({
        kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Conflict', code: 409, message: 'Apply failed with 3 conflicts',
        details: { causes: [
          { reason: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.spec.replicas' },
          { reason: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.spec.paused' },
          { reason: 'FieldManagerConflict', message: 'conflict with "helm" using apps/v1', field: '.spec.template.spec.containers[name="web"].image' },
        ] },
      }),
      409,
    );
    const conflicts = applyConflicts(two);
    expect(conflicts.map((c) => c.field)).toEqual(['spec.replicas', 'spec.paused', 'spec.template.spec.containers[name="web"].image']);
    expect(conflictManagers(conflicts)).toEqual(['kubectl', 'helm']);
  });
});
