// /healthz, /livez and /readyz as k8s.io/apiserver's healthz handlers answer them: "ok", or with ?verbose the
// "[+]name ok" line of every check and "<endpoint> check passed"; `exclude=NAME` marks a check excluded; a single
// check at /healthz/NAME answers "ok", an unknown one 404. Every check of the demo passes.
import type { ServerResponse } from 'node:http';

/** The checks of a kube-apiserver 1.37.2 (with its aggregator and apiextensions servers), as it lists them. */
const LIVE = [
  'ping',
  'log',
  'loopback-serving-certificate',
  'etcd',
  ...[
    'start-apiserver-admission-initializer',
    'generic-apiserver-start-informers',
    'priority-and-fairness-config-consumer',
    'priority-and-fairness-filter',
    'storage-object-count-tracker-hook',
    'start-apiextensions-informers',
    'start-apiextensions-controllers',
    'crd-informer-synced',
    'start-system-namespaces-controller',
    'peer-endpoint-reconciler-controller',
    'start-cluster-authentication-info-controller',
    'start-kube-apiserver-identity-lease-controller',
    'start-kube-apiserver-identity-lease-garbage-collector',
    'storage-readiness',
    'start-legacy-token-tracking-controller',
    'start-service-ip-repair-controllers',
    'rbac/bootstrap-roles',
    'scheduling/bootstrap-system-priority-classes',
    'priority-and-fairness-config-producer',
    'bootstrap-controller',
    'start-kubernetes-service-cidr-controller',
    'start-kube-aggregator-informers',
    'apiservice-status-local-available-controller',
    'apiservice-status-remote-available-controller',
    'apiservice-registration-controller',
    'apiservice-discovery-controller',
    'kube-apiserver-autoregistration',
  ].map((h) => `poststarthook/${h}`),
  'autoregister-completion',
  'poststarthook/apiservice-openapi-controller',
  'poststarthook/apiservice-openapiv3-controller',
];

/** Checks per endpoint, in the order the handlers run them; /readyz trades the certificate check for readiness ones. */
const CHECKS: Record<string, string[]> = {
  healthz: LIVE,
  livez: LIVE,
  readyz: [...LIVE.slice(0, 4).filter((c) => c !== 'loopback-serving-certificate'), 'etcd-readiness', 'informer-sync', ...LIVE.slice(4), 'shutdown'],
};

/** One of the three endpoints themselves (public); their single checks (/healthz/etcd) are not. */
export function isHealthEndpoint(path: string): boolean {
  return path === '/healthz' || path === '/livez' || path === '/readyz';
}

const HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

/** formatQuoted: each name in double quotes, comma-separated. */
const quoted = (names: string[]): string => names.map((n) => `"${n}"`).join(',');

/** Answers a health path; false when the path is not one. */
export function serveHealth(res: ServerResponse, path: string, query: URLSearchParams): boolean {
  const m = /^\/(healthz|livez|readyz)(?:\/(.*))?$/.exec(path);
  if (!m) return false;
  const endpoint = m[1] ?? 'healthz';
  const checks = CHECKS[endpoint] ?? [];
  const single = m[2];
  if (single !== undefined && single !== '') {
    if (!checks.includes(single)) {
      res.writeHead(404, HEADERS);
      res.end('404 page not found\n');
      return true;
    }
    res.writeHead(200, HEADERS);
    res.end('ok');
    return true;
  }
  if (!query.has('verbose')) {
    res.writeHead(200, HEADERS);
    res.end('ok');
    return true;
  }
  const excluded = new Set(query.getAll('exclude').flatMap((e) => e.split(',')).map((e) => e.trim()).filter((e) => e !== ''));
  const unknown = new Set(excluded);
  let out = '';
  for (const check of checks) {
    if (excluded.has(check)) {
      unknown.delete(check);
      out += `[+]${check} excluded: ok\n`;
    } else {
      out += `[+]${check} ok\n`;
    }
  }
  if (unknown.size > 0) out += `warn: some health checks cannot be excluded: no matches for ${quoted([...unknown].sort())}\n`;
  res.writeHead(200, HEADERS);
  res.end(`${out}${endpoint} check passed\n`);
  return true;
}
