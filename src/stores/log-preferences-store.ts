// The reader's own log defaults (follow, how many of the last lines), kept in this browser: a log opened without
// options shows what the reader last chose. A URL that says otherwise still wins (k8s/logs.ts).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { LOG_DEFAULTS, type LogDefaults } from '../k8s/logs';

interface LogPreferencesState {
  follow: boolean;
  /** Null: every line (JSON has no undefined). */
  tailLines: number | null;
  /** Keeps what the reader changed (follow, tailLines or both); the other stays as it was. */
  remember: (choice: Partial<LogDefaults>) => void;
}

export const useLogPreferencesStore = create<LogPreferencesState>()(
  persist(
    (set) => ({
      follow: LOG_DEFAULTS.follow,
      tailLines: LOG_DEFAULTS.tailLines ?? null,
      remember: (choice) =>
        set({
          ...(choice.follow !== undefined ? { follow: choice.follow } : {}),
          ...('tailLines' in choice ? { tailLines: choice.tailLines ?? null } : {}),
        }),
    }),
    {
      name: 'kubeglass-log-preferences',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ follow: state.follow, tailLines: state.tailLines }),
    },
  ),
);

/** The defaults a log view starts from: the reader's last choice, else LOG_DEFAULTS. */
export function useLogDefaults(): LogDefaults {
  const follow = useLogPreferencesStore((state) => state.follow);
  const tailLines = useLogPreferencesStore((state) => state.tailLines);
  return { follow, tailLines: tailLines ?? undefined };
}
