// Command-line flags of `kubeglass` (the server); kept apart from cli.ts so parsing is testable without side effects.

export interface CliArgs {
  port: number;
  host: string;
  kubeconfig?: string;
  context?: string;
  /** The namespace whose pods the start URL opens (kubectl's -n). */
  namespace?: string;
  demo: boolean;
  open: boolean;
  demoActivityMs: number;
  demoSeedPods?: number;
  demoFaults: boolean;
  demoStorm: boolean;
  staticDir?: string;
  tokenFile?: string;
  /** The origin users open when a TLS proxy is in front, e.g. https://kubeglass.example.com (validated). */
  publicUrl?: string;
  auth: 'none' | 'token' | 'oidc' | 'proxy';
  oidcIssuer?: string;
  oidcClientId?: string;
  oidcClientSecretFile?: string;
  oidcCaFile?: string;
  oidcScopes?: string;
  sessionKeysFile?: string;
  trustedProxies?: string;
  inCluster: boolean;
  logFormat: 'text' | 'json';
  maxWatchesPerPerson?: number;
  maxRequestsPerPerson?: number;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

/** The usage text of `kubeglass`, or of the kubectl plugin (the same flags, the demo-cluster command aside). */
export function usage(program: 'kubeglass' | 'kubectl kubeglass' = 'kubeglass'): string {
  const commands =
    program === 'kubeglass'
      ? 'Usage: kubeglass [options]\n       kubeglass demo-cluster [options]   run only the embedded demo Kubernetes API server'
      : 'Usage: kubectl kubeglass [options]   (the kubectl plugin: kubectl-kubeglass on PATH)';
  return `${commands}\n${OPTIONS}`;
}

const OPTIONS = `
Serves the Kubeglass web app and proxies the Kubernetes API of your kubeconfig contexts.

Options:
  --port N               port to listen on (default 7070; 0 = any free port)
  --host ADDRESS         address to bind (default 127.0.0.1); any other address demands an access token,
                         generated at start and printed once, with a one-time sign-in link
  --token-file PATH      demand the access token in PATH: A-Z a-z 0-9 . _ ~ -, at least 128 bits (e.g. the
                         output of \`openssl rand -hex 16\`); weak tokens are refused
  --public-url URL       the http(s) URL users open when a proxy is in front (e.g. TLS by nginx): its host is
                         accepted, its origin is expected, the cookie is Secure for https; demands a token
  --kubeconfig PATH      kubeconfig file (default: $KUBECONFIG, else ~/.kube/config if present)
  --context NAME         context selected at start (default: current-context, else demo)
  -n, --namespace NAME   namespace whose pods the start link opens (default: the context's, else default)
  --no-demo              do not start the embedded demo cluster (contexts demo, demo-viewer, demo-developer;
                         kubeglass-demo, kubeglass-demo-viewer... if your kubeconfig already has "demo")
  --open                 open the app in the default browser
  --demo-activity-ms N   demo cluster activity tick in ms (default 3000; 0 = off)
  --demo-seed-pods N     number of pods to seed in the demo cluster
  --demo-faults          turn on the demo cluster's fault injection (for reliability tests): delays, 429/5xx
                         answers, dropped watches and compaction, set at /k8s/demo/-/demo/faults
  --demo-storm           turn on the demo cluster's watch storm generator (for benchmarks): pod status writes
                         at a set rate, started at /k8s/demo/-/demo/storm
  --static DIR           built web app to serve (default dist/web in the package)
  --in-cluster           add the cluster this pod runs in (its service account's CA and token) as context
                         in-cluster, the default context unless --context names another
  --log-format text|json log lines as text (default) or as JSON objects, one per line
  -h, --help             show this help
  --version              print the version

Team mode (each person signs in as themselves; kubeglass holds no credentials of anyone's):
  --auth none|token|oidc|proxy
                         none (default): the kubeconfig's own credentials, for one person;
                         token: people sign in with their own Kubernetes bearer token, checked against the
                         cluster; every request carries it, never a kubeconfig user or the pod's service account;
                         oidc: people sign in at the cluster's OpenID provider (authorization code flow with
                         PKCE); their ID token is the bearer, renewed with the refresh token before it expires;
                         proxy: behind an authenticating proxy (oauth2-proxy...), the person's token taken from
                         X-Forwarded-Access-Token or Authorization, from --trusted-proxy addresses only
  --session-keys-file PATH
                         keys that seal session cookies, one per line (\`openssl rand -base64 32\`): the first
                         seals, every one opens, so keys rotate; the same file on every replica (token mode)
  --trusted-proxy LIST   comma-separated addresses or CIDRs of the authenticating proxy (proxy mode)
  --oidc-issuer URL      the OpenID provider the cluster trusts (oidc mode; needs --public-url for the
                         redirect URI PUBLIC_URL/-/oidc/callback)
  --oidc-client-id ID    this kubeglass's client at the provider (the audience the cluster expects)
  --oidc-client-secret-file PATH
                         the client's secret (a confidential client); without it, a public client
  --oidc-ca-file PATH    the CA bundle of the provider's certificate (default: the system's roots)
  --oidc-scopes LIST     space- or comma-separated (default: openid email profile offline_access;
                         add groups where the provider puts group claims behind it, as Dex does)
  --max-watches-per-person N
                         open watches one person may hold across their tabs (default 1000)
  --max-requests-per-person N
                         requests in flight one person may have through /k8s/ (default 256)
`;

type FlagKind = 'string' | 'integer' | 'boolean';

const FLAGS: Record<string, FlagKind> = {
  port: 'integer',
  host: 'string',
  kubeconfig: 'string',
  context: 'string',
  'no-demo': 'boolean',
  open: 'boolean',
  'demo-activity-ms': 'integer',
  'demo-seed-pods': 'integer',
  'demo-faults': 'boolean',
  'demo-storm': 'boolean',
  static: 'string',
  'token-file': 'string',
  'public-url': 'string',
  auth: 'string',
  'session-keys-file': 'string',
  'trusted-proxy': 'string',
  'oidc-issuer': 'string',
  'oidc-client-id': 'string',
  'oidc-client-secret-file': 'string',
  'oidc-ca-file': 'string',
  'oidc-scopes': 'string',
  'in-cluster': 'boolean',
  'log-format': 'string',
  'max-watches-per-person': 'integer',
  'max-requests-per-person': 'integer',
  help: 'boolean',
  version: 'boolean',
  namespace: 'string',
};

/** Single-letter flags, as kubectl spells them: `-n NAME`, `-nNAME` or `-n=NAME`. */
const SHORT_FLAGS: Record<string, string> = { h: 'help', n: 'namespace' };

/** A namespace name is a DNS-1123 label. */
const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** Parses argv (without node and script); throws UsageError with a clear message on unknown flags or bad values. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = {
    port: 7070,
    host: '127.0.0.1',
    demo: true,
    open: false,
    demoActivityMs: 3000,
    demoFaults: false,
    demoStorm: false,
    auth: 'none',
    inCluster: false,
    logFormat: 'text',
    help: false,
    version: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const short = /^-([a-zA-Z])(=?)(.*)$/.exec(arg);
    if (short) {
      const [, letter = '', eq, rest = ''] = short;
      const name = SHORT_FLAGS[letter];
      if (name === undefined) throw new UsageError(`unknown option -${letter}`);
      const kind = FLAGS[name] ?? 'boolean';
      if (kind === 'boolean') {
        if (rest !== '' || eq !== '') throw new UsageError(`-${letter} takes no value`);
        applyFlag(args, name, kind, undefined);
        continue;
      }
      const value = rest !== '' || eq !== '' ? rest : argv[++i];
      if (value === undefined || value.startsWith('-')) throw new UsageError(`-${letter} needs a value`);
      applyFlag(args, name, kind, value);
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = FLAGS[name];
    if (kind === undefined) throw new UsageError(`unknown option --${name}`);
    let value: string | undefined;
    if (kind === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
    } else if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else {
      value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    }
    applyFlag(args, name, kind, value);
  }
  return args;
}

function applyFlag(args: CliArgs, name: string, kind: FlagKind, value: string | undefined): void {
  const text = value ?? '';
  if (kind === 'string' && text === '') throw new UsageError(`--${name} needs a non-empty value`);
  const integer = kind === 'integer' ? parseInteger(name, text) : 0;
  switch (name) {
    case 'port':
      if (integer > 65535) throw new UsageError(`--port must be between 0 and 65535, got ${text}`);
      args.port = integer;
      break;
    case 'host':
      args.host = text;
      break;
    case 'kubeconfig':
      args.kubeconfig = text;
      break;
    case 'context':
      args.context = text;
      break;
    case 'no-demo':
      args.demo = false;
      break;
    case 'open':
      args.open = true;
      break;
    case 'demo-activity-ms':
      args.demoActivityMs = integer;
      break;
    case 'demo-seed-pods':
      args.demoSeedPods = integer;
      break;
    case 'demo-faults':
      args.demoFaults = true;
      break;
    case 'demo-storm':
      args.demoStorm = true;
      break;
    case 'static':
      args.staticDir = text;
      break;
    case 'token-file':
      args.tokenFile = text;
      break;
    case 'public-url':
      args.publicUrl = parsePublicUrl(text).origin;
      break;
    case 'auth':
      if (text !== 'none' && text !== 'token' && text !== 'oidc' && text !== 'proxy') throw new UsageError(`--auth takes none, token, oidc or proxy, got "${text}"`);
      args.auth = text;
      break;
    case 'session-keys-file':
      args.sessionKeysFile = text;
      break;
    case 'trusted-proxy':
      args.trustedProxies = text;
      break;
    case 'oidc-issuer':
      args.oidcIssuer = parseIssuer(text);
      break;
    case 'oidc-client-id':
      args.oidcClientId = text;
      break;
    case 'oidc-client-secret-file':
      args.oidcClientSecretFile = text;
      break;
    case 'oidc-ca-file':
      args.oidcCaFile = text;
      break;
    case 'oidc-scopes':
      args.oidcScopes = text;
      break;
    case 'in-cluster':
      args.inCluster = true;
      break;
    case 'log-format':
      if (text !== 'text' && text !== 'json') throw new UsageError(`--log-format takes text or json, got "${text}"`);
      args.logFormat = text;
      break;
    case 'max-watches-per-person':
    case 'max-requests-per-person':
      if (integer === 0) throw new UsageError(`--${name} must be at least 1`);
      if (name === 'max-watches-per-person') args.maxWatchesPerPerson = integer;
      else args.maxRequestsPerPerson = integer;
      break;
    case 'namespace':
      if (!NAMESPACE_NAME.test(text)) throw new UsageError(`--namespace takes a namespace name (lowercase letters, digits and '-', at most 63), got "${text}"`);
      args.namespace = text;
      break;
    case 'help':
      args.help = true;
      break;
    case 'version':
      args.version = true;
      break;
  }
}

/** An --oidc-issuer: https (http only on loopback, for a provider on this machine), no query or fragment. */
function parseIssuer(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--oidc-issuer must be an https:// URL, got "${text}"`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new UsageError(`--oidc-issuer must be an https:// URL, got "${text}"`);
  if (url.search !== '' || url.hash !== '') throw new UsageError(`--oidc-issuer must not carry a query or fragment, got "${text}"`);
  return text.replace(/\/+$/, '');
}

/** A --public-url: http or https, a host, nothing after it (the app lives at the root of its origin). */
export function parsePublicUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--public-url must be an http:// or https:// URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--public-url must be an http:// or https:// URL, got "${text}"`);
  if (url.username !== '' || url.password !== '') throw new UsageError('--public-url must not carry a user name or password');
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new UsageError(`--public-url must be an origin without path, query or fragment (kubeglass is served at the root), got "${text}"`);
  }
  return url;
}

function parseInteger(name: string, text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--${name} must be a non-negative integer, got "${text}"`);
  }
  return Number(text);
}
