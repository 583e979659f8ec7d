// `kubeglass demo-cluster [--port N] [--host H] [--write-kubeconfig FILE] [--activity-ms N] [--seed-pods N]
// [--compaction-ms N]`.
import { writeFileSync } from 'node:fs';
import { startDemoClusterWithOptions } from './index.js';
import { renderKubeconfig } from './auth/kubeconfig.js';
import { field } from './resources/own-fields.js';
import { DEMO_DEVELOPER_NAMESPACE } from '../wire/demo-cluster.js';

interface CliOptions {
  port: number;
  host: string;
  kubeconfig?: string;
  activityMs: number;
  seedPods?: number;
  /** As kube-apiserver's --etcd-compaction-interval: how soon old resourceVersions expire. */
  compactionMs?: number;
}

const USAGE = 'usage: kubeglass demo-cluster [--port N] [--host H] [--write-kubeconfig FILE] [--activity-ms N] [--seed-pods N] [--compaction-ms N]';

/** How a flag's value is read: as it is, or as a non-negative integer. */
interface FlagValue {
  value(): string;
  int(): number;
}

/** What each flag sets. */
const FLAGS: Record<string, (opts: CliOptions, read: FlagValue) => void> = {
  '--port': (o, r) => (o.port = r.int()),
  '--host': (o, r) => (o.host = r.value()),
  '--write-kubeconfig': (o, r) => (o.kubeconfig = r.value()),
  '--activity-ms': (o, r) => (o.activityMs = r.int()),
  '--seed-pods': (o, r) => (o.seedPods = r.int()),
  '--compaction-ms': (o, r) => (o.compactionMs = r.int()),
};

/** Parses the CLI flags (both "--flag value" and "--flag=value"). */
export function parseDemoClusterArgs(argv: string[]): CliOptions {
  const opts: CliOptions = { port: 0, host: '127.0.0.1', activityMs: 2000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq >= 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const int = (): number => {
      const v = value();
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag}: not a non-negative integer: ${v}\n${USAGE}`);
      return n;
    };
    if (flag === '--help' || flag === '-h') throw new Error(USAGE);
    const set = field<(typeof FLAGS)[string]>(FLAGS, flag);
    if (!set) throw new Error(`unknown flag: ${arg}\n${USAGE}`);
    set(opts, { value, int });
  }
  return opts;
}

/** Runs the demo cluster until SIGINT/SIGTERM. */
export async function runDemoClusterCli(argv: string[]): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseDemoClusterArgs(argv);
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 2;
    return;
  }
  const handle = await startDemoClusterWithOptions({
    host: opts.host,
    port: opts.port,
    activityIntervalMs: opts.activityMs,
    ...(opts.seedPods !== undefined ? { seed: { pods: opts.seedPods } } : {}),
    ...(opts.compactionMs !== undefined ? { compactionIntervalMs: opts.compactionMs } : {}),
  });
  console.log(`demo cluster listening on ${handle.url}`);
  if (opts.kubeconfig) {
    writeFileSync(opts.kubeconfig, renderKubeconfig(handle), { mode: 0o600 });
    console.log(`kubeconfig written to ${opts.kubeconfig} (contexts: demo, demo-viewer, demo-developer)`);
    console.log(`try: kubectl --kubeconfig ${opts.kubeconfig} get pods -A`);
  } else {
    console.log(`admin token: ${handle.tokens.admin}`);
    console.log(`viewer token: ${handle.tokens.viewer}`);
    console.log(`developer token: ${handle.tokens.developer} (edit in namespace ${DEMO_DEVELOPER_NAMESPACE} only)`);
  }
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void handle.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
