// Test-only: one screen or component inside the app's providers, with a fresh cache that does not retry (a failure
// shows at once) and a watch channel, by default one that never delivers.
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Providers } from '../app/providers';
import type { WatchChannel } from '../data/watch-client-context';

/** Takes watches and never delivers: for screens whose live updates the test does not exercise. */
export const idleWatchChannel: WatchChannel = { watch: () => () => {}, getState: () => 'open', subscribeState: () => () => {} };

/** Renders `ui` in the providers; `rerender` keeps them (and the cache). */
export function renderInProviders(ui: ReactElement, watchClient: WatchChannel = idleWatchChannel): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={queryClient} watchClient={watchClient}>
      {children}
    </Providers>
  );
  return render(ui, { wrapper });
}
