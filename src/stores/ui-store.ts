// UI state only (never server data): wide columns, the namespace last chosen per context.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface UiState {
  /** Show Table columns with priority > 0 (kubectl -o wide). */
  wide: boolean;
  /** Last namespace chosen per context: a name, or null for all namespaces. */
  namespaceByContext: Record<string, string | null>;
  setWide: (wide: boolean) => void;
  rememberNamespace: (context: string, namespace: string | null) => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      wide: false,
      namespaceByContext: {},
      setWide: (wide) => set({ wide }),
      rememberNamespace: (context, namespace) =>
        set((state) =>
          state.namespaceByContext[context] === namespace
            ? state
            : { namespaceByContext: { ...state.namespaceByContext, [context]: namespace } },
        ),
    }),
    {
      name: 'kubeglass-ui',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ wide: state.wide, namespaceByContext: state.namespaceByContext }),
    },
  ),
);
