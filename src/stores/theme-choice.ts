// The stored color-scheme choice and how it is applied (data-theme on <html>, read by src/styles/dark-palette.css).
// Plain functions, used by the theme store.
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The key the theme store persists under (zustand's persist: {"state":{"choice":...},"version":0}). */
export const THEME_STORAGE_KEY = 'kubeglass-theme';

/** data-theme on <html>: absent for the system's scheme. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}
