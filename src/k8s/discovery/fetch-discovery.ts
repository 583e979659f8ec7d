// Discovery over HTTP: aggregated (one document per root) when the server offers it, else the legacy walk of
// every group-version. Takes the fetch as a parameter so it stays free of app wiring.
import { formatGroupVersion, groupVersionPath } from './gvr';
import { isAggregatedDiscovery, parseAggregatedDiscovery } from './parse-aggregated';
import { parseApiGroupList, parseApiResourceList, parseApiVersions } from './parse-legacy';
import { markPreferredVersions } from './preferred-version';
import { isAbortError, statusFromNetworkError, statusFromResponse, tryParseJson } from './discovery-status';
import type {
  ApiGroupInfo,
  ApiResource,
  DiscoveryEtags,
  DiscoveryFetch,
  DiscoveryResult,
  DiscoveryStatus,
  FailedGroupVersion,
} from './types';

/**
 * What kubectl 1.32 sends for /api and /apis: aggregated v2 first (the only version 1.33+ serves), then v2beta1 (what
 * 1.26 to 1.29 serve; 1.37 passes it over), then plain JSON. The trailing application/json matters: without it
 * a server lacking aggregated discovery (1.20), or a v2-only one asked for v2beta1, answers 406.
 */
export const AGGREGATED_DISCOVERY_ACCEPT =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,' +
  'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,' +
  'application/json';

/** Accept for the per-group-version APIResourceList documents of legacy discovery. */
const LEGACY_DISCOVERY_ACCEPT = 'application/json';

/** /api or /apis itself failed (or answered something that is not discovery): there is nothing to show. */
export class DiscoveryError extends Error {
  override readonly name = 'DiscoveryError';
  readonly path: string;
  readonly status: DiscoveryStatus;

  constructor(path: string, status: DiscoveryStatus) {
    super(`${path}: ${status.message || status.reason}`);
    this.path = path;
    this.status = status;
  }
}

export interface FetchDiscoveryOptions {
  /** ETags of the previous result (`result.etags`); when both roots answer 304 the result is 'not-modified'. */
  ifNoneMatch?: Partial<DiscoveryEtags>;
}

interface RootDocument {
  body: unknown;
  etag: string | null;
}

interface PartialDiscovery {
  groups: ApiGroupInfo[];
  resources: ApiResource[];
  failedGroupVersions: FailedGroupVersion[];
  staleGroupVersions: string[];
  aggregated: boolean;
}

/** Discovers groups and resources; 'not-modified' when ifNoneMatch was given and neither root document changed. */
export async function fetchDiscovery(
  fetchFn: DiscoveryFetch,
  options: FetchDiscoveryOptions = {},
): Promise<DiscoveryResult | 'not-modified'> {
  const ifNoneMatch = options.ifNoneMatch ?? {};
  const [api, apis] = await Promise.all([
    fetchRoot(fetchFn, '/api', ifNoneMatch.api),
    fetchRoot(fetchFn, '/apis', ifNoneMatch.apis),
  ]);
  if (api === 'not-modified' && apis === 'not-modified') return 'not-modified';
  // Only one root changed. Its unchanged sibling's parsed form lives in the caller's cache, not here, so fetch
  // it again unconditionally (rare: a CRD or APIService change touches /apis alone).
  const [apiDoc, apisDoc] = await Promise.all([
    api === 'not-modified' ? fetchRootUnconditionally(fetchFn, '/api') : api,
    apis === 'not-modified' ? fetchRootUnconditionally(fetchFn, '/apis') : apis,
  ]);
  const [core, named] = await Promise.all([coreDiscovery(fetchFn, apiDoc), groupsDiscovery(fetchFn, apisDoc)]);
  const groups = [...core.groups, ...named.groups];
  return {
    groups,
    resources: markPreferredVersions(groups, [...core.resources, ...named.resources]),
    failedGroupVersions: [...core.failedGroupVersions, ...named.failedGroupVersions],
    staleGroupVersions: [...core.staleGroupVersions, ...named.staleGroupVersions],
    source: core.aggregated && named.aggregated ? 'aggregated' : 'legacy',
    // Only aggregated documents are worth revalidating: a legacy /apis can stay the same while a group-version's
    // resource list changes (a CRD adding a resource to an existing version).
    etags: { api: core.aggregated ? apiDoc.etag : null, apis: named.aggregated ? apisDoc.etag : null },
  };
}

async function fetchRoot(
  fetchFn: DiscoveryFetch,
  path: string,
  ifNoneMatch: string | null | undefined,
): Promise<RootDocument | 'not-modified'> {
  const headers: Record<string, string> = { Accept: AGGREGATED_DISCOVERY_ACCEPT };
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  let res: Response;
  try {
    res = await fetchFn(path, { headers });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new DiscoveryError(path, statusFromNetworkError(error));
  }
  if (res.status === 304 && ifNoneMatch) return 'not-modified';
  if (!res.ok) throw new DiscoveryError(path, await statusFromResponse(res));
  const body = tryParseJson(await res.text());
  if (body === undefined) {
    throw new DiscoveryError(path, { code: res.status, reason: 'BadResponse', message: 'response is not JSON' });
  }
  return { body, etag: res.headers.get('ETag') };
}

async function fetchRootUnconditionally(fetchFn: DiscoveryFetch, path: string): Promise<RootDocument> {
  const doc = await fetchRoot(fetchFn, path, undefined);
  // Unreachable: without If-None-Match a 304 is not ok and fetchRoot throws; this narrows the type.
  if (doc === 'not-modified') throw new DiscoveryError(path, { code: 304, reason: 'NotModified', message: '' });
  return doc;
}

async function coreDiscovery(fetchFn: DiscoveryFetch, doc: RootDocument): Promise<PartialDiscovery> {
  if (isAggregatedDiscovery(doc.body)) {
    return { ...parseAggregatedDiscovery(doc.body), failedGroupVersions: [], aggregated: true };
  }
  const versions = parseApiVersions(doc.body);
  if (!versions) throw unexpectedKind('/api', doc.body, 'APIVersions');
  const groups: ApiGroupInfo[] = [{ name: '', preferredVersion: versions[0] ?? '', versions }];
  return { groups, ...(await legacyResources(fetchFn, groups)), staleGroupVersions: [], aggregated: false };
}

async function groupsDiscovery(fetchFn: DiscoveryFetch, doc: RootDocument): Promise<PartialDiscovery> {
  if (isAggregatedDiscovery(doc.body)) {
    return { ...parseAggregatedDiscovery(doc.body), failedGroupVersions: [], aggregated: true };
  }
  const groups = parseApiGroupList(doc.body);
  if (!groups) throw unexpectedKind('/apis', doc.body, 'APIGroupList');
  return { groups, ...(await legacyResources(fetchFn, groups)), staleGroupVersions: [], aggregated: false };
}

// Every version of every group, in parallel (as kubectl does); one broken group-version (typically an aggregated
// APIService whose backend is down: 503) must not hide the rest.
async function legacyResources(
  fetchFn: DiscoveryFetch,
  groups: ApiGroupInfo[],
): Promise<{ resources: ApiResource[]; failedGroupVersions: FailedGroupVersion[] }> {
  const gvs = groups.flatMap((g) => g.versions.map((version) => ({ group: g.name, version })));
  const lists = await Promise.all(gvs.map(({ group, version }) => fetchResourceList(fetchFn, group, version)));
  const resources: ApiResource[] = [];
  const failedGroupVersions: FailedGroupVersion[] = [];
  for (const list of lists) {
    if ('failed' in list) failedGroupVersions.push(list.failed);
    else resources.push(...list.resources);
  }
  return { resources, failedGroupVersions };
}

async function fetchResourceList(
  fetchFn: DiscoveryFetch,
  group: string,
  version: string,
): Promise<{ resources: ApiResource[] } | { failed: FailedGroupVersion }> {
  const path = groupVersionPath(group, version);
  const groupVersion = formatGroupVersion(group, version);
  let res: Response;
  try {
    res = await fetchFn(path, { headers: { Accept: LEGACY_DISCOVERY_ACCEPT } });
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { failed: { groupVersion, error: statusFromNetworkError(error) } };
  }
  if (!res.ok) return { failed: { groupVersion, error: await statusFromResponse(res) } };
  const resources = parseApiResourceList(group, version, tryParseJson(await res.text()));
  if (!resources) {
    return {
      failed: { groupVersion, error: { code: res.status, reason: 'BadResponse', message: 'not an APIResourceList' } },
    };
  }
  return { resources };
}

function unexpectedKind(path: string, body: unknown, expected: string): DiscoveryError {
  const kind = typeof body === 'object' && body !== null && 'kind' in body ? String(body.kind) : typeof body;
  return new DiscoveryError(path, {
    code: 200,
    reason: 'BadResponse',
    message: `expected ${expected} or APIGroupDiscoveryList (apidiscovery.k8s.io v2/v2beta1), got ${kind}`,
  });
}
