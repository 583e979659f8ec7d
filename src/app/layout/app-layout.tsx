// Header (context, namespace, command palette, connection), resource navigator, and the page.
import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetAccess } from '../../data/access-query';
import { useContexts } from '../../data/contexts-query';
import { useDiscovery } from '../../data/discovery-query';
import { CommandPalette } from '../../features/browse/command-palette/command-palette';
import { ResourceNavigator } from '../../features/browse/navigator/resource-navigator';
import { RequestConsoleButton } from '../../features/inspect/request-console-button';
import { resourceByGvr } from '../../k8s/discovery/resource-index';
import { buildApiPath, gvrOf, parseUiPath, toUiPath, withNamespace, type ApiPath } from '../../k8s/paths';
import { useSwitchNoteStore } from '../../stores/switch-note-store';
import { useUiStore } from '../../stores/ui-store';
import { contextLandingPath, contextNamespace } from '../default-paths';
import { contextSwitchTarget } from '../context-switch/context-switch-target';
import { queryProbe } from '../context-switch/query-probe';
import { currentLocation, interceptLinkClicks, navigate } from '../router/history';
import { ContextSwitchNote } from './context-switch-note';
import { KeyboardShortcutsButton } from './keyboard-shortcuts-dialog';
import { ConnectionIndicator } from './connection-indicator';
import { SignedInAs } from './signed-in-as';
import { ThemePicker } from './theme-picker';
import { ContextPicker } from './context-picker';
import { NamespacePicker } from './namespace-picker';

export interface AppLayoutProps {
  context: string;
  /** The collection or object on screen, if any. */
  path: ApiPath | null;
  children: ReactNode;
}

export function AppLayout({ context, path, children }: AppLayoutProps) {
  const contexts = useContexts();
  const queryClient = useQueryClient();
  const info = contexts.data?.contexts.find((c) => c.name === context);
  const remembered = useUiStore((s) => s.namespaceByContext[context]);
  const rememberNamespace = useUiStore((s) => s.rememberNamespace);
  const setSwitchNote = useSwitchNoteStore((s) => s.setNote);
  const discovery = useDiscovery(context);
  const discovered = path !== null && discovery.data ? resourceByGvr(discovery.data.index, gvrOf(path)) : undefined;
  // Discovery decides the scope; until it answers (or for resources it lacks) a namespace in the URL says namespaced.
  const namespaced = discovered ? discovered.namespaced : path?.namespace != null;
  const namespacedPath = path !== null && namespaced && path.name === null;
  const isClusterScoped = () => !namespaced;
  // The URL decides on namespaced lists; elsewhere the last choice (or the context's namespace) carries over.
  const fallback = remembered !== undefined ? remembered : contextNamespace(info);
  const namespace = namespacedPath ? path.namespace : (path?.namespace ?? fallback);

  useEffect(() => {
    if (namespacedPath) rememberNamespace(context, path.namespace);
  }, [namespacedPath, context, path, rememberNamespace]);

  const selectContext = (next: string) => {
    if (next === context) return;
    forgetAccess(queryClient, context);
    const nextInfo = contexts.data?.contexts.find((c) => c.name === next);
    const nextNamespace = useUiStore.getState().namespaceByContext[next] ?? contextNamespace(nextInfo);
    const { pathname, search } = currentLocation();
    const from = { path, apiPath: parseUiPath(pathname)?.apiPath ?? '', search };
    void contextSwitchTarget(next, from, queryProbe(queryClient, next), contextLandingPath(next, nextInfo), nextNamespace).then(({ to, note }) => {
      setSwitchNote(note === null ? null : { href: to, text: note });
      navigate(to);
    });
  };

  const selectNamespace = (next: string | null) => {
    rememberNamespace(context, next);
    if (path && namespacedPath) navigate(toUiPath(context, buildApiPath(withNamespace(path, next, isClusterScoped))));
  };

  return (
    <div className="flex h-screen flex-col bg-white text-slate-900" onClick={interceptLinkClicks}>
      <header className="flex h-12 shrink-0 items-center gap-5 border-b border-slate-200 bg-white px-4">
        <a href="/" className="flex items-center gap-2 text-sm font-semibold tracking-tight text-slate-900">
          <span aria-hidden="true" className="grid h-6 w-6 place-items-center rounded-md bg-indigo-600 text-[11px] font-bold text-white">
            kg
          </span>
          Kubeglass
        </a>
        <ContextPicker context={context} onSelect={selectContext} />
        <NamespacePicker context={context} namespace={namespace} disabled={!namespacedPath} path={path} onSelect={selectNamespace} />
        <CommandPalette context={context} namespace={namespace} onNavigate={navigate} />
        <div className="ml-auto flex items-center gap-3">
          <a
            href={toUiPath(context, `/-/access?namespace=${encodeURIComponent(namespace ?? contextNamespace(info))}`)}
            data-testid="access-link"
            title="What may I do in this namespace? (SelfSubjectRulesReview)"
            className="whitespace-nowrap text-xs font-medium text-slate-600 hover:text-indigo-700 hover:underline"
          >
            Access
          </a>
          <a
            href={toUiPath(context, `/-/helm?namespace=${encodeURIComponent(namespace ?? contextNamespace(info))}`)}
            data-testid="helm-link"
            title="The Helm releases in this namespace: history, values, manifest, diffs (read-only)"
            className="whitespace-nowrap text-xs font-medium text-slate-600 hover:text-indigo-700 hover:underline"
          >
            Helm
          </a>
          <a
            href={toUiPath(context, '/-/port-forwards')}
            data-testid="port-forwards-link"
            title="The ports kubeglass forwards to pods for you: traffic, open, stop"
            className="whitespace-nowrap text-xs font-medium text-slate-600 hover:text-indigo-700 hover:underline"
          >
            Forwards
          </a>
          <a
            href={toUiPath(context, '/-/request')}
            data-testid="raw-request-link"
            title="Send one request to this context's API by hand (a link can hold it)"
            className="whitespace-nowrap text-xs font-medium text-slate-600 hover:text-indigo-700 hover:underline"
          >
            Raw request
          </a>
          <RequestConsoleButton />
          <KeyboardShortcutsButton />
          <ThemePicker />
          <SignedInAs />
          {/* Team mode's name and Sign out take the room of the watch state's words. */}
          <ConnectionIndicator compact={contexts.data?.auth !== undefined} />
        </div>
      </header>
      <ContextSwitchNote />
      <div className="flex min-h-0 flex-1">
        <ResourceNavigator context={context} namespace={namespace} active={path ? gvrOf(path) : null} onNavigate={navigate} />
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
