// UI state only (never server data): the namespace last chosen per context, the namespaces used per context (offered
// when the namespace list is forbidden), pinned and recent resources. The list's
// view (wide columns, sort, filter) lives in the URL instead.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface UiState {
  /** Last namespace chosen per context: a name, or null for all namespaces. */
  namespaceByContext: Record<string, string | null>;
  /** Namespaces used per context where the rules review showed access, most recent first. */
  usedNamespacesByContext: Record<string, string[]>;
  /** Pinned resources of the navigator, as kubectl spells them qualified (`pods`, `deployments.apps`). */
  pinnedResources: string[];
  /** Recently visited resources (same spelling), most recent first. */
  recentResources: string[];
  togglePinnedResource: (resource: string) => void;
  visitResource: (resource: string) => void;
  rememberNamespace: (context: string, namespace: string | null) => void;
  rememberUsedNamespace: (context: string, namespace: string) => void;
}

const MAX_RECENT_RESOURCES = 8;
// Each one offered costs a rules review per page load when the list is refused: a short list.
const MAX_USED_NAMESPACES = 12;

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      namespaceByContext: {},
      usedNamespacesByContext: {},
      pinnedResources: [],
      recentResources: [],
      togglePinnedResource: (resource) =>
        set((state) => ({
          pinnedResources: state.pinnedResources.includes(resource)
            ? state.pinnedResources.filter((r) => r !== resource)
            : [...state.pinnedResources, resource],
        })),
      visitResource: (resource) =>
        set((state) =>
          state.recentResources[0] === resource
            ? state
            : { recentResources: [resource, ...state.recentResources.filter((r) => r !== resource)].slice(0, MAX_RECENT_RESOURCES) },
        ),
      rememberNamespace: (context, namespace) =>
        set((state) =>
          state.namespaceByContext[context] === namespace
            ? state
            : { namespaceByContext: { ...state.namespaceByContext, [context]: namespace } },
        ),
      rememberUsedNamespace: (context, namespace) =>
        set((state) => {
          const used = state.usedNamespacesByContext[context] ?? [];
          if (used[0] === namespace) return state;
          const next = [namespace, ...used.filter((n) => n !== namespace)].slice(0, MAX_USED_NAMESPACES);
          return { usedNamespacesByContext: { ...state.usedNamespacesByContext, [context]: next } };
        }),
    }),
    {
      name: 'kubeglass-ui',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        namespaceByContext: state.namespaceByContext,
        usedNamespacesByContext: state.usedNamespacesByContext,
        pinnedResources: state.pinnedResources,
        recentResources: state.recentResources,
      }),
    },
  ),
);
