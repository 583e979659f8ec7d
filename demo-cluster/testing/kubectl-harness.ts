// kubectl (on PATH on every machine, or another binary) pointed at a running demo cluster through a kubeconfig
// in a temp folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DemoClusterTlsHandle } from '../index.js';
import { renderKubeconfig } from '../auth/kubeconfig.js';
import type { TestCluster } from './cluster.js';

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface KubectlHarness {
  /** The temp folder (kubeconfig, discovery cache, files the test writes). */
  dir: string;
  kubeconfig: string;
  /** Runs kubectl with this kubeconfig; never rejects: a failure is a non-zero code with stderr. */
  kubectl(...args: string[]): Promise<KubectlResult>;
  /** kubectl with extra environment (KUBE_EDITOR) or standard input. */
  kubectlWith(options: { env?: Record<string, string>; input?: string }, ...args: string[]): Promise<KubectlResult>;
  /** Writes a file in dir and returns its path. */
  file(name: string, content: string): string;
  close(): void;
}

export function kubectlHarness(cluster: DemoClusterTlsHandle, prefix: string, binary = 'kubectl'): KubectlHarness {
  const dir = mkdtempSync(join(tmpdir(), `kubeglass-${prefix}-`));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(kubeconfig, renderKubeconfig(cluster));
  const kubectlWith: KubectlHarness['kubectlWith'] = (options, ...args) =>
    new Promise((resolve) => {
      const env = { ...process.env, ...options.env };
      const child = execFile(binary, ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, 'cache'), '--request-timeout=10s', ...args], { timeout: 20_000, env }, (err, stdout, stderr) => {
        // A missing kubectl is an error of the machine, not of the cluster: say so instead of a bare non-zero code.
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') resolve({ code: 127, stdout: '', stderr: `${binary} is not there: these tests need it (scripts/ensure-test-clients.mjs builds kubectl 1.37)` });
        else resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
      });
      child.stdin?.end(options.input ?? '');
    });
  return {
    dir,
    kubeconfig,
    kubectl: (...args) => kubectlWith({}, ...args),
    kubectlWith,
    file: (name, content) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** kubectl for a test cluster: its harness is made (with `files` written) once the cluster runs, removed after the tests. */
export function useKubectl(cluster: TestCluster, prefix: string, files: Record<string, string> = {}, binary = 'kubectl'): UsedKubectl {
  let made: KubectlHarness | undefined;
  beforeAll(() => {
    made = kubectlHarness(cluster.handle, prefix, binary);
    for (const [name, content] of Object.entries(files)) made.file(name, content);
  });
  afterAll(() => made?.close());
  const harness = (): KubectlHarness => {
    if (!made) throw new Error('the kubectl harness exists only inside tests and hooks');
    return made;
  };
  return {
    harness,
    kubectl: (...args) => harness().kubectl(...args),
    path: (name) => join(harness().dir, name),
  };
}

/** What useKubectl gives a test file: functions, so they can be taken apart at the top of the file. */
export interface UsedKubectl {
  harness(): KubectlHarness;
  kubectl: KubectlHarness['kubectl'];
  /** The path of a file in the harness folder. */
  path(name: string): string;
}
