// kubectl from PATH as an independent client (v1.32 on these machines).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cacheDir = mkdtempSync(join(tmpdir(), 'kubeglass-kubectl-cache-'));

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs kubectl with its own discovery cache dir; never throws on a non-zero exit. */
export function kubectl(args: string[], options: { input?: string; timeoutMs?: number } = {}): Promise<KubectlResult> {
  return new Promise((resolve) => {
    const child = execFile(
      'kubectl',
      ['--cache-dir', cacheDir, ...args],
      { timeout: options.timeoutMs ?? 20_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const timedOut = error?.killed ? `kubectl ${args.join(' ')}: killed after the ${options.timeoutMs ?? 20_000} ms timeout\n` : '';
        resolve({ code, stdout: String(stdout), stderr: timedOut + String(stderr) });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}
