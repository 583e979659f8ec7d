import { AppRoutes } from './app-routes';
import { Providers, type ProvidersProps } from './providers';

/** The whole SPA; tests pass their own query client and watch channel. */
export function App(props: Omit<ProvidersProps, 'children'>) {
  return (
    <Providers {...props}>
      <AppRoutes />
    </Providers>
  );
}
