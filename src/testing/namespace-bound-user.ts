// Test-only: a fake cluster as seen by a user bound to a few namespaces (like demo-developer): listing namespaces is
// refused, SelfSubjectRulesReview grants pods and configmaps where the user has access and only the self-reviews
// elsewhere, lists answer there and 403 elsewhere; discovery is the recorded 1.20.2 one.
import { beforeEach, vi } from 'vitest';
import { useUiStore } from '../stores/ui-store';
import { cleanUpAfterEach } from './clean-up-after-each';
import { readFixture } from './fixtures';
import { accessReviewResponse } from './access-reviews';

export interface NamespaceBoundUser {
  context: string;
  /** The namespace of the user's kubeconfig context. */
  contextNamespace: string;
  /** Namespaces where the user may work. */
  accessIn: readonly string[];
  /** Objects that exist, by API path (everything else is 404). */
  objects?: readonly string[];
}

function json(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function forbidden(message: string): Response {
  return json({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'Forbidden', code: 403 }, 403);
}

const NOT_FOUND = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'not found', reason: 'NotFound', code: 404 };

/** What RBAC's system:basic-user grants everyone: the self-reviews, nothing that makes a namespace usable. */
const SELF_REVIEWS = { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] };
const WORK = { verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'], apiGroups: [''], resources: ['pods', 'configmaps'] };

const emptyPods = () => {
  const table = JSON.parse(readFixture('tables/api__v1__pods.json')) as { rows: unknown[] };
  return { ...table, rows: [] };
};

/** Stubs fetch with the user's cluster; returns every request as `METHOD path`. */
export function stubNamespaceBoundUser(user: NamespaceBoundUser): string[] {
  const calls: string[] = [];
  const k8s = `/k8s/${user.context}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      calls.push(`${method} ${path}`);
      if (path === '/-/contexts') {
        return json({ contexts: [{ name: user.context, server: 'https://127.0.0.1:6443', namespace: user.contextNamespace, user: 'developer', demo: true }], default: user.context });
      }
      const review = accessReviewResponse(url, init, (a) => !user.accessIn.includes(a.namespace ?? ''));
      if (review) return review;
      if (method === 'POST' && path === `${k8s}/apis/authorization.k8s.io/v1/selfsubjectrulesreviews`) {
        const body = JSON.parse(String(init?.body)) as { spec: { namespace: string } };
        const rules = user.accessIn.includes(body.spec.namespace) ? [SELF_REVIEWS, WORK] : [SELF_REVIEWS];
        return json({ ...body, status: { resourceRules: rules, nonResourceRules: [], incomplete: false } }, 201);
      }
      if (path === `${k8s}/api/v1/namespaces`) return forbidden('namespaces is forbidden: User "developer" cannot list resource "namespaces" in API group "" at the cluster scope');
      const list = new RegExp(`^${k8s}/api/v1/namespaces/([^/]+)/pods$`).exec(path);
      if (list?.[1]) return user.accessIn.includes(list[1]) ? json(emptyPods()) : forbidden(`pods is forbidden: User "developer" cannot list resource "pods" in API group "" in the namespace "${list[1]}"`);
      const apiPath = path.slice(k8s.length);
      if (user.objects?.includes(apiPath)) {
        const name = apiPath.split('/').pop();
        return json({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name, resourceVersion: '1' } });
      }
      const discovery = new RegExp(`^${k8s}/(apis?(?:/[^/]+){0,2})$`).exec(path);
      if (discovery?.[1] && !/\/namespaces$/.test(discovery[1])) {
        try {
          return json(readFixture(`discovery/${discovery[1].split('/').join('__')}.json`));
        } catch {
          // Not recorded: 404 below.
        }
      }
      return json(NOT_FOUND, 404);
    }),
  );
  return calls;
}

/**
 * For every test of the calling file: a fresh browser (storage, UI store) and the user's cluster as fetch, cleaned up
 * after; returns the requests of the running test.
 */
export function namespaceBoundUserEachTest(user: NamespaceBoundUser): () => string[] {
  let calls: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    useUiStore.setState({ namespaceByContext: {}, usedNamespacesByContext: {}, pinnedResources: [], recentResources: [] });
    calls = stubNamespaceBoundUser(user);
  });
  cleanUpAfterEach();
  return () => calls;
}
