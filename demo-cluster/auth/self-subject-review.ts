// authentication.k8s.io/v1 SelfSubjectReview (`kubectl auth whoami`): who the caller is, as authentication saw it.
// GA in Kubernetes 1.28; its discovery entry and OpenAPI definitions are the recorded 1.37.2 ones.
import type { User } from './auth.js';
import { rfc3339 } from '../resources/duration.js';
import type { ResourceType } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { recordedType } from '../resources/define.js';

/**
 * The answer of kube-apiserver's REST Create: a new object, so nothing of the body survives (no name, no
 * managedFields), stamped with the current time; empty uid, groups and extra are omitted (omitempty).
 */
export function selfSubjectReview(user: User, now: string = rfc3339()): KubeObject {
  const userInfo = {
    username: user.name,
    ...(user.uid !== undefined && user.uid !== '' ? { uid: user.uid } : {}),
    ...(user.groups.length > 0 ? { groups: [...user.groups] } : {}),
  };
  return { kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: now }, status: { userInfo } };
}

/** Create-only and cluster-scoped, nothing stored; every authenticated user may ask (1.28's system:basic-user). */
export const selfsubjectreviews: ResourceType = recordedType('authentication.k8s.io/v1', 'selfsubjectreviews', {
  hasGeneration: false,
  zeroValue: { status: { userInfo: {} } },
  nameRule: 'subdomain',
  review: (_body, user) => selfSubjectReview(user),
  // Newer than the 1.20.2 recording, which the SPA's tests and the RBAC comparisons still use as an old server.
  beyondRecorded: '1.28',
});
