// Before a forward opens: may the person create pods/portforward on this pod? Asked of the cluster as the person.
import type { ContextTarget } from '../contexts.js';
import type { Person } from '../person.js';
import { isStatus, makeStatus, type KubeStatus } from '../status.js';
import { requestJson } from '../upstream-json.js';

interface AccessReviewAnswer {
  status?: { allowed?: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

/** null when allowed; else the 403 Status the app explains (or the cluster's own Status when it refused to answer). */
export async function checkPortForwardAccess(target: ContextTarget, person: Person, namespace: string, pod: string): Promise<KubeStatus | null> {
  const review = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    spec: { resourceAttributes: { verb: 'create', resource: 'pods', subresource: 'portforward', namespace, name: pod } },
  };
  const answer = await requestJson(target, person, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', review);
  if (answer.code !== 201 && answer.code !== 200) {
    return isStatus(answer.body) ? (answer.body as KubeStatus) : makeStatus(answer.code, `the cluster did not answer the access review (${answer.code})`);
  }
  const status = (answer.body as AccessReviewAnswer | null)?.status;
  if (status?.allowed === true) return null;
  const why = status?.reason !== undefined && status.reason !== '' ? `: ${status.reason}` : '';
  return {
    ...makeStatus(403, `you may not forward ports of pod "${pod}" in namespace "${namespace}": the cluster does not allow you to create pods/portforward there${why}`, 'Forbidden'),
    details: { name: pod, kind: 'pods' },
  };
}
