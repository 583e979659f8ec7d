// Terminal colors for the light and dark color schemes; the app's CSS variables (--kg-terminal-*) win when set.
import type { ITheme } from '@xterm/xterm';

const LIGHT: ITheme = {
  background: '#ffffff',
  foreground: '#0f172a',
  cursor: '#4338ca',
  cursorAccent: '#ffffff',
  selectionBackground: '#c7d2fe',
  black: '#0f172a',
  red: '#b91c1c',
  green: '#15803d',
  yellow: '#a16207',
  blue: '#1d4ed8',
  magenta: '#a21caf',
  cyan: '#0e7490',
  white: '#64748b',
  brightBlack: '#475569',
};

const DARK: ITheme = {
  background: '#0f172a',
  foreground: '#e2e8f0',
  cursor: '#a5b4fc',
  cursorAccent: '#0f172a',
  selectionBackground: '#334155',
  black: '#1e293b',
  red: '#f87171',
  green: '#4ade80',
  yellow: '#facc15',
  blue: '#60a5fa',
  magenta: '#e879f9',
  cyan: '#22d3ee',
  white: '#e2e8f0',
  brightBlack: '#94a3b8',
};

/** True when the page shows dark: the app's class or data-theme on <html>, else the system setting. */
export function prefersDark(): boolean {
  const root = document.documentElement;
  if (root.classList.contains('dark') || root.dataset.theme === 'dark') return true;
  if (root.classList.contains('light') || root.dataset.theme === 'light') return false;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** The theme for a scheme, with --kg-terminal-background/-foreground/-cursor from CSS when the app defines them. */
export function terminalTheme(dark: boolean): ITheme {
  const base = dark ? DARK : LIGHT;
  const style = getComputedStyle(document.documentElement);
  const variable = (name: string): string | undefined => style.getPropertyValue(`--kg-terminal-${name}`).trim() || undefined;
  return {
    ...base,
    background: variable('background') ?? base.background,
    foreground: variable('foreground') ?? base.foreground,
    cursor: variable('cursor') ?? base.cursor,
  };
}
