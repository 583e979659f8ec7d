// Conformance harness: the same request goes to a real kube-apiserver (KUBECONFIG_REAL, the release the demo
// cluster says it is, started by tests/real-apiserver/run.sh) and to the demo cluster started in-process; responses are compared
// after masking what legitimately differs between two servers (ids, clocks, resourceVersion values).
import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { expect } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import { DEMO_DEVELOPER_NAMESPACE, type DemoClusterHandle } from '../../wire/demo-cluster.js';

/** JSON as decoded from a response. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Target {
  name: 'real' | 'demo';
  /** https://127.0.0.1:PORT (real) or http://127.0.0.1:PORT (demo). */
  baseUrl: string;
  adminToken: string;
  viewerToken: string;
  developerToken: string;
  /** The one namespace the developer may edit in: seed.sh's fx on the real tier, shop on the demo. */
  developerNamespace: string;
  close(): Promise<void>;
}

export type Identity = 'admin' | 'viewer' | 'developer' | 'anonymous';

export interface Request {
  method?: string;
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /**
   * Objects are sent as JSON (Content-Type application/json unless given); strings and Buffers as they are. A function
   * gives each target its own body (what names the developer's namespace, which differs).
   */
  body?: unknown;
  /** Whose token rides in Authorization; default admin. */
  as?: Identity;
}

export interface Response {
  status: number;
  headers: { contentType?: string; warning?: string; retryAfter?: string };
  /** Every response header by lower-case name (repeated ones joined with ", "). */
  allHeaders: Record<string, string>;
  /** Parsed JSON when the body is JSON, otherwise the text. */
  body: Json;
  text: string;
  /** The body as it came (protobuf answers). */
  bytes: Buffer;
}

/**
 * Both servers see the same User-Agent, so the default field manager (the User-Agent up to the first
 * "/") is the same on both.
 */
/** How a difference names the real server: REAL_K8S_VERSION comes from the tier's env file. */
const REAL_SERVER = `kube-apiserver ${process.env.REAL_K8S_VERSION ?? '(KUBECONFIG_REAL)'}`;

export const USER_AGENT = 'kubeglass-conformance/1.0';
export const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';

const insecureAgent = new https.Agent({ rejectUnauthorized: false, keepAlive: true });
const plainAgent = new http.Agent({ keepAlive: true });

interface KubeconfigDoc {
  clusters?: { name: string; cluster: { server: string } }[];
  users?: { name: string; user: { token?: string } }[];
  contexts?: { name: string; context: { cluster: string; user: string; namespace?: string } }[];
}

/** The real apiserver from KUBECONFIG_REAL (contexts `real`, `real-viewer` and `real-developer`). */
export function realTarget(): Target {
  const path = process.env.KUBECONFIG_REAL;
  if (!path) throw new Error('KUBECONFIG_REAL is not set: run this tier with `npm run test:real`');
  const doc = parseYaml(readFileSync(path, 'utf8')) as KubeconfigDoc;
  const context = (name: string): { server: string; token: string; namespace?: string } => {
    const ctx = doc.contexts?.find((c) => c.name === name)?.context;
    const server = doc.clusters?.find((c) => c.name === ctx?.cluster)?.cluster.server;
    const token = doc.users?.find((u) => u.name === ctx?.user)?.user.token;
    if (!server || !token) throw new Error(`${path}: context ${name} lacks a server or token`);
    return { server, token, ...(ctx?.namespace !== undefined ? { namespace: ctx.namespace } : {}) };
  };
  const admin = context('real');
  const viewer = context('real-viewer');
  const developer = context('real-developer');
  if (!developer.namespace) throw new Error(`${path}: context real-developer names no namespace (start.sh writes fx)`);
  return {
    name: 'real',
    baseUrl: admin.server,
    adminToken: admin.token,
    viewerToken: viewer.token,
    developerToken: developer.token,
    developerNamespace: developer.namespace,
    close: () => Promise.resolve(),
  };
}

/** A fresh demo cluster in this process, without the activity loop. */
export async function demoTarget(): Promise<Target> {
  const tokens = { admin: `admin-${randomBytes(8).toString('hex')}`, viewer: `viewer-${randomBytes(8).toString('hex')}`, developer: `developer-${randomBytes(8).toString('hex')}` };
  const handle: DemoClusterHandle = await startDemoCluster({ activityIntervalMs: 0, tokens });
  return {
    name: 'demo',
    baseUrl: handle.url,
    adminToken: tokens.admin,
    viewerToken: tokens.viewer,
    developerToken: tokens.developer,
    developerNamespace: DEMO_DEVELOPER_NAMESPACE,
    close: () => handle.close(),
  };
}

function buildUrl(target: Target, req: Request): URL {
  const url = new URL(req.path, target.baseUrl);
  for (const [k, v] of Object.entries(req.query ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
  }
  return url;
}

function requestHeaders(target: Target, req: Request, payload: string | Buffer | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'User-Agent': USER_AGENT, Accept: 'application/json', ...(req.headers ?? {}) };
  const who = req.as ?? 'admin';
  const tokens = { admin: target.adminToken, viewer: target.viewerToken, developer: target.developerToken };
  if (who !== 'anonymous') headers.Authorization = `Bearer ${tokens[who]}`;
  if (payload !== undefined) {
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  return headers;
}

function payloadOf(target: Target, req: Request): string | Buffer | undefined {
  const body: unknown = typeof req.body === 'function' ? (req.body as (t: Target) => unknown)(target) : req.body;
  if (body === undefined) return undefined;
  return typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
}

function openRequest(target: Target, req: Request, payload: string | Buffer | undefined): http.ClientRequest {
  const url = buildUrl(target, req);
  const options: http.RequestOptions = { method: req.method ?? 'GET', headers: requestHeaders(target, req, payload) };
  return url.protocol === 'https:'
    ? https.request(url, { ...options, agent: insecureAgent })
    : http.request(url, { ...options, agent: plainAgent });
}

function headerText(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(', ') : v;
}

function parseBody(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

/** Sends one request and reads the whole answer. */
export function send(target: Target, req: Request): Promise<Response> {
  const payload = payloadOf(target, req);
  return new Promise((resolve, reject) => {
    const r = openRequest(target, req, payload);
    r.setTimeout(20_000, () => r.destroy(new Error(`${target.name}: ${req.method ?? 'GET'} ${req.path} timed out`)));
    r.on('error', reject);
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        const headers: Response['headers'] = {};
        const ct = headerText(res.headers['content-type']);
        const warning = headerText(res.headers.warning);
        const retry = headerText(res.headers['retry-after']);
        if (ct !== undefined) headers.contentType = ct;
        if (warning !== undefined) headers.warning = warning;
        if (retry !== undefined) headers.retryAfter = retry;
        const allHeaders = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
        resolve({ status: res.statusCode ?? 0, headers, allHeaders, body: parseBody(text), text, bytes });
      });
    });
    r.end(payload);
  });
}

/** A chunked watch in progress: events arrive in `events`; `until` resolves when a predicate holds. */
export interface WatchStream {
  status: number;
  contentType: string | undefined;
  events: JsonObject[];
  /** Resolves with all events so far once `done(events)` holds or the stream ends; rejects on timeout. */
  until(done: (events: JsonObject[]) => boolean, timeoutMs?: number): Promise<JsonObject[]>;
  /** True once the server ended the stream. */
  readonly ended: boolean;
  close(): void;
}

/** Opens a watch (GET with watch=1) and parses newline-delimited events as they come. */
export function openWatch(target: Target, req: Request): Promise<WatchStream> {
  return new Promise((resolve, reject) => {
    const r = openRequest(target, { ...req, query: { watch: '1', ...(req.query ?? {}) } }, undefined);
    r.on('error', reject);
    r.on('response', (res) => {
      const events: JsonObject[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let ended = false;
      const wake = (): void => {
        for (const w of [...waiters]) w();
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (line !== '') events.push(JSON.parse(line) as JsonObject);
        }
        wake();
      });
      const finish = (): void => {
        ended = true;
        wake();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      resolve({
        status: res.statusCode ?? 0,
        contentType: headerText(res.headers['content-type']),
        events,
        get ended() {
          return ended;
        },
        until(done, timeoutMs = 10_000) {
          return new Promise((ok, fail) => {
            const check = (): void => {
              if (done(events) || ended) {
                clearTimeout(timer);
                waiters.delete(check);
                ok([...events]);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`${target.name}: watch ${req.path}: condition not met in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close() {
          r.destroy();
        },
      });
    });
    r.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Normalization. Each mask replaces a value that differs between any two servers for reasons that
// say nothing about API behavior; presence and type are kept so a missing field still fails.
// selfLink is NOT masked: 1.20 already omits it (RemoveSelfLink is on by default since 1.20), so a
// selfLink from the demo cluster would be a real difference.
// ---------------------------------------------------------------------------------------------

/** Random per object (uuid), including details.uid of delete Statuses and ownerReferences. */
const UID_KEYS = new Set(['uid']);
/** Wall-clock instants: when each server happened to do the work. */
const TIME_KEYS = new Set([
  'creationTimestamp',
  'deletionTimestamp',
  'time', // managedFields[].time
  'lastTransitionTime',
  'lastUpdateTime',
  'lastProbeTime',
  'lastHeartbeatTime',
  'startTime',
  'firstTimestamp',
  'lastTimestamp',
  'eventTime',
]);
/** The projected token volume of a pod (and its mounts): kube-api-access- and names.SimpleNameGenerator's 5 characters. */
const SERVICE_ACCOUNT_VOLUME = /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/;
/** Table columns whose cells are durations from a clock ("Age": "5s"). */
const CLOCK_COLUMNS = new Set(['Age', 'Created At', 'Last Seen', 'First Seen', 'Duration', 'Last Schedule']);

export interface NormalizeOptions {
  /** Column definitions for Table rows whose own columnDefinitions are null (watch events after the first). */
  columns?: Json;
}

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function clockColumnIndexes(columns: Json | undefined): number[] {
  if (!Array.isArray(columns)) return [];
  const out: number[] = [];
  columns.forEach((c, i) => {
    if (isObject(c) && typeof c.name === 'string' && CLOCK_COLUMNS.has(c.name)) out.push(i);
  });
  return out;
}

/** Status messages quote uids and the stored resourceVersion ("... in record (615)"); the rest must match. */
function maskMessage(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>')
    .replace(/(ResourceVersion in record) \(\d+\)/g, '$1 (<rv>)')
    .replace(/(too old resource version: \d+) \(\d+\)/g, '$1 (<rv>)');
}

function walk(v: Json, key: string | undefined, opts: NormalizeOptions): Json {
  if (Array.isArray(v)) return v.map((x) => walk(x, undefined, opts));
  if (!isObject(v)) {
    if (typeof v !== 'string' || v === '') return v;
    if (key !== undefined && UID_KEYS.has(key)) return '<uid>';
    if (key !== undefined && TIME_KEYS.has(key)) return '<time>';
    // Each server counts its own etcd revisions: keep presence, mask the number.
    if (key === 'resourceVersion') return '<rv>';
    // Opaque and embeds the revision.
    if (key === 'continue') return '<continue>';
    // host:port of the server itself.
    if (key === 'serverAddress') return '<server-address>';
    if (key === 'message') return maskMessage(v);
    // The ServiceAccount admission plugin names a pod's token volume with a random suffix.
    if (SERVICE_ACCOUNT_VOLUME.test(v)) return 'kube-api-access-<suffix>';
    // kube-root-ca.crt: each server's own CA.
    if (key === 'ca.crt' && v.startsWith('-----BEGIN CERTIFICATE-----')) return '<ca.crt>';
    return v;
  }
  const out: JsonObject = {};
  for (const [k, child] of Object.entries(v)) out[k] = walk(child, k, opts);
  // generateName: the 5-character random suffix.
  const meta = out.metadata;
  if (isObject(meta) && typeof meta.generateName === 'string' && typeof meta.name === 'string' && meta.name.startsWith(meta.generateName)) {
    meta.name = `${meta.generateName}<suffix>`;
  }
  // Tables: durations computed from creationTimestamp at response time.
  if (out.kind === 'Table' && Array.isArray(out.rows)) {
    const columns = Array.isArray(out.columnDefinitions) ? out.columnDefinitions : opts.columns;
    const clock = clockColumnIndexes(columns);
    for (const row of out.rows) {
      if (!isObject(row) || !Array.isArray(row.cells)) continue;
      for (const i of clock) if (i < row.cells.length && row.cells[i] !== null) row.cells[i] = '<age>';
    }
  }
  return out;
}

/** A copy of body with environment-specific values masked (see the key sets above). */
export function normalize(body: Json, opts: NormalizeOptions = {}): Json {
  return walk(body, undefined, opts);
}

/** Normalizes a watch event sequence; Table events after the first borrow its columnDefinitions. */
export function normalizeEvents(events: JsonObject[]): Json[] {
  let columns: Json | undefined;
  return events.map((e) => {
    const obj = e.object;
    if (isObject(obj) && obj.kind === 'Table' && Array.isArray(obj.columnDefinitions)) columns = obj.columnDefinitions;
    return normalize(e, columns !== undefined ? { columns } : {});
  });
}

/** What a comparison looks at: code, kind, the Status fields, then the whole normalized body. */
function comparable(resp: Response): JsonObject {
  const body = normalize(resp.body);
  const kind = isObject(body) ? (body.kind ?? null) : null;
  const status: JsonObject = {};
  if (isObject(body) && body.kind === 'Status') {
    for (const k of ['status', 'reason', 'message', 'details', 'code']) status[k] = body[k] ?? null;
  }
  return { code: resp.status, kind, status, body };
}

/**
 * An Invalid Status with its causes sorted, and its message rebuilt from them in that order. Validation
 * that ranges over a Go map (metadata.labels, ConfigMap data keys) reports causes in Go's randomized map
 * order, so kube-apiserver itself answers the same request with different orders. The message must
 * still be exactly "<prefix>[field: message, ...]" of those causes, or it is left as sent (and differs).
 */
export function sortedCauses(body: Json): Json {
  if (!isObject(body) || body.kind !== 'Status' || !isObject(body.details) || !Array.isArray(body.details.causes)) return body;
  const causes = body.details.causes.filter(isObject);
  const text = (c: JsonObject): string => `${typeof c.field === 'string' ? c.field : ''}: ${typeof c.message === 'string' ? c.message : ''}`;
  const sorted = [...causes].sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
  let message: Json = body.message ?? null;
  const listed = `[${causes.map(text).join(', ')}]`;
  if (typeof message === 'string' && message.endsWith(listed)) {
    message = `${message.slice(0, message.length - listed.length)}[${sorted.map(text).join(', ')}]`;
  }
  return { ...body, message, details: { ...body.details, causes: sorted } };
}

export interface CompareOptions {
  /** Compare Status causes as a set (see sortedCauses): for requests whose causes come from Go map ranges. */
  unorderedCauses?: boolean;
}

/** Asserts that the demo cluster answered like the real server (Vitest prints a diff). */
export function compare(caseName: string, real: Response, demo: Response, opts: CompareOptions = {}): void {
  expect(real.status, `${caseName}: the real server failed the request itself: ${real.text.slice(0, 300)}`).toBeGreaterThan(0);
  const view = (r: Response): JsonObject => comparable(opts.unorderedCauses ? { ...r, body: sortedCauses(r.body) } : r);
  expect(view(demo), `${caseName}: demo cluster vs ${REAL_SERVER}`).toEqual(view(real));
}

/** Compares two already-normalized values with a case name. */
export function compareValues(caseName: string, real: unknown, demo: unknown): void {
  expect(demo, `${caseName}: demo cluster vs ${REAL_SERVER}`).toEqual(real);
}

// ---------------------------------------------------------------------------------------------
// Per-file setup: both targets plus one namespace with the same unique name on each.
// ---------------------------------------------------------------------------------------------

export interface Pair {
  real: Target;
  demo: Target;
  /** The test namespace, same name on both servers. */
  ns: string;
  /** Sends the same request to both, concurrently. */
  both(req: Request): Promise<{ real: Response; demo: Response }>;
  /** Runs the same steps against both targets (sequentially per target, targets concurrently). */
  each<T>(fn: (t: Target) => Promise<T>): Promise<{ real: T; demo: T }>;
  close(): Promise<void>;
}

/** Expects a 2xx answer (setup steps), failing with the body otherwise. */
export async function must(target: Target, req: Request): Promise<Response> {
  const res = await send(target, req);
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${target.name}: ${req.method ?? 'GET'} ${req.path} -> ${res.status} ${res.text.slice(0, 400)}`);
  }
  return res;
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/**
 * Deletes a namespace for good. The real server runs no namespace controller: a deleted namespace
 * would stay Terminating, so its content is deleted by hand and the finalizer removed via /finalize.
 */
async function dropNamespace(target: Target, ns: string, resources: string[]): Promise<void> {
  if (target.name === 'real') {
    for (const path of resources) await send(target, { method: 'DELETE', path: path.replace('{ns}', ns), query: { gracePeriodSeconds: '0' } });
    const got = await send(target, { path: `/api/v1/namespaces/${ns}` });
    if (got.status === 200 && isObject(got.body)) {
      await send(target, { method: 'DELETE', path: `/api/v1/namespaces/${ns}` });
      const body = structuredClone(got.body);
      body.spec = { finalizers: [] };
      if (isObject(body.metadata)) delete body.metadata.resourceVersion;
      await send(target, { method: 'PUT', path: `/api/v1/namespaces/${ns}/finalize`, body });
    }
    return;
  }
  await send(target, { method: 'DELETE', path: `/api/v1/namespaces/${ns}` });
}

/** Collections emptied before a real namespace is finalized (no garbage collector runs there). */
const NAMESPACED_COLLECTIONS = [
  '/api/v1/namespaces/{ns}/configmaps',
  '/api/v1/namespaces/{ns}/pods',
  '/api/v1/namespaces/{ns}/secrets',
  '/api/v1/namespaces/{ns}/services',
  '/api/v1/namespaces/{ns}/serviceaccounts',
  '/api/v1/namespaces/{ns}/replicationcontrollers',
  '/api/v1/namespaces/{ns}/podtemplates',
  '/api/v1/namespaces/{ns}/resourcequotas',
  '/api/v1/namespaces/{ns}/events',
  '/apis/coordination.k8s.io/v1/namespaces/{ns}/leases',
  '/apis/apps/v1/namespaces/{ns}/deployments',
  '/apis/rbac.authorization.k8s.io/v1/namespaces/{ns}/rolebindings',
  '/apis/rbac.authorization.k8s.io/v1/namespaces/{ns}/roles',
];

/** Starts the demo cluster, reads the real server, and creates the test namespace on both. */
async function furnished(t: Target, ns: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const path of [`/api/v1/namespaces/${ns}/configmaps/kube-root-ca.crt`, `/api/v1/namespaces/${ns}/serviceaccounts/default`]) {
    while ((await send(t, { path })).status !== 200) {
      if (Date.now() > deadline) throw new Error(`${t.name}: ${path} did not appear within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function openPair(prefix = 'kgc'): Promise<Pair> {
  const real = realTarget();
  const demo = await demoTarget();
  const ns = uniqueName(prefix);
  for (const t of [real, demo]) {
    await must(t, { method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } });
  }
  // A new namespace is furnished by controllers (the root CA ConfigMap, the default ServiceAccount), later under load:
  // compared before, one side's lists would hold them and the other's not.
  await Promise.all([real, demo].map((t) => furnished(t, ns)));
  return {
    real,
    demo,
    ns,
    async both(req) {
      const [r, d] = await Promise.all([send(real, req), send(demo, req)]);
      return { real: r, demo: d };
    },
    async each(fn) {
      const [r, d] = await Promise.all([fn(real), fn(demo)]);
      return { real: r, demo: d };
    },
    async close() {
      await Promise.all([dropNamespace(real, ns, NAMESPACED_COLLECTIONS), dropNamespace(demo, ns, NAMESPACED_COLLECTIONS)]);
      await demo.close();
    },
  };
}

/** Field access on parsed JSON for assertions and follow-up requests. */
export function field(v: Json | undefined, ...path: (string | number)[]): Json | undefined {
  let cur: Json | undefined = v;
  for (const p of path) {
    if (typeof p === 'number') cur = Array.isArray(cur) ? cur[p] : undefined;
    else cur = isObject(cur) ? cur[p] : undefined;
  }
  return cur;
}

export function str(v: Json | undefined): string {
  if (typeof v !== 'string') throw new Error(`expected a string, got ${JSON.stringify(v)}`);
  return v;
}

export { isObject };
