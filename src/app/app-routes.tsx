// Renders the screen for the current URL. Only the list screen is in the first chunk: a list URL (the usual first
// page) parses no code for objects, editors or tools; those load when opened.
import { lazy, Suspense, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { useContexts } from '../data/contexts-query';
import { ResourceListPage } from '../features/browse/resource-list-page';
import { DeleteMarked } from '../features/delete/delete-marked';
import { contextNamespace } from './default-paths';
import { HomeRedirect } from './home-redirect';
import { AppLayout } from './layout/app-layout';
import { PlaceholderPage } from './placeholder-page';
import { UnknownContextPage } from './unknown-context-page';
import { navigate, useLocation } from './router/history';
import { matchRoute, type AppRoute } from './routes';

const ObjectRoute = lazy(() => import('./pages/object-route').then((m) => ({ default: m.ObjectRoute })));
const DraftRoute = lazy(() => import('./pages/edit-routes').then((m) => ({ default: m.DraftRoute })));
const tools = () => import('./pages/tool-routes');
const AccessMatrixPage = lazy(() => tools().then((m) => ({ default: m.AccessMatrixPage })));
const RawRequestRoute = lazy(() => tools().then((m) => ({ default: m.RawRequestRoute })));
const ExplainPage = lazy(() => tools().then((m) => ({ default: m.ExplainPage })));
const PodLogPage = lazy(() => tools().then((m) => ({ default: m.PodLogPage })));
const WorkloadLogPage = lazy(() => tools().then((m) => ({ default: m.WorkloadLogPage })));
const CompareRoute = lazy(() => tools().then((m) => ({ default: m.CompareRoute })));
const HelmReleasesPage = lazy(() => tools().then((m) => ({ default: m.HelmReleasesPage })));
const PortForwardsPage = lazy(() => tools().then((m) => ({ default: m.PortForwardsPage })));
const HelmReleaseRoute = lazy(() => tools().then((m) => ({ default: m.HelmReleaseRoute })));

const replaceUrl = (to: string) => navigate(to, { replace: true });

function Loading() {
  return (
    <div role="status" className="p-4 text-sm text-slate-500">
      Loading…
    </div>
  );
}

/** A screen from a lazy chunk, inside the layout. */
function Screen({ context, path, children }: { context: string; path: ComponentProps<typeof AppLayout>['path']; children: ReactNode }) {
  return (
    <AppLayout context={context} path={path}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </AppLayout>
  );
}

type ApiPathRoute = Extract<AppRoute, { kind: 'list' | 'object' | 'edit' | 'create' }>;

/** The page for a route on an API path, keyed by the path: another collection or object starts afresh. */
function pageAt(route: ApiPathRoute, search: string): ReactElement {
  const { context, apiPath, path } = route;
  const key = `${context}${apiPath}`;
  switch (route.kind) {
    case 'list':
      return (
        <ResourceListPage
          key={key}
          context={context}
          apiPath={apiPath}
          path={path}
          search={search}
          onNavigate={navigate}
          markedRowsActions={(list) => (marked) => <DeleteMarked context={context} {...list} rows={marked.rows} onDeleted={marked.unmark} />}
        />
      );
    case 'object':
      return <ObjectRoute key={key} context={context} apiPath={apiPath} path={path} />;
    case 'edit':
    case 'create':
      return <DraftRoute key={key} kind={route.kind} context={context} apiPath={apiPath} path={path} />;
  }
}

export function AppRoutes() {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname, search);
  const contexts = useContexts();
  const known = contexts.data?.contexts;
  if (route.kind !== 'home' && route.kind !== 'not-found' && known && !known.some((c) => c.name === route.context)) {
    return (
      <AppLayout context={contexts.data?.default ?? 'demo'} path={null}>
        <UnknownContextPage context={route.context} contexts={known} pathname={pathname} search={search} />
      </AppLayout>
    );
  }

  switch (route.kind) {
    case 'home':
      return <HomeRedirect />;
    case 'context-home':
      return <HomeRedirect context={route.context} />;
    case 'list':
    case 'object':
    case 'edit':
    case 'create':
      return (
        <Screen context={route.context} path={route.path}>
          {pageAt(route, search)}
        </Screen>
      );
    case 'access':
      return (
        <Screen context={route.context} path={null}>
          <AccessMatrixPage
            key={route.context}
            context={route.context}
            namespace={route.namespace ?? contextNamespace(contexts.data?.contexts.find((c) => c.name === route.context))}
          />
        </Screen>
      );
    case 'request':
      return (
        <Screen context={route.context} path={null}>
          <RawRequestRoute key={route.context} context={route.context} search={route.search} onReplaceUrl={replaceUrl} />
        </Screen>
      );
    case 'explain':
      return (
        <Screen context={route.context} path={null}>
          <ExplainPage key={route.context} context={route.context} search={route.search} />
        </Screen>
      );
    case 'pod-log':
      return (
        <Screen context={route.context} path={route.path}>
          <PodLogPage key={`${route.context}${route.path.namespace ?? ''}/${route.path.name ?? ''}`} context={route.context} path={route.path} search={route.search} onReplaceUrl={replaceUrl} />
        </Screen>
      );
    case 'workload-logs':
      return (
        <Screen context={route.context} path={null}>
          <WorkloadLogPage key={route.context} context={route.context} search={route.search} onReplaceUrl={replaceUrl} />
        </Screen>
      );
    case 'compare':
      return (
        <Screen context={route.context} path={null}>
          <CompareRoute key={route.context} context={route.context} search={route.search} onNavigate={navigate} />
        </Screen>
      );
    case 'helm-releases':
      return (
        <Screen context={route.context} path={null}>
          <HelmReleasesPage key={route.context} context={route.context} namespace={route.namespace} onNavigate={navigate} />
        </Screen>
      );
    case 'helm-release':
      return (
        <Screen context={route.context} path={null}>
          <HelmReleaseRoute key={`${route.context}/${route.namespace}/${route.name}`} context={route.context} namespace={route.namespace} name={route.name} search={route.search} onNavigate={navigate} />
        </Screen>
      );
    case 'port-forwards':
      return (
        <Screen context={route.context} path={null}>
          <PortForwardsPage />
        </Screen>
      );
    case 'not-found':
      return (
        <AppLayout context={contexts.data?.default ?? 'demo'} path={null}>
          <PlaceholderPage title="Nothing here">
            <p>
              <span className="font-mono">{route.pathname}</span> is not a Kubernetes resource path. Kubeglass URLs look like{' '}
              <span className="font-mono">/c/&#123;context&#125;/api/v1/namespaces/default/pods</span>.
            </p>
            <a href="/" className="mt-2 inline-block text-indigo-600 hover:underline">
              Go to the start page
            </a>
          </PlaceholderPage>
        </AppLayout>
      );
  }
}
