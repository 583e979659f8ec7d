// A child process run without blocking: the server under test shares the test's event loop, so execFileSync
// would freeze the very server the command talks to.
import { spawn, type SpawnOptions } from 'node:child_process';

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command args`, writes `input` (or nothing) to its stdin, and collects its output. */
export function runProcess(command: string, args: string[], options: SpawnOptions & { input?: string } = {}): Promise<ProcessResult> {
  const { input, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin?.end(input ?? '');
  });
}
