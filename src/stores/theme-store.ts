// The color scheme: the system's (prefers-color-scheme) unless the user picked light or dark. The choice is kept in
// this browser and applied as data-theme on <html>, which src/styles/dark-palette.css reads.
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { applyThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from './theme-choice';

export type { ThemeChoice } from './theme-choice';
export { applyThemeChoice } from './theme-choice';
export type ColorScheme = 'light' | 'dark';

interface ThemeState {
  choice: ThemeChoice;
  setChoice: (choice: ThemeChoice) => void;
}


export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      choice: 'system',
      setChoice: (choice) => {
        applyThemeChoice(choice);
        set({ choice });
      },
    }),
    {
      name: THEME_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ choice: state.choice }),
      onRehydrateStorage: () => (state) => applyThemeChoice(state?.choice ?? 'system'),
    },
  ),
);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemScheme = (): ColorScheme => (typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** The scheme in effect (for what CSS cannot reach: Monaco's and the terminal's themes). */
export function useColorScheme(): ColorScheme {
  const choice = useThemeStore((state) => state.choice);
  const system = useSyncExternalStore(subscribeSystem, systemScheme, () => 'light' as const);
  return choice === 'system' ? system : choice;
}
