// The one poll helper of the demo-cluster tests: asks again until a condition holds, for state that
// changes on its own (controllers, the garbage collector, the simulated kubelet). Prefer waiting on an
// event (testing/watch-stream.ts) where one exists.

export interface WaitOptions<T> {
  /** When the probed value is what we wait for; by default, when it is truthy. */
  until?: (value: T) => boolean;
  /** What we wait for, for the error message. */
  what?: string;
  /** Give up after this long (default 10 s, well inside the integration tier's 30 s test timeout). */
  timeoutMs?: number;
}

const INTERVAL_MS = 20;

/** Probes until the condition holds and returns the value that met it; rejects with the last value on timeout. */
export async function waitUntil<T>(probe: () => T | Promise<T>, options: WaitOptions<T> = {}): Promise<T> {
  const until = options.until ?? ((v: T): boolean => Boolean(v));
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await probe();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a condition'}; last value: ${describe(value)}`);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : String(JSON.stringify(value));
  return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
}
