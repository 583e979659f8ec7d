// Server-data cache and the tab's watch socket; tests pass their own.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '../data/query-client';
import { WatchClientProvider, type WatchChannel } from '../data/watch-client-context';
import { WatchClient } from '../k8s/watch-client';

export interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  watchClient?: WatchChannel;
}

export function Providers({ children, queryClient, watchClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [watches] = useState(() => watchClient ?? new WatchClient());

  useEffect(() => {
    if (!(watches instanceof WatchClient)) return;
    const onOnline = () => watches.reconnectNow();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [watches]);

  return (
    <QueryClientProvider client={client}>
      <WatchClientProvider client={watches}>{children}</WatchClientProvider>
    </QueryClientProvider>
  );
}
