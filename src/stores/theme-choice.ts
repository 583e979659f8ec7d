// The stored color-scheme choice and how it is applied (data-theme on <html>, read by src/styles/dark-palette.css).
// Plain functions: the theme store uses them, and so does the boot script that runs before React.
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The key the theme store persists under (zustand's persist: {"state":{"choice":...},"version":0}). */
export const THEME_STORAGE_KEY = 'kubeglass-theme';

/** data-theme on <html>: absent for the system's scheme. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** The choice kept in this browser; 'system' when none, or when storage is unreadable or holds something else. */
export function storedThemeChoice(storage: Pick<Storage, 'getItem'> | undefined): ThemeChoice {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(THEME_STORAGE_KEY) ?? 'null');
    const choice = (stored as { state?: { choice?: unknown } } | null)?.state?.choice;
    return choice === 'light' || choice === 'dark' ? choice : 'system';
  } catch {
    return 'system';
  }
}
