// `kubeglass`: parses flags, starts the server (and the demo cluster), prints the URL, shuts down on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import type { StartDemoCluster } from '../wire/demo-cluster.js';
import { AccessTokenError } from './access-token.js';
import { parseCliArgs, USAGE, UsageError } from './args.js';
import { KubeconfigError } from './contexts.js';
import { isLoopbackHost } from './security.js';
import { startKubeglass, type RunningKubeglass } from './start.js';

export { startKubeglass, type KubeglassOptions, type RunningKubeglass } from './start.js';

export interface CliDeps {
  startDemoCluster: StartDemoCluster;
}

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
  let args;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`kubeglass: ${error.message}\nRun \`kubeglass --help\` for the options.`);
    io.exit(2);
    return undefined;
  }
  if (args.help) {
    io.out(USAGE);
    io.exit(0);
    return undefined;
  }

  let running: RunningKubeglass;
  try {
    running = await startKubeglass({
      port: args.port,
      host: args.host,
      kubeconfig: args.kubeconfig,
      context: args.context,
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
      staticDir: args.staticDir,
      tokenFile: args.tokenFile,
      publicUrl: args.publicUrl,
      log: (message) => io.err(`kubeglass: ${message}`),
    });
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (error instanceof KubeconfigError || error instanceof AccessTokenError || error instanceof UsageError) {
      io.err(`kubeglass: ${err.message}`);
      io.exit(2);
    } else if (err.code === 'EADDRINUSE') {
      io.err(`kubeglass: ${args.host}:${args.port} is already in use; choose another port with --port`);
      io.exit(1);
    } else {
      io.err(`kubeglass: cannot start: ${err.message}`);
      io.exit(1);
    }
    return undefined;
  }

  if (!isLoopbackHost(args.host)) {
    io.err(
      `kubeglass: listening on ${args.host}, not loopback: every request must be signed in, by the one-time link below ` +
        'or with the access token (keep it secret: it stands for your cluster credentials).',
    );
  }
  const { contexts } = running;
  io.out(`Kubeglass is running at ${running.startUrl}`);
  if (running.accessToken !== undefined) {
    io.out('That link signs in once; then sign in on its sign-in screen with the access token, which scripts send as "Authorization: Bearer <token>".');
    io.out(args.tokenFile === undefined ? `Access token: ${running.accessToken}` : `Access token: the one in ${args.tokenFile}`);
  }
  io.out(
    contexts.contexts.length === 0
      ? 'No contexts: no kubeconfig found and the demo cluster is off (--no-demo).'
      : `Contexts: ${contexts.contexts.map((c) => (c.name === contexts.default ? `${c.name} (default)` : c.name)).join(', ')}`,
  );
  io.out('Press Ctrl+C to stop.');
  if (args.open) io.openBrowser(running.startUrl);

  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      io.exit(130);
      return;
    }
    stopping = true;
    io.err('kubeglass: shutting down (Ctrl+C again to force)');
    running.close().then(
      () => io.exit(0),
      (error: unknown) => {
        io.err(`kubeglass: error while shutting down: ${(error as Error).message}`);
        io.exit(1);
      },
    );
  };
  io.onSignal('SIGINT', stop);
  io.onSignal('SIGTERM', stop);
  return running;
}

/** Opens a URL in the default browser; failures only print a hint. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => console.error(`kubeglass: could not open a browser; visit ${url}`));
    child.unref();
  } catch {
    console.error(`kubeglass: could not open a browser; visit ${url}`);
  }
}
