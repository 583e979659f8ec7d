// authorization.k8s.io/v1 SelfSubjectAccessReview: "may I do this?" asked before an action is offered.
import { kubeRequest } from '../api-client';
import type { ApiPath } from '../paths';
import type { ResourceAttributes } from '../../../wire/rbac';
import { resourceName } from './can-i-words';

/** What an action does, in the API's own attributes (resourceAttributes of a SelfSubjectAccessReview). */
export type AccessAttributes = ResourceAttributes;
export { canIWords, resourceName } from './can-i-words';

export interface AccessDecision {
  allowed: boolean;
  /** An explicit deny by an authorizer (RBAC never denies; webhooks can). */
  denied: boolean;
  /** The authorizer's own words, when it gave any. */
  reason: string;
  evaluationError: string;
}

export const SELF_SUBJECT_ACCESS_REVIEWS = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';

/**
 * The attributes of a verb on an API path: an object (its name and namespace) or a collection (create,
 * list), where a namespaced resource without a namespace means every namespace.
 */
export function attributesFor(path: ApiPath, verb: string, options: { subresource?: string; namespaced?: boolean } = {}): AccessAttributes {
  const attributes: AccessAttributes = { verb, group: path.group, resource: path.resource };
  const subresource = options.subresource ?? path.subresource;
  if (subresource) attributes.subresource = subresource;
  if (path.namespace !== null) attributes.namespace = path.namespace;
  else if (options.namespaced) attributes.namespace = '';
  if (path.name !== null) attributes.name = path.name;
  return attributes;
}

/** A stable string for the attributes: the cache key and the batch's dedup key. */
export function accessKey(a: AccessAttributes): string {
  return [a.verb, a.group, a.resource, a.subresource ?? '', a.namespace ?? '', a.name ?? ''].join('|');
}

/** The request body; empty optional attributes are left out, as kubectl auth can-i sends them. */
export function accessReviewBody(a: AccessAttributes): object {
  const resourceAttributes: Record<string, string> = { verb: a.verb, group: a.group, resource: a.resource };
  if (a.subresource) resourceAttributes.subresource = a.subresource;
  if (a.namespace) resourceAttributes.namespace = a.namespace;
  if (a.name) resourceAttributes.name = a.name;
  return { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes } };
}

interface ReviewStatus {
  status?: { allowed?: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

/** Asks the server whether the caller may act (POST, nothing stored). */
export async function reviewAccess(context: string, a: AccessAttributes, signal?: AbortSignal): Promise<AccessDecision> {
  const response = await kubeRequest<ReviewStatus>(context, SELF_SUBJECT_ACCESS_REVIEWS, {
    method: 'POST',
    contentType: 'application/json',
    body: JSON.stringify(accessReviewBody(a)),
    ...(signal ? { signal } : {}),
  });
  const status = response.body?.status ?? {};
  return {
    allowed: status.allowed === true,
    denied: status.denied === true,
    reason: status.reason ?? '',
    evaluationError: status.evaluationError ?? '',
  };
}

/** "You may not update configmaps "web" in namespace fx": the refusal in words. */
export function deniedText(a: AccessAttributes): string {
  const what = a.name ? `${resourceName(a)} "${a.name}"` : resourceName(a);
  const where = a.namespace ? ` in namespace ${a.namespace}` : a.namespace === undefined ? '' : ' in all namespaces';
  return `You may not ${a.verb} ${what}${where}`;
}
