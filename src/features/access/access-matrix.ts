// "What can I do here?": the resources discovery lists, by verb, decided from a SelfSubjectRulesReview the
// way RBAC decides (wire/rbac.ts), in the rows `kubectl auth can-i --list` would print. That review lists the rules
// of the namespace's RoleBindings too, which grant nothing on cluster-scoped resources, so a cluster-scoped grant
// it shows stands only once a SelfSubjectAccessReview without namespace confirms it.
import type { ResourceRule } from '../../../wire/rbac';
import { ruleAllows } from '../../../wire/rbac';
import type { AccessState } from '../../data/access-query';
import type { AccessAttributes } from '../../k8s/access/access-review';
import { qualifiedName } from '../../k8s/discovery/resource-index';
import type { ApiResource } from '../../k8s/discovery/types';
import { MATRIX_VERBS } from '../../k8s/access/rules-review';

export type MatrixVerb = (typeof MATRIX_VERBS)[number];

/**
 * yes: every object; some: only named objects (resourceNames); no; absent: the resource does not serve the verb;
 * asking: a cluster-scoped grant the server has not confirmed yet.
 */
export type MatrixCell = 'yes' | 'some' | 'no' | 'absent' | 'asking';

/** The server's answer to a confirming question (pending until it comes). */
export type ConfirmAnswer = (question: AccessAttributes) => AccessState['state'];

export interface MatrixRow {
  resource: ApiResource;
  /** As kubectl names it: `pods`, `deployments.apps`. */
  name: string;
  cells: Record<MatrixVerb, MatrixCell>;
}

function rulesCell(rules: readonly ResourceRule[], r: ApiResource, verb: MatrixVerb): MatrixCell {
  if (!r.verbs.includes(verb)) return 'absent';
  const request = { verb, group: r.group, resource: r.resource };
  if (rules.some((rule) => (rule.resourceNames ?? []).length === 0 && ruleAllows(rule, request))) return 'yes';
  if (rules.some((rule) => (rule.resourceNames ?? []).length > 0 && ruleAllows({ ...rule, resourceNames: [] }, request))) return 'some';
  return 'no';
}

/** The SelfSubjectAccessReview that must confirm a cluster-scoped grant of the rules (by name for "some"), else null. */
function confirmingQuestion(rules: readonly ResourceRule[], r: ApiResource, verb: MatrixVerb): AccessAttributes | null {
  if (r.namespaced) return null;
  const cell = rulesCell(rules, r, verb);
  const question: AccessAttributes = { verb, group: r.group, resource: r.resource };
  if (cell === 'yes') return question;
  if (cell !== 'some') return null;
  const named = rules.find((rule) => (rule.resourceNames ?? []).length > 0 && ruleAllows({ ...rule, resourceNames: [] }, question));
  return { ...question, name: named?.resourceNames?.[0] ?? '' };
}

function cellFor(rules: readonly ResourceRule[], r: ApiResource, verb: MatrixVerb, confirm: ConfirmAnswer): MatrixCell {
  const cell = rulesCell(rules, r, verb);
  const question = confirmingQuestion(rules, r, verb);
  if (!question) return cell;
  const answer = confirm(question);
  if (answer === 'pending') return 'asking';
  // A review the server cannot answer leaves the rules' word; the cell's explanation shows the failure.
  return answer === 'denied' ? 'no' : cell;
}

const matrixResources = (resources: readonly ApiResource[]) => resources.filter((r) => r.preferredVersion && !r.resource.includes('/'));

/** The questions that confirm the rules' cluster-scoped grants, each asked once. */
export function confirmingQuestions(resources: readonly ApiResource[], rules: readonly ResourceRule[]): AccessAttributes[] {
  return matrixResources(resources).flatMap((r) =>
    MATRIX_VERBS.flatMap((verb) => (r.verbs.includes(verb) ? [confirmingQuestion(rules, r, verb)] : [])).filter((q): q is AccessAttributes => q !== null),
  );
}

/** One row per served resource (preferred versions, no subresources), core group first, then by name. */
export function accessMatrix(resources: readonly ApiResource[], rules: readonly ResourceRule[], confirm: ConfirmAnswer = () => 'pending'): MatrixRow[] {
  return matrixResources(resources)
    .map((r) => ({
      resource: r,
      name: qualifiedName(r),
      cells: Object.fromEntries(MATRIX_VERBS.map((verb) => [verb, cellFor(rules, r, verb, confirm)])) as Record<MatrixVerb, MatrixCell>,
    }))
    .sort((a, b) => (a.resource.group === '' ? 0 : 1) - (b.resource.group === '' ? 0 : 1) || a.name.localeCompare(b.name));
}

/** The verbs a row grants, as kubectl auth can-i --list prints them (`get list watch`). */
export function grantedVerbs(row: MatrixRow): MatrixVerb[] {
  return MATRIX_VERBS.filter((verb) => row.cells[verb] === 'yes' || row.cells[verb] === 'some');
}
