// startKubeglass: the programmatic entry (CLI, integration tests, e2e) that wires kubeconfig, demo cluster and server.
import type { ContextList } from '../wire/contexts.js';
import type { DemoClusterHandle, DemoClusterOptions, StartDemoCluster } from '../wire/demo-cluster.js';
import { createKubeglassServer, type TeamOptions } from './app.js';
import { buildContextRegistry, kubeconfigLocation, loadKubeconfig, type KubeconfigSource } from './contexts.js';
import { SIGN_IN_CODE_PARAMETER } from './access-gate.js';
import { generateAccessToken, readAccessTokenFile } from './access-token.js';
import { parsePublicUrl, UsageError } from './args.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createOidcClient, type OidcClient } from './oidc-client.js';
import type { ClientLimitSettings } from './client-limits.js';
import { hostPort, isLoopbackHost, isWildcardHost } from './security.js';
import { createSessionSeal, readSessionKeys } from './session-seal.js';
import { defaultStaticDir } from './static.js';
import { IN_CLUSTER_CONTEXT, inClusterKubeconfig } from './in-cluster.js';
import type { TeamAuth } from './team-gate.js';
import { parseAddressList } from './trusted-proxies.js';

export interface KubeglassOptions {
  /** Default 7070; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A kubeconfig file (must exist); false loads none; unset: KUBECONFIG (several paths allowed), else ~/.kube/config if present. */
  kubeconfig?: string | false;
  /** Environment for KUBECONFIG/HOME lookup; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Default context announced by /-/contexts; must exist. */
  context?: string;
  /** The start URL opens this namespace's pods in the default context (kubectl's -n); default the app's landing. */
  namespace?: string;
  /** Start the embedded demo cluster (contexts demo and demo-viewer); unset or false: no demo. */
  demo?: { start: StartDemoCluster; options?: DemoClusterOptions } | false;
  /** Built SPA folder; default dist/web in the package. */
  staticDir?: string;
  /** A file holding the access token to demand (else one is generated when host is not loopback, or publicUrl is set). */
  tokenFile?: string;
  /** The origin users open when a proxy (TLS) is in front, e.g. https://kubeglass.example.com. */
  publicUrl?: string;
  /** Limits per client address (tests lower them); default DEFAULT_CLIENT_LIMITS. */
  clientLimits?: Partial<ClientLimitSettings>;
  /** Warnings and notices (never credentials); default: none. */
  log?: (message: string) => void;
  /** Team mode (token, proxy): people sign in as themselves; default none (the kubeconfig's own credentials). */
  auth?: 'none' | TeamAuth;
  /** Team mode: the keys that seal session cookies (first seals, all open). Required for token mode. */
  sessionKeysFile?: string;
  /** Proxy mode: addresses and CIDRs of the authenticating proxy. */
  trustedProxies?: string;
  /** OIDC mode: the provider and this kubeglass's client there. */
  oidc?: { issuer?: string; clientId?: string; clientSecretFile?: string; caFile?: string; scopes?: string };
  /** Add the cluster this process runs in (the pod's service account's CA and token), as context "in-cluster". */
  inCluster?: boolean;
  /** Where the pod's files are found (tests); default the root, as in a pod. */
  inClusterRoot?: string;
  /** Team mode: sign-ins and sign-outs (never a token). */
  onEvent?: (event: Record<string, unknown>) => void;
}

export interface RunningKubeglass {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  /** The URL to open (on the public URL when set): with a one-time `?code=` sign-in when an access token is demanded. */
  startUrl: string;
  /** The demanded access token, if any: for `Authorization: Bearer` and the sign-in screen. */
  accessToken?: string;
  /** A further one-time start URL (the first is `startUrl`); null when no access token is demanded. */
  issueStartUrl(): string | null;
  contexts: ContextList;
  /** The embedded demo cluster, when started (tests use its tokens and URL). */
  demo?: DemoClusterHandle;
  /** Closes watches, proxied streams, the server and the demo cluster. */
  close(): Promise<void>;
}

/** Starts kubeglass in-process and resolves once it listens. */
export async function startKubeglass(options: KubeglassOptions = {}): Promise<RunningKubeglass> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const source: KubeconfigSource =
    options.kubeconfig === false
      ? 'none'
      : options.kubeconfig !== undefined
        ? { path: options.kubeconfig }
        : { env: options.env ?? process.env };
  const kubeconfig = loadKubeconfig(source);
  if (options.inCluster === true) inClusterKubeconfig(kubeconfig, options.inClusterRoot ?? '', options.env ?? process.env);
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  const team = teamOptions(options, publicUrl);
  // Beyond loopback, or behind a proxy, anyone who reaches the port would hold the cluster credentials: demand a token.
  // Not in team mode, where kubeglass holds none: each person brings their own.
  const accessToken =
    team !== undefined
      ? undefined
      : options.tokenFile !== undefined
        ? readAccessTokenFile(options.tokenFile)
        : isLoopbackHost(host) && publicUrl === undefined
          ? undefined
          : generateAccessToken();

  const demo = options.demo ? await options.demo.start(options.demo.options ?? {}) : undefined;
  try {
    const contexts = buildContextRegistry({
      kubeconfig,
      demo,
      defaultContext: options.context ?? (options.inCluster === true ? IN_CLUSTER_CONTEXT : undefined),
      location: kubeconfigLocation(source),
      onWarning: log,
      team: team !== undefined,
    });
    const app = createKubeglassServer({
      contexts,
      staticDir: options.staticDir ?? defaultStaticDir(),
      onError: log,
      accessToken,
      publicUrl,
      clientLimits: options.clientLimits,
      ...(team !== undefined ? { team } : {}),
      ...(options.onEvent !== undefined ? { onEvent: options.onEvent } : {}),
    });
    const port = await app.listen(options.port ?? 7070, host);
    const url = `http://${hostPort(isWildcardHost(host) ? '127.0.0.1' : host, port)}`;
    const opened = `${publicUrl?.origin ?? url}${startPath(contexts.list(), options.namespace)}`;
    const issueStartUrl = (): string | null => {
      const code = app.issueSignInCode();
      return code === null ? null : `${opened}?${SIGN_IN_CODE_PARAMETER}=${code}`;
    };
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      startUrl: issueStartUrl() ?? opened,
      issueStartUrl,
      ...(accessToken !== undefined ? { accessToken } : {}),
      contexts: contexts.list(),
      demo,
      close: () => {
        closing ??= (async () => {
          await app.close();
          await demo?.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await demo?.close();
    throw error;
  }
}

/** The start URL's path: the namespace's pods in the default context (the SPA's /c/{context}{API path}), else /. */
function startPath(list: ContextList, namespace: string | undefined): string {
  if (namespace === undefined || !list.contexts.some((context) => context.name === list.default)) return '/';
  return `/c/${encodeURIComponent(list.default)}/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`;
}

/** Team mode's settings from the options, refused with a UsageError where one is missing or does not fit. */
function teamOptions(options: KubeglassOptions, publicUrl: URL | undefined): TeamOptions | undefined {
  const auth = options.auth ?? 'none';
  const oidcGiven = Object.values(options.oidc ?? {}).some((value) => value !== undefined);
  if (auth === 'none') {
    if (options.sessionKeysFile !== undefined || options.trustedProxies !== undefined || oidcGiven) {
      throw new UsageError('--session-keys-file, --trusted-proxy and --oidc-* are for team mode: add --auth token, oidc or proxy');
    }
    return undefined;
  }
  if (auth !== 'oidc' && oidcGiven) throw new UsageError('--oidc-* options are for --auth oidc');
  if (options.tokenFile !== undefined) throw new UsageError(`--token-file is kubeglass's own access token, which team mode (--auth ${auth}) does not use: each person signs in with their own`);
  if (auth !== 'proxy' && options.sessionKeysFile === undefined) {
    throw new UsageError(`--auth ${auth} needs --session-keys-file: the keys that seal session cookies (one per line, e.g. \`openssl rand -base64 32\`), the same file on every replica`);
  }
  if (auth === 'proxy' && options.trustedProxies === undefined) {
    throw new UsageError('--auth proxy needs --trusted-proxy: the addresses (or CIDRs) of the authenticating proxy whose forwarded tokens are believed');
  }
  if (auth !== 'proxy' && options.trustedProxies !== undefined) throw new UsageError('--trusted-proxy is for --auth proxy');
  const keys = options.sessionKeysFile !== undefined ? readSessionKeys(options.sessionKeysFile) : [randomBytes(32)];
  return {
    auth,
    seal: createSessionSeal(keys),
    ...(options.trustedProxies !== undefined ? { trustedProxies: parseAddressList(options.trustedProxies, '--trusted-proxy') } : {}),
    ...(auth === 'oidc' ? { oidc: oidcClientOf(options.oidc ?? {}, publicUrl) } : {}),
  };
}

const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile', 'offline_access'];

function oidcClientOf(oidc: NonNullable<KubeglassOptions['oidc']>, publicUrl: URL | undefined): OidcClient {
  if (oidc.issuer === undefined || oidc.clientId === undefined) throw new UsageError('--auth oidc needs --oidc-issuer and --oidc-client-id');
  if (publicUrl === undefined) throw new UsageError('--auth oidc needs --public-url: the issuer sends people back to PUBLIC_URL/-/oidc/callback');
  const read = (flag: string, path: string): Buffer => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new UsageError(`cannot read ${flag} ${path}: ${(error as Error).message}`);
    }
  };
  const scopes = oidc.scopes === undefined ? DEFAULT_OIDC_SCOPES : oidc.scopes.split(/[\s,]+/).filter((scope) => scope !== '');
  if (!scopes.includes('openid')) throw new UsageError('--oidc-scopes must include openid');
  return createOidcClient({
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    ...(oidc.clientSecretFile !== undefined ? { clientSecret: read('--oidc-client-secret-file', oidc.clientSecretFile).toString('utf8').trim() } : {}),
    ...(oidc.caFile !== undefined ? { ca: read('--oidc-ca-file', oidc.caFile) } : {}),
    scopes,
    redirectUri: `${publicUrl.origin}/-/oidc/callback`,
    postLogoutRedirectUri: `${publicUrl.origin}/`,
  });
}
