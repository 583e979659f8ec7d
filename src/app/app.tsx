import { AppRoutes } from './app-routes';
import { Providers, type ProvidersProps } from './providers';
import { SignInGate } from './sign-in-gate';

/** The whole SPA; tests pass their own query client and watch channel. */
export function App(props: Omit<ProvidersProps, 'children'>) {
  return (
    <Providers {...props}>
      <SignInGate>
        <AppRoutes />
      </SignInGate>
    </Providers>
  );
}
