// One key hierarchy for server data, rooted at the context (ARCHITECTURE.md "Data flow rules").
import type { ListSelectors } from '../k8s/table';

export const k8sKeys = {
  /** Everything cached for one context. */
  context: (context: string) => ['k8s', context] as const,
  /** Discovery (groups and resources) of one context. */
  discovery: (context: string) => ['k8s', context, 'discovery'] as const,
  /** GET /version of one context (what the server supports). */
  version: (context: string) => ['k8s', context, 'version'] as const,
  /** Every Table list of one context. */
  tables: (context: string) => ['k8s', context, 'table'] as const,
  /** One Table list: gvr is gvrKey(...) (`/v1/pods`, `apps/v1/deployments`); namespace null = cluster-scoped or all namespaces. */
  table: (context: string, gvr: string, namespace: string | null, selectors: ListSelectors) =>
    [
      'k8s',
      context,
      'table',
      gvr,
      namespace,
      { labelSelector: selectors.labelSelector ?? '', fieldSelector: selectors.fieldSelector ?? '' },
    ] as const,
  /** Every permission answer of one context (dropped together after a contradicting 403). */
  accessAll: (context: string) => ['k8s', context, 'access'] as const,
  /** One SelfSubjectAccessReview answer; key is accessKey(attributes). */
  access: (context: string, key: string) => ['k8s', context, 'access', key] as const,
  /** SelfSubjectRulesReview of one namespace. */
  rules: (context: string, namespace: string) => ['k8s', context, 'access', 'rules', namespace] as const,
  /** SelfSubjectReview: who the server says the user is. */
  self: (context: string) => ['k8s', context, 'self'] as const,
};

export const contextsKey = ['contexts'] as const;
