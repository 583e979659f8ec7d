// Hands the tab's WatchClient to hooks; tests provide a fake.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ConnectionState, WatchClient } from '../k8s/watch-client';

/** What the data layer needs from the watch channel. */
export type WatchChannel = Pick<WatchClient, 'watch' | 'getState' | 'subscribeState'>;

const WatchClientContext = createContext<WatchChannel | null>(null);

export function WatchClientProvider({ client, children }: { client: WatchChannel; children: ReactNode }) {
  return <WatchClientContext.Provider value={client}>{children}</WatchClientContext.Provider>;
}

export function useWatchClient(): WatchChannel {
  const client = useContext(WatchClientContext);
  if (!client) throw new Error('useWatchClient needs a WatchClientProvider');
  return client;
}

/** State of the tab's watch socket: idle, connecting, open or reconnecting. */
export function useConnectionState(): ConnectionState {
  const client = useWatchClient();
  return useSyncExternalStore(client.subscribeState, client.getState);
}
