// `kubeglass`: parses flags, starts the server (and the demo cluster), prints the URL, shuts down on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import type { StartDemoCluster } from '../wire/demo-cluster.js';
import { AccessTokenError } from './access-token.js';
import { parseCliArgs, usage, UsageError } from './args.js';
import { KubeconfigError } from './contexts.js';
import { listenFailureMessage } from './listen-failure.js';
import { SessionKeysError } from './session-seal.js';
import { isLoopbackHost } from './security.js';
import { startKubeglass, type RunningKubeglass } from './start.js';
import { kubeglassVersion } from './version.js';

export { startKubeglass, type KubeglassOptions, type RunningKubeglass } from './start.js';

export interface CliDeps {
  startDemoCluster: StartDemoCluster;
  /** How the user called it: the kubectl plugin's usage says `kubectl kubeglass`. Default kubeglass. */
  program?: 'kubeglass' | 'kubectl kubeglass';
  /** Default the package's package.json version (the single executable has none beside it). */
  version?: string;
  /** The web app when --static is not given; default dist/web in the package. */
  staticDir?: string;
}

/** How long Ctrl+C waits for watches and sockets to close before exiting anyway. */
const SHUTDOWN_GRACE_MS = 5000;

/** Process hooks, replaceable in tests. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  exit: (code: number) => void;
  onSignal: (signal: 'SIGINT' | 'SIGTERM', handler: () => void) => void;
  openBrowser: (url: string) => void;
}

const processIo: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  exit: (code) => process.exit(code),
  onSignal: (signal, handler) => process.on(signal, handler),
  openBrowser,
};

/** Runs the kubeglass CLI; resolves once the server listens (or after printing help / an error and exiting). */
export async function runCli(argv: string[], deps: CliDeps, io: CliIo = processIo): Promise<RunningKubeglass | undefined> {
  const program = deps.program ?? 'kubeglass';
  let args;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${program}: ${error.message}\n\n${usage(program)}`);
    io.exit(2);
    return undefined;
  }
  if (args.help) {
    io.out(usage(program));
    io.exit(0);
    return undefined;
  }
  if (args.version) {
    io.out(`kubeglass ${deps.version ?? kubeglassVersion()}`);
    io.exit(0);
    return undefined;
  }

  // JSON lines for a cluster's log collector; the words stay the same.
  const logLine = (level: 'info' | 'error', message: string, fields: Record<string, unknown> = {}): string =>
    args.logFormat === 'json' ? JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields }) : `kubeglass: ${message}${Object.entries(fields).map(([k, v]) => ` ${k}=${String(v)}`).join('')}`;
  const say = (text: string): void => io.out(args.logFormat === 'json' ? logLine('info', text) : text);
  let running: RunningKubeglass;
  try {
    running = await startKubeglass({
      port: args.port,
      host: args.host,
      kubeconfig: args.kubeconfig,
      context: args.context,
      ...(args.namespace !== undefined ? { namespace: args.namespace } : {}),
      demo: args.demo
        ? {
            start: deps.startDemoCluster,
            options: {
              activityIntervalMs: args.demoActivityMs,
              ...(args.demoSeedPods !== undefined ? { seed: { pods: args.demoSeedPods } } : {}),
              ...(args.demoFaults ? { faultInjection: true } : {}),
              ...(args.demoStorm ? { storm: true } : {}),
            },
          }
        : false,
      staticDir: args.staticDir ?? deps.staticDir,
      tokenFile: args.tokenFile,
      publicUrl: args.publicUrl,
      auth: args.auth,
      sessionKeysFile: args.sessionKeysFile,
      trustedProxies: args.trustedProxies,
      oidc: { issuer: args.oidcIssuer, clientId: args.oidcClientId, clientSecretFile: args.oidcClientSecretFile, caFile: args.oidcCaFile, scopes: args.oidcScopes },
      inCluster: args.inCluster,
      // Where a test lays out a pod's files; a pod has them at the root.
      ...(process.env.KUBEGLASS_IN_CLUSTER_ROOT ? { inClusterRoot: process.env.KUBEGLASS_IN_CLUSTER_ROOT } : {}),
      clientLimits: {
        ...(args.maxWatchesPerPerson !== undefined ? { watches: args.maxWatchesPerPerson } : {}),
        ...(args.maxRequestsPerPerson !== undefined ? { requestsInFlight: args.maxRequestsPerPerson } : {}),
      },
      log: (message) => io.err(logLine('info', message)),
      onEvent: ({ event, ...fields }) => io.err(logLine('info', String(event), fields)),
    });
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (error instanceof KubeconfigError || error instanceof AccessTokenError || error instanceof UsageError || error instanceof SessionKeysError) {
      io.err(logLine('error', `${err.message}`));
      io.exit(2);
    } else {
      io.err(logLine('error', listenFailureMessage(err, args.host, args.port) ?? `cannot start: ${err.message}`));
      io.exit(1);
    }
    return undefined;
  }

  if (args.auth !== 'none') {
    say(`Team mode (--auth ${args.auth}): every request carries the signed-in person's own token; kubeglass holds no one's credentials.`);
  } else if (!isLoopbackHost(args.host)) {
    io.err(
      logLine(
        'info',
        `listening on ${args.host}, not loopback: every request must be signed in, by the one-time link below ` +
          'or with the access token (keep it secret: it stands for your cluster credentials).',
      ),
    );
  }
  const { contexts } = running;
  say(`Kubeglass is running at ${running.startUrl}`);
  if (running.accessToken !== undefined) {
    say('That link signs in once; then sign in on its sign-in screen with the access token, which scripts send as "Authorization: Bearer <token>".');
    say(args.tokenFile === undefined ? `Access token: ${running.accessToken}` : `Access token: the one in ${args.tokenFile}`);
  }
  say(
    contexts.contexts.length === 0
      ? 'No contexts: no kubeconfig found and the demo cluster is off (--no-demo).'
      : `Contexts: ${contexts.contexts.map((c) => (c.name === contexts.default ? `${c.name} (default)` : c.name)).join(', ')}`,
  );
  say('Press Ctrl+C to stop.');
  if (args.open) io.openBrowser(running.startUrl);

  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      io.exit(130);
      return;
    }
    stopping = true;
    io.err(logLine('info', 'shutting down (Ctrl+C again to force)'));
    const force = setTimeout(() => {
      io.err(logLine('error', `still closing after ${SHUTDOWN_GRACE_MS / 1000} s: exiting anyway`));
      io.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    running.close().finally(() => clearTimeout(force)).then(
      () => io.exit(0),
      (error: unknown) => {
        io.err(logLine('error', `error while shutting down: ${(error as Error).message}`));
        io.exit(1);
      },
    );
  };
  io.onSignal('SIGINT', stop);
  io.onSignal('SIGTERM', stop);
  return running;
}

/** Opens a URL in the default browser (open, start, xdg-open); failures only print a hint. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const hint = (why: string): void => console.error(`kubeglass: could not open a browser (${why}); open ${url} yourself`);
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (error: NodeJS.ErrnoException) => hint(error.code === 'ENOENT' ? `no ${command} on PATH` : `${command}: ${error.message}`));
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) hint(`${command} exited with ${code}`);
    });
    child.unref();
  } catch (error) {
    hint((error as Error).message);
  }
}
