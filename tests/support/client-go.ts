// The client-go check program (tests/modern-apiserver/go/cmd/client-go-check: client-go of the modern tier's
// release, built in its module): built once into ~/.cache/kubeglass by build.sh --clients (a no-op when cached),
// run against a kubeconfig, one JSON line per step.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './run-process.js';

const MODERN = join(import.meta.dirname, '..', 'modern-apiserver');

export type ClientGoStep = { step: string } & Record<string, unknown>;

/** Builds the program when its cache is stale and returns the binary's path. */
export async function buildClientGo(): Promise<string> {
  const built = await runProcess('bash', [join(MODERN, 'build.sh'), '--clients']);
  if (built.code !== 0) throw new Error(`client-go check build failed:\n${built.stdout.slice(-1500)}\n${built.stderr.slice(-1500)}`);
  const version = /^K8S_VERSION=(\S+)$/m.exec(readFileSync(join(MODERN, 'versions.env'), 'utf8'))?.[1] ?? '';
  return join(process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache', 'kubeglass'), `k8s-${version}`, 'client-go-check');
}

/** Runs the steps (all by default) with client-go's WatchListClient feature on or off. */
export async function runClientGo(binary: string, kubeconfig: string, options: { steps?: string[]; watchListClient: boolean }): Promise<ClientGoStep[]> {
  const args = ['--kubeconfig', kubeconfig, ...(options.steps ? ['--steps', options.steps.join(',')] : [])];
  const env = { ...process.env, KUBE_FEATURE_WatchListClient: String(options.watchListClient) };
  const result = await runProcess(binary, args, { env });
  const steps = result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ClientGoStep);
  if (result.code !== 0) throw new Error(`client-go check exited ${String(result.code)}: ${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
  return steps;
}

/** The line of one step; throws naming the steps there are. */
export function stepOf(steps: ClientGoStep[], name: string): ClientGoStep {
  const found = steps.find((s) => s.step === name);
  if (!found) throw new Error(`no step "${name}" in ${JSON.stringify(steps.map((s) => s.step))}`);
  return found;
}
