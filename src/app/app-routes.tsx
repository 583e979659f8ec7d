// Renders the screen for the current URL.
import type { ReactElement } from 'react';
import { useContexts } from '../data/contexts-query';
import { AccessMatrixPage } from '../features/access/access-matrix-page';
import { ResourceListPage } from '../features/browse/resource-list-page';
import { CreatePage } from '../features/edit/create/create-page';
import { DeleteAction } from '../features/edit/delete/delete-action';
import { DeletionStatus } from '../features/edit/delete/deletion-status';
import { EditPage } from '../features/edit/edit-page';
import { monacoEditors } from '../features/edit/lazy-editors';
import { ManagedFieldsSection } from '../features/edit/preview/managed-fields-section';
import { QuickEditsPanel } from '../features/edit/quick-edits/quick-edits-panel';
import { ExecPanel } from '../features/exec/exec-panel';
import { ExplainPage } from '../features/explain/explain-page';
import { RawRequestPage } from '../features/inspect/raw-request/raw-request-page';
import type { RawRequestTools } from '../features/inspect/raw-request/raw-request-tools';
import { LogsAction } from '../features/logs/logs-action';
import { PodLogPage } from '../features/logs/pod-log-page';
import { WorkloadLogPage } from '../features/logs/workload-log-page';
import { ObjectPage, type ObjectPageSlots } from '../features/object/object-page';
import { contextNamespace } from './default-paths';
import { HomeRedirect } from './home-redirect';
import { AppLayout } from './layout/app-layout';
import { PlaceholderPage } from './placeholder-page';
import { PreloadEditor } from './preload-editor';
import { navigate, useLocation } from './router/history';
import { collectionPath, gvrOf, toUiPath, type ApiPath } from '../k8s/paths';
import { matchRoute, type AppRoute } from './routes';

/** The raw request tool's body editor is the edit feature's Monaco. */
const rawRequestTools: RawRequestTools = { CodeEditor: monacoEditors.CodeEditor };
const replaceUrl = (to: string) => navigate(to, { replace: true });

type ApiPathRoute = Extract<AppRoute, { kind: 'list' | 'object' | 'edit' | 'create' }>;

/** The page for a route on an API path, keyed by the path: another collection or object starts afresh. */
function pageAt(route: ApiPathRoute, search: string): ReactElement {
  const { context, apiPath, path } = route;
  const key = `${context}${apiPath}`;
  switch (route.kind) {
    case 'list':
      return <ResourceListPage key={key} context={context} apiPath={apiPath} path={path} search={search} onNavigate={navigate} />;
    case 'object':
      return (
        <>
          <PreloadEditor />
          <ObjectPage key={key} context={context} apiPath={apiPath} path={path} slots={objectSlots(context, apiPath, path)} />
        </>
      );
    case 'edit':
    case 'create': {
      // Both leave for the page they came from; the draft stays.
      const screen = { context, apiPath, path, editors: monacoEditors, onCancel: () => navigate(toUiPath(context, apiPath)) };
      return route.kind === 'edit' ? <EditPage key={key} {...screen} /> : <CreatePage key={key} {...screen} onCreated={navigate} />;
    }
  }
}

const isPod = (path: ApiPath) => path.group === '' && path.resource === 'pods' && path.name !== null && path.subresource === null;

/** What the object page shows from other features: Logs and Delete beside Edit, deletion state, quick edits, the pod terminal, managed fields. */
function objectSlots(context: string, apiPath: string, path: ApiPath): ObjectPageSlots {
  return {
    actions: (object) => (
      <>
        <LogsAction context={context} path={path} object={object} />
        <DeleteAction context={context} apiPath={apiPath} path={path} object={object} onDeleted={() => navigate(toUiPath(context, collectionPath(gvrOf(path), path.namespace)))} />
      </>
    ),
    panels: (object) => (
      <>
        <DeletionStatus object={object} />
        <QuickEditsPanel context={context} apiPath={apiPath} object={object} editors={monacoEditors} />
        {isPod(path) && <ExecPanel context={context} pod={object} />}
        <ManagedFieldsSection object={object} />
      </>
    ),
  };
}

export function AppRoutes() {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname, search);
  const contexts = useContexts();

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
        <AppLayout context={route.context} path={route.path}>
          {pageAt(route, search)}
        </AppLayout>
      );
    case 'access':
      return (
        <AppLayout context={route.context} path={null}>
          <AccessMatrixPage
            key={route.context}
            context={route.context}
            namespace={route.namespace ?? contextNamespace(contexts.data?.contexts.find((c) => c.name === route.context))}
          />
        </AppLayout>
      );
    case 'request':
      return (
        <AppLayout context={route.context} path={null}>
          <RawRequestPage key={route.context} context={route.context} search={route.search} tools={rawRequestTools} onReplaceUrl={replaceUrl} />
        </AppLayout>
      );
    case 'explain':
      return (
        <AppLayout context={route.context} path={null}>
          <ExplainPage key={route.context} context={route.context} search={route.search} />
        </AppLayout>
      );
    case 'pod-log':
      return (
        <AppLayout context={route.context} path={route.path}>
          <PodLogPage key={`${route.context}${route.path.namespace ?? ''}/${route.path.name ?? ''}`} context={route.context} path={route.path} search={route.search} onReplaceUrl={replaceUrl} />
        </AppLayout>
      );
    case 'workload-logs':
      return (
        <AppLayout context={route.context} path={null}>
          <WorkloadLogPage key={route.context} context={route.context} search={route.search} onReplaceUrl={replaceUrl} />
        </AppLayout>
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
