// Renders the screen for the current URL.
import { useContexts } from '../data/contexts-query';
import { ResourceListPage } from '../features/browse/resource-list-page';
import { collectionPath, gvrOf, toUiPath } from '../k8s/paths';
import { HomeRedirect } from './home-redirect';
import { AppLayout } from './layout/app-layout';
import { PlaceholderPage } from './placeholder-page';
import { useLocation } from './router/history';
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
            key={`${route.context}${route.apiPath}${search}`}
            context={route.context}
            apiPath={route.apiPath}
            path={route.path}
            labelSelector={route.labelSelector}
            fieldSelector={route.fieldSelector}
          />
        </AppLayout>
      );
    case 'object': {
      const list = toUiPath(route.context, collectionPath(gvrOf(route.path), route.path.namespace));
      return (
        <AppLayout context={route.context} path={route.path}>
          <PlaceholderPage title={route.path.name ?? ''}>
            <p>
              Object views are not built yet: <span className="font-mono">{route.apiPath}</span>
            </p>
            <a href={list} className="mt-2 inline-block text-indigo-600 hover:underline">
              Back to {route.path.resource}
            </a>
          </PlaceholderPage>
        </AppLayout>
      );
    }
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
