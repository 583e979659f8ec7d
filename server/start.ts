// startKubeglass: the programmatic entry (CLI, integration tests, e2e) that wires kubeconfig, demo cluster and server.
import type { ContextList } from '../wire/contexts.js';
import type { DemoClusterHandle, DemoClusterOptions, StartDemoCluster } from '../wire/demo-cluster.js';
import { createKubeglassServer } from './app.js';
import { buildContextRegistry, kubeconfigLocation, loadKubeconfig, type KubeconfigSource } from './contexts.js';
import { SIGN_IN_CODE_PARAMETER } from './access-gate.js';
import { generateAccessToken, readAccessTokenFile } from './access-token.js';
import { parsePublicUrl } from './args.js';
import type { ClientLimitSettings } from './client-limits.js';
import { hostPort, isLoopbackHost, isWildcardHost } from './security.js';
import { defaultStaticDir } from './static.js';

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
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  // Beyond loopback, or behind a proxy, anyone who reaches the port would hold the cluster credentials: demand a token.
  const accessToken =
    options.tokenFile !== undefined
      ? readAccessTokenFile(options.tokenFile)
      : isLoopbackHost(host) && publicUrl === undefined
        ? undefined
        : generateAccessToken();

  const demo = options.demo ? await options.demo.start(options.demo.options ?? {}) : undefined;
  try {
    const contexts = buildContextRegistry({ kubeconfig, demo, defaultContext: options.context, location: kubeconfigLocation(source), onWarning: log });
    const app = createKubeglassServer({
      contexts,
      staticDir: options.staticDir ?? defaultStaticDir(),
      onError: log,
      accessToken,
      publicUrl,
      clientLimits: options.clientLimits,
    });
    const port = await app.listen(options.port ?? 7070, host);
    const url = `http://${hostPort(isWildcardHost(host) ? '127.0.0.1' : host, port)}`;
    const opened = publicUrl?.origin ?? url;
    const issueStartUrl = (): string | null => {
      const code = app.issueSignInCode();
      return code === null ? null : `${opened}/?${SIGN_IN_CODE_PARAMETER}=${code}`;
    };
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      startUrl: issueStartUrl() ?? `${opened}/`,
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
