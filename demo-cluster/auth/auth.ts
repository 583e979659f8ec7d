// Bearer-token authentication and a tiny RBAC: "admin" may do anything, "viewer" holds the built-in "view"
// ClusterRole cluster-wide, "developer" holds "edit" (which aggregates "view") in one namespace only.
import type { IncomingHttpHeaders } from 'node:http';
import { forbidden, pathForbidden, unauthorized } from '../http/errors.js';
import type { ApiError } from '../http/errors.js';
import { DEMO_DEVELOPER_NAMESPACE, type DemoTokens } from '../../wire/demo-cluster.js';
import { rulesAllow, type ResourceAttributes } from '../../wire/rbac.js';
import { BASIC_USER, DEVELOPER_BINDING, VIEWER_BINDING } from './bootstrap-roles.js';

export interface User {
  name: string;
  groups: string[];
  /** Set by authenticators that know one (a token file's third column); the demo's tokens have none. */
  uid?: string;
}

export type { DemoTokens as Tokens } from '../../wire/demo-cluster.js';

const BEARER_PROTOCOL_PREFIX = 'base64url.bearer.authorization.k8s.io.';

/** Extracts the bearer token from the Authorization header or the WebSocket subprotocol form. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m?.[1]) return m[1];
  }
  for (const protocol of webSocketProtocols(headers)) {
    if (protocol.startsWith(BEARER_PROTOCOL_PREFIX)) {
      return Buffer.from(protocol.slice(BEARER_PROTOCOL_PREFIX.length), 'base64url').toString('utf8');
    }
  }
  return undefined;
}

/** Sec-WebSocket-Protocol values in order. */
export function webSocketProtocols(headers: IncomingHttpHeaders): string[] {
  const raw = headers['sec-websocket-protocol'];
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  return raw.split(',').map((p) => p.trim()).filter((p) => p !== '');
}

/** Protocols left once the bearer-token protocol is stripped (the apiserver's WebSocket authenticator does this). */
export function nonAuthProtocols(headers: IncomingHttpHeaders): string[] {
  return webSocketProtocols(headers).filter((p) => !p.startsWith(BEARER_PROTOCOL_PREFIX));
}

/** The user of requests without credentials (anonymous auth is on by default in kube-apiserver). */
export const ANONYMOUS: User = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/** Authenticates a request: no token = system:anonymous; throws 401 when a token is unknown. */
export function authenticate(headers: IncomingHttpHeaders, tokens: DemoTokens): User {
  const token = bearerToken(headers);
  if (token === undefined) return ANONYMOUS;
  if (token === tokens.admin) return { name: 'admin', groups: ['system:masters', 'system:authenticated'] };
  if (token === tokens.viewer) return { name: 'viewer', groups: ['system:authenticated'] };
  if (token === tokens.developer) return { name: 'developer', groups: ['system:authenticated'] };
  throw unauthorized();
}

export type { ResourceAttributes };

/** A grant worded as the RBAC authorizer words it (rbac.go's authorizingVisitor). */
function allowedBy(kind: 'ClusterRoleBinding' | 'RoleBinding', name: string, role: string, subject: string): string {
  return `RBAC: allowed by ${kind} "${name}" of ClusterRole "${role}" to ${subject}`;
}

/**
 * Why a request is allowed, as a SelfSubjectAccessReview's status.reason says it: '' for system:masters (the
 * privileged-group authorizer gives none), else the binding that grants it; undefined when nothing does.
 * Cluster bindings come first, as RBAC visits them; no two of the demo's bindings grant the same request.
 */
export function allowedReason(user: User, attrs: ResourceAttributes): string | undefined {
  if (user.groups.includes('system:masters')) return '';
  if (user.name === 'viewer' && rulesAllow(VIEWER_BINDING.rules, attrs)) return allowedBy('ClusterRoleBinding', VIEWER_BINDING.name, VIEWER_BINDING.role, 'User "viewer"');
  // system:basic-user: every authenticated user (not system:anonymous) may ask who it is and what it may do.
  if (user.groups.includes('system:authenticated') && rulesAllow(BASIC_USER, attrs)) {
    return allowedBy('ClusterRoleBinding', 'system:basic-user', 'system:basic-user', 'Group "system:authenticated"');
  }
  if (user.name === 'developer' && attrs.namespace === DEMO_DEVELOPER_NAMESPACE && rulesAllow(DEVELOPER_BINDING.rules, attrs)) {
    return allowedBy('RoleBinding', `${DEVELOPER_BINDING.name}/${attrs.namespace}`, DEVELOPER_BINDING.role, 'User "developer"');
  }
  return undefined;
}

/** RBAC decision; returns the Forbidden error to answer, or undefined when allowed. */
export function authorize(user: User, attrs: ResourceAttributes): ApiError | undefined {
  if (allowedReason(user, attrs) !== undefined) return undefined;
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
  const scope =
    attrs.namespace !== undefined && attrs.namespace !== '' ? `in the namespace "${attrs.namespace}"` : 'at the cluster scope';
  const why = `User "${user.name}" cannot ${attrs.verb} resource "${resource}" in API group "${attrs.group}" ${scope}`;
  return forbidden(attrs.group, attrs.resource, attrs.name ?? '', why);
}

/**
 * Authorization of non-resource paths (discovery, /openapi, unknown paths): RBAC's
 * system:discovery/system:public-info-viewer bindings cover authenticated users only.
 */
export function authorizePath(user: User, method: string, path: string): ApiError | undefined {
  if (user.groups.includes('system:authenticated')) return undefined;
  return pathForbidden(user.name, method.toLowerCase(), path);
}
