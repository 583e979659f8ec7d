// Starts the built `kubeglass` CLI as a user would (node bin/kubeglass.js), for tiers that test the real thing.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface KubeglassProcess {
  url: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** A free loopback port (the OS picks it; tiny race accepted in tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Spawns kubeglass with the given flags (on `fixedPort`, else a free port) and waits until it is ready (/-/readyz). */
export async function startKubeglassProcess(args: string[], env: NodeJS.ProcessEnv = {}, fixedPort?: number): Promise<KubeglassProcess> {
  const port = fixedPort ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['bin/kubeglass.js', '--port', String(port), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`kubeglass exited with ${child.exitCode}:\n${out}`);
    try {
      const r = await fetch(`${url}/-/readyz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`kubeglass did not start within 30s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
