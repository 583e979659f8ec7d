// Renders the screen for the current URL.
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
import { ObjectPage } from '../features/object/object-page';
import { contextNamespace } from './default-paths';
import { HomeRedirect } from './home-redirect';
import { AppLayout } from './layout/app-layout';
import { PlaceholderPage } from './placeholder-page';
import { navigate, useLocation } from './router/history';
import { collectionPath, gvrOf, toUiPath } from '../k8s/paths';
import { matchRoute } from './routes';

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
      return (
        <AppLayout context={route.context} path={route.path}>
          <ResourceListPage
            key={`${route.context}${route.apiPath}`}
            context={route.context}
            apiPath={route.apiPath}
            path={route.path}
            search={search}
            onNavigate={navigate}
          />
        </AppLayout>
      );
    case 'object':
      return (
        <AppLayout context={route.context} path={route.path}>
          <ObjectPage
            key={`${route.context}${route.apiPath}`}
            context={route.context}
            apiPath={route.apiPath}
            path={route.path}
            slots={{
              actions: (object) => (
                <DeleteAction
                  context={route.context}
                  apiPath={route.apiPath}
                  path={route.path}
                  object={object}
                  onDeleted={() => navigate(toUiPath(route.context, collectionPath(gvrOf(route.path), route.path.namespace)))}
                />
              ),
              panels: (object) => (
                <>
                  <DeletionStatus object={object} />
                  <QuickEditsPanel context={route.context} apiPath={route.apiPath} object={object} editors={monacoEditors} />
                  <ManagedFieldsSection object={object} />
                </>
              ),
            }}
          />
        </AppLayout>
      );
    case 'edit':
    case 'create': {
      // Both leave for the page they came from; the draft stays.
      const onCancel = () => navigate(toUiPath(route.context, route.apiPath));
      const screen = { context: route.context, apiPath: route.apiPath, path: route.path, editors: monacoEditors, onCancel };
      const key = `${route.context}${route.apiPath}`;
      return (
        <AppLayout context={route.context} path={route.path}>
          {route.kind === 'edit' ? <EditPage key={key} {...screen} /> : <CreatePage key={key} {...screen} onCreated={navigate} />}
        </AppLayout>
      );
    }
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
