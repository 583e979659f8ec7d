// The whole app at a URL, over a fake watch channel and a fresh cache that does not retry (a failure shows at once).
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from '../app/app';
import { FakeWatchChannel } from './fake-watch-channel';

// The app loads its object, edit and tool screens lazily: load them once here, so a test's first findBy waits for
// the screen's data, not for a chunk compiling on a loaded machine.
await Promise.all([import('../app/pages/object-route'), import('../app/pages/edit-routes'), import('../app/pages/tool-routes')]);

export function renderAppAt(path: string): { channel: FakeWatchChannel; queryClient: QueryClient } {
  window.history.replaceState(null, '', path);
  const channel = new FakeWatchChannel();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<App queryClient={queryClient} watchClient={channel} />);
  return { channel, queryClient };
}
