// Test-only: fetch answered by the test's own fake server (undone by vi.unstubAllGlobals, see clean-up-after-each).
import { vi } from 'vitest';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Stubs the global fetch with `handle`, asynchronous like the real one; returns the mock to inspect its calls. */
export function stubFetch(handle: Handler) {
  const fetch = vi.fn((url: string, init?: RequestInit) => Promise.resolve(handle(url, init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
