// The raw request as the page's query string, so a request can be shared as a link: parse and serialize, nothing else.
import { TABLE_ACCEPT } from '../../../../wire/ws-protocol';
import { AGGREGATED_DISCOVERY_ACCEPT } from '../../../k8s/discovery/fetch-discovery';

export const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Verb = (typeof VERBS)[number];

export const ACCEPTS = ['json', 'table', 'yaml', 'discovery'] as const;
export type AcceptChoice = (typeof ACCEPTS)[number];

/** The Accept header each choice sends; `discovery` is what kubectl sends for /api and /apis (see k8s/discovery). */
export const ACCEPT_HEADERS: Readonly<Record<AcceptChoice, string>> = {
  json: 'application/json',
  table: TABLE_ACCEPT,
  yaml: 'application/yaml',
  discovery: AGGREGATED_DISCOVERY_ACCEPT,
};

/** Content types of a write body: the link carries the short name, the request the media type. */
export const CONTENT_TYPES = {
  json: 'application/json',
  yaml: 'application/yaml',
  'json-patch': 'application/json-patch+json',
  'merge-patch': 'application/merge-patch+json',
  'strategic-merge-patch': 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
} as const;
export type ContentTypeChoice = keyof typeof CONTENT_TYPES;

/** The four PATCH content types the apiserver takes; POST and PUT take a whole object as JSON or YAML. */
export const PATCH_CONTENT_TYPES: readonly ContentTypeChoice[] = ['json-patch', 'merge-patch', 'strategic-merge-patch', 'apply'];
export const OBJECT_CONTENT_TYPES: readonly ContentTypeChoice[] = ['yaml', 'json'];

/** A body longer than this stays out of links: a URL is no place for a big object (and browsers cap its length). */
export const BODY_URL_LIMIT = 8 * 1024;

export interface RawRequest {
  verb: Verb;
  /** API path with its query, e.g. /api/v1/namespaces/default/pods?watch=1; checked by apiPathProblem. */
  path: string;
  accept: AcceptChoice;
  contentType: ContentTypeChoice;
  /** Writes are sent with dryRun=All. */
  dryRun: boolean;
  /** fieldManager query parameter (required by server-side apply). */
  fieldManager: string;
  body: string;
}

export interface ParsedRawRequest {
  request: RawRequest;
  /** `send=1`: send on open, honoured for GET only. */
  send: boolean;
  /** What in the link was not understood and replaced by a default, in words. */
  problems: string[];
}

export const isWrite = (verb: Verb): boolean => verb === 'POST' || verb === 'PUT' || verb === 'PATCH';

/** The content type a verb starts with, and whether a choice fits the verb. */
export function defaultContentType(verb: Verb): ContentTypeChoice {
  return verb === 'PATCH' ? 'merge-patch' : 'yaml';
}

export function contentTypeFits(verb: Verb, contentType: ContentTypeChoice): boolean {
  if (verb === 'PATCH') return PATCH_CONTENT_TYPES.includes(contentType);
  return OBJECT_CONTENT_TYPES.includes(contentType);
}

export const emptyRawRequest: RawRequest = { verb: 'GET', path: '', accept: 'json', contentType: 'yaml', dryRun: false, fieldManager: '', body: '' };

function pick<T extends string>(value: string | null, allowed: readonly T[], lowerCase = false): T | undefined {
  if (value === null) return undefined;
  const v = lowerCase ? value.toLowerCase() : value.toUpperCase();
  return allowed.find((a) => a === v);
}

function contentTypeOf(value: string): ContentTypeChoice | undefined {
  const v = value.trim().toLowerCase();
  const byMediaType = Object.entries(CONTENT_TYPES).find(([, mediaType]) => mediaType === v)?.[0];
  return (v in CONTENT_TYPES ? v : byMediaType) as ContentTypeChoice | undefined;
}

const isTrue = (value: string | null) => value === '1' || value === 'true';

/** Reads the page's query; anything not understood falls back to a default and is named in `problems`. */
export function parseRawRequest(search: string): ParsedRawRequest {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const verbParam = params.get('verb');
  const verb = pick(verbParam, VERBS) ?? 'GET';
  if (verbParam !== null && !pick(verbParam, VERBS)) problems.push(`verb "${verbParam}" is not one of ${VERBS.join(', ')}: GET is used.`);
  const acceptParam = params.get('accept');
  const accept = pick(acceptParam, ACCEPTS, true) ?? 'json';
  if (acceptParam !== null && !pick(acceptParam, ACCEPTS, true)) problems.push(`accept "${acceptParam}" is not one of ${ACCEPTS.join(', ')}: json is used.`);
  const contentTypeParam = params.get('contentType');
  let contentType = contentTypeParam === null ? undefined : contentTypeOf(contentTypeParam);
  if (contentTypeParam !== null && (!contentType || !contentTypeFits(verb, contentType))) {
    problems.push(`contentType "${contentTypeParam}" does not fit ${verb}: ${defaultContentType(verb)} is used.`);
    contentType = undefined;
  }
  let body = params.get('body') ?? '';
  if (body.length > BODY_URL_LIMIT) {
    problems.push(`The body in the link is longer than ${BODY_URL_LIMIT} characters and was left out.`);
    body = '';
  }
  return {
    request: {
      verb,
      path: params.get('path') ?? '',
      accept,
      contentType: contentType ?? defaultContentType(verb),
      dryRun: isTrue(params.get('dryRun')),
      fieldManager: params.get('fieldManager') ?? '',
      body,
    },
    send: isTrue(params.get('send')),
    problems,
  };
}

/** The query string (with its "?") for a request; defaults are left out so links stay short. */
export function serializeRawRequest(request: RawRequest, options: { send?: boolean } = {}): string {
  const params = new URLSearchParams();
  params.set('verb', request.verb);
  if (request.path) params.set('path', request.path);
  if (request.accept !== 'json') params.set('accept', request.accept);
  if (isWrite(request.verb)) {
    params.set('contentType', request.contentType);
    if (request.fieldManager) params.set('fieldManager', request.fieldManager);
    if (request.body && request.body.length <= BODY_URL_LIMIT) params.set('body', request.body);
  }
  if (request.dryRun && request.verb !== 'GET') params.set('dryRun', '1');
  if (options.send) params.set('send', '1');
  return `?${params.toString()}`;
}

/** `send=1` opens-and-sends only a GET: a link must never change a cluster. */
export function sendsOnOpen(parsed: ParsedRawRequest): boolean {
  return parsed.send && parsed.request.verb === 'GET';
}
