// Status builders worded like k8s.io/apimachinery/pkg/api/errors, so clients see real messages.
import type { Status, StatusCause, StatusDetails } from '../resources/types.js';

/** An error that is answered as a Kubernetes Status with the HTTP code equal to Status.code. */
export class ApiError extends Error {
  readonly status: Status;
  constructor(status: Status) {
    super(status.message ?? status.reason ?? 'error');
    this.status = status;
  }
  get code(): number {
    return this.status.code ?? 500;
  }
}

/** A group-qualified resource name as the apiserver prints it: "pods", "deployments.apps". */
export function qualifiedResource(group: string, resource: string): string {
  return group === '' ? resource : `${resource}.${group}`;
}

/** A failure Status; details are omitted when empty, as Go's omitempty does. */
export function failure(code: number, reason: string, message: string, details?: StatusDetails): Status {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason };
  if (details !== undefined) status.details = details;
  status.code = code;
  return status;
}

function details(group: string, resource: string, name?: string): StatusDetails {
  const d: StatusDetails = {};
  if (name !== undefined && name !== '') d.name = name;
  if (group !== '') d.group = group;
  d.kind = resource;
  return d;
}

/** 404 `pods "x" not found`. */
export function notFound(group: string, resource: string, name: string): ApiError {
  return new ApiError(
    failure(404, 'NotFound', `${qualifiedResource(group, resource)} "${name}" not found`, details(group, resource, name)),
  );
}

/** 409 `configmaps "c1" already exists`. */
export function alreadyExists(group: string, resource: string, name: string): ApiError {
  return new ApiError(
    failure(409, 'AlreadyExists', `${qualifiedResource(group, resource)} "${name}" already exists`, details(group, resource, name)),
  );
}

/** 409 Conflict: "Operation cannot be fulfilled on <resource> "<name>": <why>". */
export function conflict(group: string, resource: string, name: string, why: string): ApiError {
  return new ApiError(
    failure(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${qualifiedResource(group, resource)} "${name}": ${why}`,
      details(group, resource, name),
    ),
  );
}

/** The optimistic-concurrency message of the registry store (staging/.../registry/generic/registry/store.go). */
export const OBJECT_MODIFIED = 'the object has been modified; please apply your changes to the latest version and try again';

/** 403 Forbidden, message as NewForbidden renders it. */
export function forbidden(group: string, resource: string, name: string, why: string): ApiError {
  const qr = qualifiedResource(group, resource);
  const message = name === '' ? `${qr} is forbidden: ${why}` : `${qr} "${name}" is forbidden: ${why}`;
  return new ApiError(failure(403, 'Forbidden', message, details(group, resource, name)));
}

/** 401 Unauthorized as the authentication filter answers it. */
export function unauthorized(): ApiError {
  return new ApiError(failure(401, 'Unauthorized', 'Unauthorized'));
}

/** 400 BadRequest with free text. */
export function badRequest(message: string): ApiError {
  return new ApiError(failure(400, 'BadRequest', message));
}

/** 405 for a verb the resource does not support. */
export function methodNotAllowed(): ApiError {
  return new ApiError(
    failure(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {}),
  );
}

/** 406 from a resource endpoint (negotiation.NewNotAcceptableError). */
export function notAcceptable(accepted: string[]): ApiError {
  return new ApiError(failure(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`));
}

/**
 * go-restful's own 406: routes served through go-restful (resources, /api, /api/v1, /apis/G/V, /version)
 * answer it when no Accept clause names a media type they produce at all (text/html), listing what the
 * routes of that path and method produce.
 */
export function restfulNotAcceptable(produces: string[]): ApiError {
  return new ApiError(failure(406, 'NotAcceptable', `406: Not Acceptable\n\nAvailable representations: ${produces.join(', ')}`, {}));
}

/**
 * The 406 a go-restful route answers: go-restful's own when no clause names a produced media type,
 * else the apiserver negotiation's list (e.g. `application/json;as=Foo`).
 */
export function routeNotAcceptable(restfulMatched: boolean, accepted: string[], produces: string[] = accepted): ApiError {
  return restfulMatched ? notAcceptable(accepted) : restfulNotAcceptable(produces);
}

/** 404 from a known API prefix for a path no route serves (go-restful's NotFound Status, empty details). */
export function routeNotFound(): ApiError {
  return new ApiError(failure(404, 'NotFound', 'the server could not find the requested resource', {}));
}

/** 403 for a non-resource path (`forbidden: User "x" cannot get path "/api"`). */
export function pathForbidden(user: string, verb: string, path: string): ApiError {
  return new ApiError(failure(403, 'Forbidden', `forbidden: User "${user}" cannot ${verb} path "${path}"`, {}));
}

/** 415 for a body in a media type the endpoint does not decode. */
export function unsupportedMediaType(accepted: string[]): ApiError {
  return new ApiError(
    failure(
      415,
      'UnsupportedMediaType',
      `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    ),
  );
}

/** 410 Expired (too old resourceVersion or continue token). */
export function expired(message: string): ApiError {
  return new ApiError(failure(410, 'Expired', message));
}

/** 504 for a resourceVersion newer than the store has (cacher's NewTooLargeResourceVersionError). */
export function tooLargeResourceVersion(requested: number, current: number): ApiError {
  return new ApiError(
    failure(504, 'Timeout', `Timeout: Too large resource version: ${requested}, current: ${current}`, {
      causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
      retryAfterSeconds: 1,
    }),
  );
}

/** 500 InternalError. */
export function internalError(err: unknown): ApiError {
  const text = err instanceof Error ? err.message : String(err);
  return new ApiError(
    failure(500, 'InternalError', `Internal error occurred: ${text}`, { causes: [{ message: text }] }),
  );
}

/** One field.Error: the field path, its type (reason) and the rendered body. */
export interface FieldError {
  type:
    | 'FieldValueRequired'
    | 'FieldValueInvalid'
    | 'FieldValueNotSupported'
    | 'FieldValueForbidden'
    | 'FieldValueDuplicate'
    | 'FieldValueTooLong'
    | 'FieldValueTooMany'
    | 'FieldValueTypeInvalid'
    | 'FieldValueNotFound';
  field: string;
  value?: unknown;
  /** The value as field.Error prints it, for values goValue cannot render (structs: fields in Go's order). */
  rendered?: string;
  detail?: string;
  hasValue?: boolean;
}

const FIELD_TYPE_TEXT: Record<FieldError['type'], string> = {
  FieldValueRequired: 'Required value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueTypeInvalid: 'Invalid value',
  FieldValueNotFound: 'Not found',
};

/** Go's strconv.Quote (what %q prints) for the characters a field value may hold. */
export function goQuote(text: string): string {
  const named: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += named[ch] ?? (code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : ch);
  }
  return `${out}"`;
}

/**
 * encoding/json's Marshal: JSON.stringify's text with HTML-sensitive characters and the line separators
 * escaped, as Go escapes them by default. Map keys must already be in Go's sorted order.
 */
export function goJson(value: unknown): string {
  const escapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => escapes[c] ?? c);
}

/** A map's entries in Go's marshalling order (sorted keys), for goJson. */
export function sortedMap(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Renders a value the way field.Error.ErrorBody does in 1.37: numbers and booleans with %v, strings
 * with %q, anything else as its JSON (a JS object stands for a Go map: keys sorted).
 */
function goValue(value: unknown): string {
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object' && !Array.isArray(value)) return goJson(sortedMap(value as Record<string, unknown>));
  return goJson(value);
}

/** field.Error.ErrorBody: "Invalid value: \"x\": detail". */
export function fieldErrorBody(e: FieldError): string {
  let body = FIELD_TYPE_TEXT[e.type];
  const withValue = e.hasValue ?? (e.type !== 'FieldValueRequired' && e.type !== 'FieldValueForbidden' && e.type !== 'FieldValueTooLong');
  if (withValue) body += `: ${e.rendered ?? goValue(e.value)}`;
  if (e.detail !== undefined && e.detail !== '') body += `: ${e.detail}`;
  return body;
}

/** 422 Invalid: `Kind.group "name" is invalid: [field: body, ...]` (NewInvalid). */
export function invalid(group: string, kind: string, name: string, errors: FieldError[]): ApiError {
  const causes: StatusCause[] = errors.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field }));
  // ErrorList.ToAggregate drops repeated messages; the causes keep them.
  const rendered = [...new Set(errors.map((e) => `${e.field}: ${fieldErrorBody(e)}`))];
  const aggregate = rendered.length === 1 ? (rendered[0] ?? '') : `[${rendered.join(', ')}]`;
  const qk = group === '' ? kind : `${kind}.${group}`;
  const d: StatusDetails = {};
  if (name !== '') d.name = name;
  if (group !== '') d.group = group;
  d.kind = kind;
  d.causes = causes;
  return new ApiError(failure(422, 'Invalid', `${qk} "${name}" is invalid: ${aggregate}`, d));
}

/** A Success Status (deletes of most types). */
export function success(details: StatusDetails): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
}
