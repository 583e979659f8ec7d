// authentication.k8s.io/v1 TokenReview: whether a bearer token is one of the demo cluster's, and whose. Create-only,
// nothing stored; the static tokens are not audience-bound, so an authenticated answer names the apiserver's audience.
import { authenticate } from './auth.js';
import type { Tokens } from './auth.js';
import type { ResourceType } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { recordedType } from '../resources/define.js';
import { rfc3339 } from '../resources/duration.js';
import { badRequest } from '../http/errors.js';
import { recordUpdate } from '../rest/managed-fields.js';
import { Schema } from '../openapi/schema.js';

/** kube-apiserver's default --api-audiences (the service account issuer of a default cluster). */
const API_AUDIENCE = 'https://kubernetes.default.svc.cluster.local';

/** The status of a review of `token` (spec.token), as the token authenticator answers it. */
export function tokenReviewStatus(spec: JsonObject, tokens: Tokens): JsonObject {
  const token = typeof spec.token === 'string' ? spec.token : '';
  const audiences = Array.isArray(spec.audiences) ? spec.audiences.filter((a): a is string => typeof a === 'string') : [];
  let user;
  try {
    user = token === '' ? undefined : authenticate({ authorization: `Bearer ${token}` }, tokens);
  } catch {
    user = undefined;
  }
  // Audience-agnostic tokens are valid for the apiserver's own audience only.
  if (!user || (audiences.length > 0 && !audiences.includes(API_AUDIENCE))) return { user: {}, error: 'invalid bearer token' };
  return {
    authenticated: true,
    user: { username: user.name, ...(user.uid !== undefined && user.uid !== '' ? { uid: user.uid } : {}), ...(user.groups.length > 0 ? { groups: [...user.groups] } : {}) },
    audiences: audiences.length > 0 ? audiences.filter((a) => a === API_AUDIENCE) : [API_AUDIENCE],
  };
}

export const tokenreviews: ResourceType = recordedType('authentication.k8s.io/v1', 'tokenreviews', {
  hasGeneration: false,
  zeroValue: { spec: {}, status: {} },
  nameRule: 'subdomain',
  review(body, _user, manager, tokens): KubeObject {
    const spec = isPlainObject(body.spec) ? body.spec : {};
    if (typeof spec.token !== 'string' || spec.token === '') throw badRequest('token is required for TokenReview in authentication');
    // The body comes back as decoded, with the Update entry of the fields the caller set.
    const managedFields = recordUpdate({ ...body, metadata: { ...body.metadata, managedFields: [] } }, undefined, { zero: tokenreviews.zeroValue, schema: Schema.forType(tokenreviews) }, manager, 'authentication.k8s.io/v1', rfc3339());
    return { ...body, metadata: { ...body.metadata, managedFields }, status: tokenReviewStatus(spec, tokens) };
  },
});
