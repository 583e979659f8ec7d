// authentication.k8s.io/v1 SelfSubjectReview (`kubectl auth whoami`): who the caller is, as authentication saw it.
// GA in Kubernetes 1.28, so newer than the recorded 1.20.2: its discovery entry and OpenAPI definitions follow
// 1.28 (pkg/registry/authentication/selfsubjectreview); tests/conformance/access-reviews.test.ts compares the
// answers with 1.37.2's.
import type { User } from './auth.js';
import { rfc3339 } from '../resources/duration.js';
import type { ResourceType } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';

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

const TYPE_META = {
  apiVersion: {
    description:
      'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
    type: 'string',
  },
  kind: {
    description:
      'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
    type: 'string',
  },
};

/** 1.28's OpenAPI v2 definitions of the kind; UserInfo is unchanged since 1.20 but not in the recorded subset (no served kind used it). */
const DEFINITIONS: Record<string, Record<string, unknown>> = {
  'io.k8s.api.authentication.v1.SelfSubjectReview': {
    description:
      'SelfSubjectReview contains the user information that the kube-apiserver has about the user making this request. When using impersonation, users will receive the user info of the user being impersonated.  If impersonation or request header authentication is used, any extra keys will have their case ignored and returned as lowercase.',
    type: 'object',
    properties: {
      ...TYPE_META,
      metadata: {
        description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
        $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta',
      },
      status: { description: 'Status is filled in by the server with the user attributes.', $ref: '#/definitions/io.k8s.api.authentication.v1.SelfSubjectReviewStatus' },
    },
    'x-kubernetes-group-version-kind': [{ group: 'authentication.k8s.io', kind: 'SelfSubjectReview', version: 'v1' }],
  },
  'io.k8s.api.authentication.v1.SelfSubjectReviewStatus': {
    description: 'SelfSubjectReviewStatus is filled by the kube-apiserver and sent back to a user.',
    type: 'object',
    properties: {
      userInfo: { description: 'User attributes of the user making this request.', $ref: '#/definitions/io.k8s.api.authentication.v1.UserInfo' },
    },
  },
  'io.k8s.api.authentication.v1.UserInfo': {
    description: 'UserInfo holds the information about the user needed to implement the user.Info interface.',
    type: 'object',
    properties: {
      extra: { description: 'Any additional information provided by the authenticator.', type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      groups: { description: 'The names of groups this user is a part of.', type: 'array', items: { type: 'string' } },
      uid: {
        description: 'A unique value that identifies this user across time. If this user is deleted and another user by the same name is added, they will have different UIDs.',
        type: 'string',
      },
      username: { description: 'The name that uniquely identifies this user among all active users.', type: 'string' },
    },
  },
};

/** Create-only and cluster-scoped, nothing stored; every authenticated user may ask (1.28's system:basic-user). */
export const selfsubjectreviews: ResourceType = {
  group: 'authentication.k8s.io',
  version: 'v1',
  resource: 'selfsubjectreviews',
  kind: 'SelfSubjectReview',
  namespaced: false,
  verbs: ['create'],
  subresources: [],
  hasGeneration: false,
  zeroValue: { status: { userInfo: {} } },
  nameRule: 'subdomain',
  review: (_body, user) => selfSubjectReview(user),
  definitions: DEFINITIONS,
  beyondRecorded: '1.28',
};
