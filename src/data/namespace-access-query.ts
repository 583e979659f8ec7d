// Whether the user has access in namespaces the namespace list did not vouch for: one SelfSubjectRulesReview each
// (cached with the other permission answers, so a namespace is asked about once per few minutes).
import { useQueries } from '@tanstack/react-query';
import { grantsAnything, type RulesReview } from '../k8s/access/rules-review';
import { rulesQueryOptions } from './access-query';

/**
 * yes: the rules grant something there; no: nothing but the self-reviews; unknown: the server could not say
 * (the review failed, or an authorizer could not list its rules), so the server decides when the user tries.
 */
export type NamespaceAccess = 'pending' | 'yes' | 'no' | 'unknown';

/** The verdict of one rules review. */
export function namespaceAccessOf(review: RulesReview | undefined, failed: boolean): NamespaceAccess {
  if (failed) return 'unknown';
  if (!review) return 'pending';
  if (grantsAnything(review)) return 'yes';
  return review.incomplete ? 'unknown' : 'no';
}

/** Access per namespace for the given names (asked in parallel, answers cached per namespace). */
export function useNamespaceAccess(context: string, namespaces: readonly string[]): ReadonlyMap<string, NamespaceAccess> {
  return useQueries({
    queries: namespaces.map((namespace) => rulesQueryOptions(context, namespace)),
    combine: (results) => new Map(namespaces.map((namespace, i) => [namespace, namespaceAccessOf(results[i]?.data, results[i]?.isError ?? false)])),
  });
}
