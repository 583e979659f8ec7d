// "What can I do here?": the resources discovery lists, by verb, decided from a SelfSubjectRulesReview the
// way RBAC decides (wire/rbac.ts), in the rows `kubectl auth can-i --list` would print.
import type { ResourceRule } from '../../../wire/rbac';
import { ruleAllows } from '../../../wire/rbac';
import { qualifiedName } from '../../k8s/discovery/resource-index';
import type { ApiResource } from '../../k8s/discovery/types';
import { MATRIX_VERBS } from '../../k8s/access/rules-review';

export type MatrixVerb = (typeof MATRIX_VERBS)[number];

/** yes: every object; some: only named objects (resourceNames); no; absent: the resource does not serve the verb. */
export type MatrixCell = 'yes' | 'some' | 'no' | 'absent';

export interface MatrixRow {
  resource: ApiResource;
  /** As kubectl names it: `pods`, `deployments.apps`. */
  name: string;
  cells: Record<MatrixVerb, MatrixCell>;
}

function cellFor(rules: readonly ResourceRule[], r: ApiResource, verb: MatrixVerb): MatrixCell {
  if (!r.verbs.includes(verb)) return 'absent';
  const request = { verb, group: r.group, resource: r.resource };
  if (rules.some((rule) => (rule.resourceNames ?? []).length === 0 && ruleAllows(rule, request))) return 'yes';
  if (rules.some((rule) => (rule.resourceNames ?? []).length > 0 && ruleAllows({ ...rule, resourceNames: [] }, request))) return 'some';
  return 'no';
}

/** One row per served resource (preferred versions, no subresources), core group first, then by name. */
export function accessMatrix(resources: readonly ApiResource[], rules: readonly ResourceRule[]): MatrixRow[] {
  return resources
    .filter((r) => r.preferredVersion && !r.resource.includes('/'))
    .map((r) => ({
      resource: r,
      name: qualifiedName(r),
      cells: Object.fromEntries(MATRIX_VERBS.map((verb) => [verb, cellFor(rules, r, verb)])) as Record<MatrixVerb, MatrixCell>,
    }))
    .sort((a, b) => (a.resource.group === '' ? 0 : 1) - (b.resource.group === '' ? 0 : 1) || a.name.localeCompare(b.name));
}

/** The verbs a row grants, as kubectl auth can-i --list prints them (`get list watch`). */
export function grantedVerbs(row: MatrixRow): MatrixVerb[] {
  return MATRIX_VERBS.filter((verb) => row.cells[verb] === 'yes' || row.cells[verb] === 'some');
}
