// authorization.k8s.io/v1 SelfSubjectRulesReview: everything the caller may do in one namespace
// (wire/rbac.ts matches a request against those rules the way RBAC does).
import { kubeRequest } from '../api-client';
import { ruleAllows, type ResourceRule } from '../../../wire/rbac';
import type { AccessAttributes } from './access-review';

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
