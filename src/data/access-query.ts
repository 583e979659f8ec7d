// Permission answers (SelfSubjectAccessReview) as cached queries: asked once per context and attributes,
// sent in small batches, forgotten when a 403 contradicts them.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { accessKey, deniedText, reviewAccess, type AccessAttributes, type AccessDecision } from '../k8s/access/access-review';
import { reviewRules, rulesAllowSomeNames } from '../k8s/access/rules-review';
import { KubeApiError } from '../k8s/kube-api-error';
import { k8sKeys } from './query-keys';

/** Reviews in flight at once: the browser's six connections per host are shared with lists and watches. */
const MAX_IN_FLIGHT = 4;
/** RBAC changes rarely and a contradicting 403 drops the answer at once, so answers stay fresh for minutes. */
const ACCESS_STALE_MS = 5 * 60_000;

interface Pending {
  context: string;
  attributes: AccessAttributes;
  resolve: (decision: AccessDecision) => void;
  reject: (error: unknown) => void;
}

/** Collects the reviews asked in one task and sends them with a cap on concurrency. */
export class AccessReviewBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly review: typeof reviewAccess = reviewAccess) {}

  /** The decision for one question; identical questions in a batch share one request. */
  ask(context: string, attributes: AccessAttributes): Promise<AccessDecision> {
    return new Promise((resolve, reject) => {
      this.queue.push({ context, attributes, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => {
          this.scheduled = false;
          this.pump();
        }, 0);
      }
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const first = this.queue.shift() as Pending;
      const key = `${first.context}\n${accessKey(first.attributes)}`;
      const same = [first, ...this.queue.filter((p) => `${p.context}\n${accessKey(p.attributes)}` === key)];
      this.queue = this.queue.filter((p) => !same.includes(p));
      this.inFlight++;
      this.review(first.context, first.attributes)
        .then((decision) => same.forEach((p) => p.resolve(decision)), (error: unknown) => same.forEach((p) => p.reject(error)))
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}

const batcher = new AccessReviewBatcher();

/** Query options for one permission question. */
export function accessQueryOptions(context: string, attributes: AccessAttributes, ask: AccessReviewBatcher = batcher) {
  return queryOptions({
    queryKey: k8sKeys.access(context, accessKey(attributes)),
    queryFn: () => ask.ask(context, attributes),
    staleTime: ACCESS_STALE_MS,
    // A review that cannot be asked (no authorization API, throttled) leaves the decision to the server at once.
    retry: false,
  });
}

export type AccessState =
  | { state: 'pending' }
  | { state: 'allowed' }
  | { state: 'denied'; reason: string; detail: string }
  /** The server could not answer (no SelfSubjectAccessReview): the action is offered and the server decides. */
  | { state: 'unknown'; detail: string };

/** The UI's view of a permission: pending, allowed, denied with the reason in words, or unknown. */
export function accessState(attributes: AccessAttributes, data: AccessDecision | undefined, error: unknown): AccessState {
  if (data) {
    if (data.allowed) return { state: 'allowed' };
    return { state: 'denied', reason: deniedText(attributes), detail: data.reason || data.evaluationError };
  }
  if (error) return { state: 'unknown', detail: error instanceof Error ? error.message : String(error) };
  return { state: 'pending' };
}

const NOTHING: AccessAttributes = { verb: '', group: '', resource: '' };

/** Query options for the SelfSubjectRulesReview of one namespace. */
export function rulesQueryOptions(context: string, namespace: string) {
  return queryOptions({
    queryKey: k8sKeys.rules(context, namespace),
    queryFn: ({ signal }) => reviewRules(context, namespace, signal),
    staleTime: ACCESS_STALE_MS,
    retry: false,
  });
}

/**
 * Whether the user may take an action; null attributes (nothing to ask yet) read as pending.
 * The question is asked without the object's name first, so ten objects of a type cost one review per verb;
 * only a "no" is asked again by name, and only where the namespace's rules name objects (resourceNames).
 */
export function useAccess(context: string, attributes: AccessAttributes | null): AccessState {
  const { name, ...anyName } = attributes ?? NOTHING;
  const generic = useQuery({ ...accessQueryOptions(context, anyName), enabled: attributes !== null });
  const deniedGenerically = attributes !== null && name !== undefined && generic.data !== undefined && !generic.data.allowed;
  const namespace = attributes?.namespace;
  const rules = useQuery({ ...rulesQueryOptions(context, namespace ?? ''), enabled: deniedGenerically && Boolean(namespace) });
  const byNameMatters =
    deniedGenerically &&
    (!namespace || rules.isError || (rules.data !== undefined && (rules.data.incomplete || rulesAllowSomeNames(rules.data.resourceRules, attributes))));
  const byName = useQuery({ ...accessQueryOptions(context, attributes ?? NOTHING), enabled: byNameMatters });

  if (!attributes) return { state: 'pending' };
  if (!deniedGenerically) return accessState(attributes, generic.data, generic.error);
  if (namespace && rules.data === undefined && !rules.isError) return { state: 'pending' };
  if (!byNameMatters) return accessState(attributes, generic.data, null);
  return accessState(attributes, byName.data, byName.error);
}

/** Leaving a context drops what it answered: coming back (maybe with new credentials) asks again. */
export function forgetAccess(client: QueryClient, context: string): void {
  client.removeQueries({ queryKey: k8sKeys.accessAll(context) });
}

/** The context a proxied request went to (`/k8s/{context}/...`), from the error's URL. */
function contextOfError(error: KubeApiError): string | undefined {
  const match = /^\/k8s\/([^/?]+)/.exec(error.raw.url);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** After a 403 the cached answers of that context may be wrong (a RoleBinding went away): ask again. */
export function forgetAccessAfter403(client: QueryClient, error: unknown): void {
  if (!(error instanceof KubeApiError) || error.code !== 403) return;
  const context = contextOfError(error);
  // A refused review is not a contradiction of the reviews themselves.
  if (context === undefined || error.raw.url.includes('/selfsubject')) return;
  void client.invalidateQueries({ queryKey: k8sKeys.accessAll(context) });
}
