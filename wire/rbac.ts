// RBAC's matching of a request against PolicyRules (k8s.io/kubernetes/pkg/apis/rbac/v1/evaluation_helpers.go),
// shared by the demo cluster's authorizer and the SPA's reading of SelfSubjectRulesReview answers.

export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}

/** What a request does, as RBAC sees it (resourceAttributes of a SelfSubjectAccessReview). */
export interface ResourceAttributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  /** Unset for cluster-scoped resources; '' for a namespaced resource in every namespace. */
  namespace?: string;
  /** Set only where the decision can depend on the name (resourceNames in a Role). */
  name?: string;
}

const has = (list: readonly string[] | undefined, value: string): boolean => (list ?? []).some((v) => v === '*' || v === value);

function resourceMatches(rule: ResourceRule, resource: string, subresource: string): boolean {
  const combined = subresource ? `${resource}/${subresource}` : resource;
  return (rule.resources ?? []).some((r) => r === '*' || r === combined || (subresource !== '' && r === `*/${subresource}`));
}

/** True when one rule grants the request, as RBAC's RuleAllows decides. */
export function ruleAllows(rule: ResourceRule, a: ResourceAttributes): boolean {
  if (!has(rule.verbs, a.verb) || !has(rule.apiGroups, a.group) || !resourceMatches(rule, a.resource, a.subresource ?? '')) return false;
  const names = rule.resourceNames ?? [];
  return names.length === 0 || (a.name !== undefined && a.name !== '' && names.includes(a.name));
}

/** True when any rule grants the request. */
export function rulesAllow(rules: readonly ResourceRule[], a: ResourceAttributes): boolean {
  return rules.some((rule) => ruleAllows(rule, a));
}
