// Every "no" from the API in words: what the Status reason means and the recovery the API conventions give
// (kubernetes/community contributors/devel/sig-architecture/api-conventions.md, "HTTP Status codes" and
// "Response Status Kind"; client-go's retry rules in rest/request.go and util/retry).
import type { StatusCause } from './kube-status';

/** The parts of a KubeApiError an explanation reads (kept structural so k8s stays UI-free and tests stay small). */
export interface ExplainableError {
  code: number;
  reason: string;
  message: string;
  causes: readonly StatusCause[];
  retryAfterSeconds: number | undefined;
  raw: { method: string };
}

export interface StatusExplanation {
  /** What the API is saying, in plain language. */
  meaning: string;
  /** What to do about it. */
  recovery: string;
  /** Whether sending the same request again can succeed. */
  retryable: boolean;
}

type Entry = (e: ExplainableError) => StatusExplanation;

/** An explanation that does not depend on the error's details. */
const fixed =
  (meaning: string, recovery: string, retryable = false): Entry =>
  () => ({ meaning, recovery, retryable });

const waitHint = (e: ExplainableError, otherwise: string): string =>
  e.retryAfterSeconds !== undefined ? `Wait ${e.retryAfterSeconds}s (the server's Retry-After), then try again.` : otherwise;

const BACKOFF = 'Try again after a short wait, waiting longer each time (backoff).';

const INTERNAL: StatusExplanation = {
  meaning: 'Something failed inside the server, or in a proxy or webhook between you and it.',
  recovery: `${BACKOFF} If it keeps failing, the server's logs say why.`,
  retryable: true,
};

const GONE: StatusExplanation = {
  meaning: 'The resourceVersion or continue token is too old: the server no longer keeps that history.',
  recovery: 'List again from scratch and watch from the new list resourceVersion.',
  retryable: false,
};

/**
 * A pod bound to no node (spec.nodeName empty) has no kubelet to reach: kube-apiserver answers its log with 204 No
 * Content (LogLocation gives no location) and exec, attach and port-forward with a 400 (streamLocation). Both
 * answers mean the same, so the log view and the error panel say it in these words.
 */
export const POD_WITHOUT_NODE: StatusExplanation = {
  meaning: 'The pod is bound to no node yet, so no kubelet runs its containers: there is no log to read and nothing to run a command in.',
  recovery: 'Wait until it is scheduled (its PodScheduled condition and Events, on the pod page, say why it is not), then try again.',
  retryable: false,
};

const NO_HOST = /^pod \S+ does not have a host assigned$/;

const BY_REASON: Readonly<Record<string, Entry>> = {
  BadRequest: (e) =>
    NO_HOST.test(e.message)
      ? POD_WITHOUT_NODE
      : { meaning: 'The server could not understand the request (a malformed selector, parameter or body).', recovery: 'Fix the request as the message says; sending it again unchanged will fail again.', retryable: false },
  Unauthorized: fixed('The server does not know who you are: the credentials are missing, expired or not accepted.', "Check the context's credentials in your kubeconfig (token, client certificate or exec plugin), log in again, then retry."),
  Forbidden: fixed('The server knows who you are, but your permissions do not allow this action.', 'Ask a cluster administrator for a Role or ClusterRole granting this verb on this resource, or use a context that has it.'),
  NotFound: (e) => ({
    meaning:
      e.raw.method === 'WATCH'
        ? 'What was being watched does not exist (any more).'
        : 'The object or resource type does not exist: it was deleted, is in another namespace, or the name is misspelled.',
    recovery: 'Check the name, namespace and resource type; re-list to see what exists now.',
    retryable: false,
  }),
  AlreadyExists: fixed('An object of this type with this name already exists in this namespace.', 'Pick another name, or open the existing object and edit it instead.'),
  Conflict: (e) =>
    e.causes.some((cause) => cause.reason === 'FieldManagerConflict')
      ? {
          meaning: 'Server-side apply refused: other field managers own fields this change sets.',
          recovery: 'Drop those fields from your change, or apply again with force to take ownership of them.',
          retryable: false,
        }
      : {
          meaning: 'The object changed on the server since you read it (its resourceVersion or a precondition no longer matches).',
          recovery: 'Re-read the object, merge your change into the latest version, and save again.',
          retryable: false,
        },
  Invalid: fixed('The server understood the request but the object (or options) failed validation.', 'Fix the fields listed below and send it again.'),
  MethodNotAllowed: fixed('This resource does not support this action (the verb is not served for it).', "Use another action; the resource's verbs in discovery list what it supports."),
  NotAcceptable: fixed('The server cannot answer in any of the formats the request accepts.', 'Ask for a format this endpoint serves (application/json always works); this is a client bug worth reporting.'),
  UnsupportedMediaType: fixed("The server does not accept the request body's content type here (e.g. a strategic merge patch on a custom resource).", 'Send the change as another patch type (JSON merge patch or JSON patch) or as a full update.'),
  RequestEntityTooLarge: fixed('The request body is larger than the server accepts.', 'Make the object smaller (large data belongs outside ConfigMaps and Secrets, which stop at 1 MiB).'),
  Gone: () => GONE,
  Expired: () => GONE,
  TooManyRequests: (e) => ({
    meaning: 'The server is throttling requests (API priority and fairness or a rate limit).',
    recovery: waitHint(e, BACKOFF),
    retryable: true,
  }),
  ServiceUnavailable: (e) => ({
    meaning: 'The server, or a service it needs (an aggregated API, a webhook), is temporarily unavailable.',
    recovery: waitHint(e, BACKOFF),
    retryable: true,
  }),
  Timeout: (e) => ({
    meaning: 'The request did not complete within the time allowed; it may still have taken effect.',
    recovery: waitHint(e, `${BACKOFF} After a write, re-read the object first to see whether it happened.`),
    retryable: true,
  }),
  ServerTimeout: (e) => ({
    meaning: 'The server could not finish the operation in time and gave up.',
    recovery: waitHint(e, BACKOFF),
    retryable: true,
  }),
  InternalError: () => INTERNAL,
  NetworkError: fixed('No answer arrived: the kubeglass server could not be reached (stopped, network down).', 'Check that kubeglass is still running and the network is up, then retry.', true),
  ClientTimeout: fixed('No answer arrived in time, so the request was given up; it may still have taken effect.', `${BACKOFF} After a write, re-read the object first to see whether it happened.`, true),
};

const UNKNOWN: StatusExplanation = {
  meaning: 'The server refused the request without naming a reason this app knows.',
  recovery: 'Read the message and raw response below; the HTTP code tells whether to fix the request (4xx) or retry later (5xx).',
  retryable: false,
};

/** Plain-language meaning and recovery of a failed request, from its Status reason (else its HTTP code). */
export function explainStatus(error: ExplainableError): StatusExplanation {
  // Own keys only: a reason such as "__proto__" or "constructor" is not an entry.
  const entry = Object.hasOwn(BY_REASON, error.reason) ? BY_REASON[error.reason] : undefined;
  if (entry) return entry(error);
  if (error.code >= 500) return { ...INTERNAL, meaning: UNKNOWN.meaning };
  return UNKNOWN;
}
