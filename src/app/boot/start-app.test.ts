// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStarted, fetchAppModules, startApp, startAppAfter } from './start-app';

const entryScripts = () => [...document.head.querySelectorAll('script[type="module"]')].map((script) => new URL(script.getAttribute('src') ?? '', location.href).pathname);
const modulePreloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

/** index.html as built: the entry and its chunks as inert links (vite.config.ts). */
beforeEach(() => {
  document.head.replaceChildren();
  const entry = document.createElement('link');
  entry.rel = 'kubeglass-module';
  entry.href = '/assets/index-abc.js';
  entry.dataset.kubeglassEntry = '';
  const chunk = document.createElement('link');
  chunk.rel = 'kubeglass-module';
  chunk.href = '/assets/jsx-runtime-def.js';
  document.head.append(entry, chunk);
});

describe('fetchAppModules', () => {
  it('preloads the entry and its chunks once, without running the entry', () => {
    expect(modulePreloads()).toEqual([]);
    fetchAppModules(document);
    fetchAppModules(document);
    expect(modulePreloads()).toEqual(['/assets/index-abc.js', '/assets/jsx-runtime-def.js']);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')?.crossOrigin).toBe('');
    expect(entryScripts()).toEqual([]);
    expect(appStarted(document)).toBe(false);
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startApp', () => {
  it('runs the preloaded entry module once', () => {
    expect(appStarted(document)).toBe(false);
    expect(startApp(document)).toBe(true);
    expect(appStarted(document)).toBe(true);
    expect(startApp(document)).toBe(false);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
    // Its chunks are asked with it, not after the entry's imports are read.
    expect(modulePreloads()).toEqual(['/assets/index-abc.js', '/assets/jsx-runtime-def.js']);
  });

  it('does nothing without an entry link (the dev server runs its own entry)', () => {
    document.head.replaceChildren();
    expect(appStarted(document)).toBe(true);
    expect(startApp(document)).toBe(false);
    expect(entryScripts()).toEqual([]);
  });
});

describe('startAppAfter', () => {
  it('waits for the pre-render to settle, resolved or failed', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      document.head.querySelector('script')?.remove();
      delete document.head.querySelector<HTMLLinkElement>('link')?.dataset.started;
      let settle: (() => void) | undefined;
      const settled = new Promise<undefined>((resolve, reject) => (settle = outcome === 'resolve' ? () => resolve(undefined) : () => reject(new Error('no page'))));
      startAppAfter(settled, document, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(entryScripts()).toEqual([]);
      settle?.();
      await vi.waitFor(() => expect(entryScripts()).toEqual(['/assets/index-abc.js']));
    }
  });

  it('starts the app after maxWaitMs when the first page is slow, and not again when it comes', async () => {
    vi.useFakeTimers();
    let settle: (() => void) | undefined;
    startAppAfter(new Promise<undefined>((resolve) => (settle = () => resolve(undefined))), document, 200);
    await vi.advanceTimersByTimeAsync(199);
    expect(entryScripts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
    settle?.();
    await vi.advanceTimersByTimeAsync(1);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('holds the app while pages join rows drawn in time, past maxWaitMs, until they stop', async () => {
    vi.useFakeTimers();
    let stop: (() => void) | undefined;
    const following = new Promise<void>((resolve) => (stop = resolve));
    startAppAfter(Promise.resolve({ following }), document, 200);
    await vi.advanceTimersByTimeAsync(1000);
    expect(entryScripts()).toEqual([]);
    stop?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(entryScripts()).toEqual(['/assets/index-abc.js']);
  });
});

