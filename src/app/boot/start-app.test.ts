// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStarted, startApp, startAppAfter } from './start-app';

const entryScripts = () => [...document.head.querySelectorAll('script[type="module"]')].map((script) => new URL(script.getAttribute('src') ?? '', location.href).pathname);

beforeEach(() => {
  document.head.replaceChildren();
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = '/assets/index-abc.js';
  link.dataset.kubeglassEntry = '';
  document.head.append(link);
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

