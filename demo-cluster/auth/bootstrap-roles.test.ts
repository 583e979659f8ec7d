import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../tests/fixtures/recorded.js';
import { AGGREGATE_TO_EDIT, AGGREGATE_TO_VIEW } from './bootstrap-roles.js';

describe('bootstrap roles', () => {
  it('are the rules kube-apiserver 1.20.2 serves', () => {
    expect(AGGREGATE_TO_EDIT).toEqual(readJsonFixture<{ rules: unknown }>('rbac/clusterrole-aggregate-to-edit.json').rules);
    expect(AGGREGATE_TO_VIEW).toEqual(readJsonFixture<{ rules: unknown }>('rbac/clusterrole-aggregate-to-view.json').rules);
  });
});
