// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyThemeChoice, useColorScheme, useThemeStore } from './theme-store';

/** A prefers-color-scheme query the test can flip. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = { matches: dark, addEventListener: (_: string, l: () => void) => listeners.add(l), removeEventListener: (_: string, l: () => void) => listeners.delete(l) };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      query.matches = next;
      for (const l of listeners) l();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useThemeStore.getState().setChoice('system'));
  localStorage.clear();
});

describe('the color scheme', () => {
  it('sets data-theme on <html> for light and dark, and removes it for the system scheme', () => {
    const root = document.createElement('html');
    applyThemeChoice('dark', root);
    expect(root.dataset.theme).toBe('dark');
    applyThemeChoice('light', root);
    expect(root.dataset.theme).toBe('light');
    applyThemeChoice('system', root);
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('follows the system until the user picks one, and keeps the pick in this browser', () => {
    const system = fakeSystemScheme(true);
    const { result } = renderHook(() => useColorScheme());
    expect(result.current).toBe('dark');
    act(() => system.set(false));
    expect(result.current).toBe('light');
    act(() => useThemeStore.getState().setChoice('dark'));
    expect(result.current).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('kubeglass-theme') ?? '{}')).toMatchObject({ state: { choice: 'dark' } });
    act(() => system.set(true));
    act(() => useThemeStore.getState().setChoice('light'));
    expect(result.current).toBe('light');
  });
});
