// authorization.k8s.io/v1 SelfSubjectRulesReview: everything the caller may do in one namespace, and
// RBAC's own matching of a request against those rules (k8s.io/kubernetes/pkg/apis/rbac/v1/evaluation_helpers.go).
import { kubeRequest } from '../api-client';
import type { AccessAttributes } from './access-review';

export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}

export interface NonResourceRule {
  verbs: string[];
  nonResourceURLs?: string[];
}

export interface RulesReview {
  resourceRules: ResourceRule[];
  nonResourceRules: NonResourceRule[];
  /** True when an authorizer could not list its rules (webhooks): a missing rule then proves nothing. */
  incomplete: boolean;
  evaluationError: string;
}

export const SELF_SUBJECT_RULES_REVIEWS = '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews';

/** The verbs of an access matrix, in kubectl auth can-i --list's order of importance. */
export const MATRIX_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'] as const;

interface RulesReviewBody {
  status?: { resourceRules?: ResourceRule[] | null; nonResourceRules?: NonResourceRule[] | null; incomplete?: boolean; evaluationError?: string };
}

/** Asks the server for the caller's rules in a namespace (POST, nothing stored). */
export async function reviewRules(context: string, namespace: string, signal?: AbortSignal): Promise<RulesReview> {
  const body = { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: { namespace } };
  const response = await kubeRequest<RulesReviewBody>(context, SELF_SUBJECT_RULES_REVIEWS, {
    method: 'POST',
    contentType: 'application/json',
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const status = response.body?.status ?? {};
  return {
    resourceRules: status.resourceRules ?? [],
    nonResourceRules: status.nonResourceRules ?? [],
    incomplete: status.incomplete === true,
    evaluationError: status.evaluationError ?? '',
  };
}

const has = (list: readonly string[] | undefined, value: string): boolean => (list ?? []).some((v) => v === '*' || v === value);

function resourceMatches(rule: ResourceRule, resource: string, subresource: string): boolean {
  const combined = subresource ? `${resource}/${subresource}` : resource;
  return (rule.resources ?? []).some(
    (r) => r === '*' || r === combined || (subresource !== '' && r === `*/${subresource}`),
  );
}

/** True when one rule grants the request, as RBAC's RuleAllows decides. */
export function ruleAllows(rule: ResourceRule, a: AccessAttributes): boolean {
  if (!has(rule.verbs, a.verb) || !has(rule.apiGroups, a.group) || !resourceMatches(rule, a.resource, a.subresource ?? '')) return false;
  const names = rule.resourceNames ?? [];
  return names.length === 0 || (a.name !== undefined && a.name !== '' && names.includes(a.name));
}

/** True when any rule grants the request. */
export function rulesAllow(rules: readonly ResourceRule[], a: AccessAttributes): boolean {
  return rules.some((rule) => ruleAllows(rule, a));
}

/** True when some rule grants the verb only for named objects (so the cell reads "some"). */
export function rulesAllowSomeNames(rules: readonly ResourceRule[], a: AccessAttributes): boolean {
  return rules.some((rule) => (rule.resourceNames ?? []).length > 0 && ruleAllows(rule, { ...a, name: rule.resourceNames?.[0] ?? '' }));
}

/** True when the rules grant anything at all on namespaced resources (the namespace is "usable"). */
export function grantsAnything(review: RulesReview): boolean {
  return review.resourceRules.some((rule) => {
    const onlySelfReviews = (rule.apiGroups ?? []).every((g) => g === 'authorization.k8s.io' || g === 'authentication.k8s.io');
    return rule.verbs.length > 0 && !onlySelfReviews;
  });
}
