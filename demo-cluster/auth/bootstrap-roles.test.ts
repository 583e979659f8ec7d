/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AGGREGATE_TO_EDIT, AGGREGATE_TO_VIEW, AGGREGATED_METRICS_READER, BASIC_USER, EDIT, VIEW } from './bootstrap-roles.js';
import type { ResourceRule } from '../../wire/rbac.js';

const RBAC = resolve(dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/k8s-1.37.2/rbac');
const recordedRules = (role: string): unknown => (JSON.parse(readFileSync(resolve(RBAC, `clusterrole-${role}.json`), 'utf8')) as { rules: unknown }).rules;
/** The demo's aggregated role without metrics-server's rule, which the recording cluster does not run. */
const withoutMetrics = (rules: ResourceRule[]): ResourceRule[] => rules.filter((r) => !AGGREGATED_METRICS_READER.includes(r));

describe('bootstrap roles', () => {
  it('are the rules kube-apiserver 1.37.2 serves', () => {
    expect(AGGREGATE_TO_EDIT).toEqual(recordedRules('aggregate-to-edit'));
    expect(AGGREGATE_TO_VIEW).toEqual(recordedRules('aggregate-to-view'));
    expect(BASIC_USER).toEqual(recordedRules('basic-user'));
  });

  it('view and edit hold what its controller manager aggregates into them', () => {
    expect(withoutMetrics(VIEW)).toEqual(recordedRules('view'));
    expect(withoutMetrics(EDIT)).toEqual(recordedRules('edit'));
  });
});
