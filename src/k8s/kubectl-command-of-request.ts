// The kubectl command that sends the same request as one the console recorded (or runs the same watch), or null
// where kubectl has none. kubectl 1.32: --subresource on get/patch/replace/apply, `auth can-i`, `auth whoami`.
import { canIWords } from './access/can-i-words.js';
import { kubectlLine, kubectlRawPath, type KubectlTarget } from './kubectl-command.js';
import { parseApiPath, type ApiPath } from './paths.js';
import type { RecordedBody, RecordedRequest } from './request-recorder.js';
import type { RecordedWatch } from './watch-log.js';

export interface KubectlEquivalent {
  command: string;
  /** The command reads the request body from stdin (-f - or --patch-file /dev/stdin). */
  readsBody: boolean;
}

export type KubectlRequest = Pick<RecordedRequest, 'method' | 'context' | 'path' | 'contentType' | 'requestBody'>;

const PATCH_TYPES: Record<string, string> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
};
const APPLY_PATCH = 'application/apply-patch+yaml';
// Subresources kubectl reaches with --subresource (beta in 1.32).
const SUBRESOURCE_FLAG = new Set(['status', 'scale']);

/** `deployments.apps` outside the core group, as kubectl resolves it whatever the short names. */
function resourceWord(path: ApiPath): string {
  return path.group ? `${path.resource}.${path.group}` : path.resource;
}

/** -n NS for a namespaced path; -A for a list across namespaces when `allNamespaces`. */
function namespaceWords(path: ApiPath, allNamespaces: boolean): string[] {
  if (path.namespace !== null) return ['-n', path.namespace];
  return allNamespaces ? ['-A'] : [];
}

function selectorWords(query: URLSearchParams): string[] {
  const words: string[] = [];
  const labels = query.get('labelSelector');
  const fields = query.get('fieldSelector');
  if (labels) words.push('-l', labels);
  if (fields) words.push('--field-selector', fields);
  return words;
}

/** --dry-run=server and --field-manager, the write options kubectl passes on as the same query. */
function writeWords(query: URLSearchParams): string[] {
  const words: string[] = [];
  if (query.get('dryRun') === 'All') words.push('--dry-run=server');
  const manager = query.get('fieldManager');
  if (manager) words.push(`--field-manager=${manager}`);
  return words;
}

function parseJson(body: RecordedBody | null): unknown {
  if (!body || body.truncated) return undefined;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return undefined;
  }
}

function field(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `kubectl auth can-i` for a SelfSubjectAccessReview body; null when the body is not readable. */
function canIOfReview(body: unknown): string[] | null {
  const nonResource = field(body, 'spec', 'nonResourceAttributes');
  if (nonResource) return ['auth', 'can-i', text(field(nonResource, 'verb')), text(field(nonResource, 'path'))];
  const attributes = field(body, 'spec', 'resourceAttributes');
  if (typeof attributes !== 'object' || attributes === null) return null;
  const resource = text(field(attributes, 'resource'));
  const verb = text(field(attributes, 'verb'));
  if (!resource || !verb) return null;
  const name = text(field(attributes, 'name'));
  const subresource = text(field(attributes, 'subresource'));
  // No namespace in the review asks about all of them.
  return canIWords({ verb, group: text(field(attributes, 'group')), resource, namespace: text(field(attributes, 'namespace')), ...(name ? { name } : {}), ...(subresource ? { subresource } : {}) });
}

/** The words after `kubectl` for a POST to a collection. */
function createWords(path: ApiPath, query: URLSearchParams, request: KubectlRequest): { words: string[]; readsBody: boolean } | null {
  if (path.group === 'authorization.k8s.io' && path.resource === 'selfsubjectaccessreviews') {
    const words = canIOfReview(parseJson(request.requestBody));
    return words && { words, readsBody: false };
  }
  if (path.group === 'authorization.k8s.io' && path.resource === 'selfsubjectrulesreviews') {
    const namespace = text(field(parseJson(request.requestBody), 'spec', 'namespace'));
    return { words: ['auth', 'can-i', '--list', ...(namespace ? ['-n', namespace] : [])], readsBody: false };
  }
  if (path.group === 'authentication.k8s.io' && path.resource === 'selfsubjectreviews') return { words: ['auth', 'whoami', '-o', 'yaml'], readsBody: false };
  // Other reviews, and POSTs to subresources (eviction, binding, exec...), have no kubectl verb sending them as is.
  if (path.name !== null || path.resource.endsWith('reviews')) return null;
  return { words: ['create', ...namespaceWords(path, false), ...writeWords(query), '-f', '-', '-o', 'yaml'], readsBody: true };
}

/** The JSON patch body on one line; null when it must come from stdin (cut, or not JSON). */
function inlinePatch(body: RecordedBody | null): string | null {
  const parsed = parseJson(body);
  return parsed === undefined ? null : JSON.stringify(parsed);
}

function patchWords(path: ApiPath, query: URLSearchParams, request: KubectlRequest): { words: string[]; readsBody: boolean } | null {
  if (path.name === null) return null;
  const subresource = path.subresource === null ? [] : SUBRESOURCE_FLAG.has(path.subresource) ? [`--subresource=${path.subresource}`] : null;
  if (subresource === null) return null;
  const contentType = (request.contentType ?? '').split(';')[0]?.trim() ?? '';
  if (contentType === APPLY_PATCH) {
    const words = ['apply', '--server-side', ...namespaceWords(path, false), ...writeWords(query)];
    if (query.get('force') === 'true') words.push('--force-conflicts');
    return { words: [...words, ...subresource, '-f', '-', '-o', 'yaml'], readsBody: true };
  }
  const type = PATCH_TYPES[contentType];
  if (!type) return null;
  const words = ['patch', resourceWord(path), path.name, ...namespaceWords(path, false), ...subresource, ...writeWords(query), '--type', type];
  const inline = inlinePatch(request.requestBody);
  if (inline !== null) return { words: [...words, '-p', inline, '-o', 'yaml'], readsBody: false };
  return { words: [...words, '--patch-file', '/dev/stdin', '-o', 'yaml'], readsBody: true };
}

function replaceWords(path: ApiPath, query: URLSearchParams, request: KubectlRequest): { words: string[]; readsBody: boolean } | null {
  if (path.name === null) return null;
  if (path.subresource === 'scale') {
    // `kubectl scale` sends the same PUT of the Scale subresource.
    const replicas = field(parseJson(request.requestBody), 'spec', 'replicas');
    if (typeof replicas === 'number' && query.get('dryRun') !== 'All') {
      return { words: ['scale', resourceWord(path), path.name, ...namespaceWords(path, false), `--replicas=${replicas}`], readsBody: false };
    }
  }
  const subresource = path.subresource === null ? [] : SUBRESOURCE_FLAG.has(path.subresource) ? [`--subresource=${path.subresource}`] : null;
  if (subresource === null) return null;
  return { words: ['replace', ...namespaceWords(path, false), ...subresource, ...writeWords(query), '-f', '-', '-o', 'yaml'], readsBody: true };
}

const CASCADE: Record<string, string> = { Background: 'background', Foreground: 'foreground', Orphan: 'orphan' };

function deleteWords(path: ApiPath, query: URLSearchParams, request: KubectlRequest): string[] | null {
  if (path.subresource !== null) return null;
  const body = parseJson(request.requestBody);
  const words = ['delete', resourceWord(path)];
  if (path.name !== null) words.push(path.name);
  else if (!query.get('labelSelector') && !query.get('fieldSelector')) words.push('--all');
  words.push(...namespaceWords(path, path.name === null), ...selectorWords(query));
  if (query.get('dryRun') === 'All' || field(body, 'dryRun') !== undefined) words.push('--dry-run=server');
  const grace = query.get('gracePeriodSeconds') ?? field(body, 'gracePeriodSeconds');
  if (grace !== null && grace !== undefined && grace !== '') words.push(`--grace-period=${String(grace)}`);
  const cascade = CASCADE[query.get('propagationPolicy') ?? text(field(body, 'propagationPolicy'))];
  if (cascade) words.push(`--cascade=${cascade}`);
  return words;
}

const LOG_FLAGS: Record<string, string> = { container: '--container', tailLines: '--tail', limitBytes: '--limit-bytes', sinceTime: '--since-time' };

function getWords(path: ApiPath, query: URLSearchParams): string[] | null {
  if (path.subresource === 'log' && path.name !== null) {
    const words = ['logs', path.name, ...namespaceWords(path, false)];
    for (const [param, flag] of Object.entries(LOG_FLAGS)) {
      const value = query.get(param);
      if (value) words.push(`${flag}=${value}`);
    }
    if (query.get('sinceSeconds')) words.push(`--since=${query.get('sinceSeconds')}s`);
    if (query.get('previous') === 'true') words.push('--previous');
    if (query.get('timestamps') === 'true') words.push('--timestamps');
    return words;
  }
  if (path.subresource !== null && !SUBRESOURCE_FLAG.has(path.subresource)) return null;
  const words = ['get', resourceWord(path)];
  if (path.name !== null) words.push(path.name);
  words.push(...namespaceWords(path, path.name === null), ...selectorWords(query));
  if (path.subresource !== null) words.push(`--subresource=${path.subresource}`);
  return [...words, '-o', 'yaml'];
}

/** The equivalent kubectl command of a recorded request through `target`; null where kubectl has none. */
export function kubectlCommandOfRequest(target: KubectlTarget, request: KubectlRequest): KubectlEquivalent | null {
  if (request.context === null) return null;
  const queryAt = request.path.indexOf('?');
  const pathOnly = queryAt < 0 ? request.path : request.path.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : request.path.slice(queryAt + 1));
  const path = parseApiPath(pathOnly);
  const line = (words: string[] | null, readsBody = false) => (words ? { command: kubectlLine(target, words), readsBody } : null);
  if (!path) {
    // Discovery, /version, /openapi: kubectl reads any path as it is.
    return request.method === 'GET' ? line(['get', '--raw', kubectlRawPath(target, request.path)]) : null;
  }
  let built: { words: string[]; readsBody: boolean } | null = null;
  switch (request.method) {
    case 'GET':
      return line(getWords(path, query)) ?? line(['get', '--raw', kubectlRawPath(target, request.path)]);
    case 'POST':
      built = createWords(path, query, request);
      break;
    case 'PUT':
      built = replaceWords(path, query, request);
      break;
    case 'PATCH':
      built = patchWords(path, query, request);
      break;
    case 'DELETE':
      return line(deleteWords(path, query, request));
    default:
      return null;
  }
  return built && line(built.words, built.readsBody);
}

/** `kubectl get -w` for a recorded watch: a table for a Table watch, YAML objects otherwise. */
export function kubectlCommandOfWatch(target: KubectlTarget, watch: Pick<RecordedWatch, 'path' | 'query' | 'as'>): string | null {
  const path = parseApiPath(watch.path);
  if (!path || path.name !== null) return null;
  const query = new URLSearchParams(watch.query);
  const words = ['get', resourceWord(path), ...namespaceWords(path, true), ...selectorWords(query), '-w'];
  if (watch.as === 'Object') words.push('-o', 'yaml');
  return kubectlLine(target, words);
}
