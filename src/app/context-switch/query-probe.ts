// The other context's answers for a context switch, through the same cached queries the screens use.
import type { QueryClient } from '@tanstack/react-query';
import { rulesQueryOptions } from '../../data/access-query';
import { fetchDiscoveryIndex } from '../../data/discovery-query';
import { namespaceAccessOf } from '../../data/namespace-access-query';
import { objectExistsQueryOptions } from '../../data/object-exists-query';
import type { SwitchProbe } from './context-switch-target';

export function queryProbe(queryClient: QueryClient, context: string): SwitchProbe {
  return {
    resource: async (gvr) => {
      const { index } = await fetchDiscoveryIndex(queryClient, context);
      const same = index.resources.filter((r) => r.group === gvr.group && r.resource === gvr.resource);
      return same.find((r) => r.version === gvr.version) ?? same.find((r) => r.preferredVersion);
    },
    namespaceAccess: (namespace) =>
      queryClient.fetchQuery(rulesQueryOptions(context, namespace)).then(
        (review) => namespaceAccessOf(review, false),
        () => namespaceAccessOf(undefined, true),
      ),
    // Could not ask: the place is kept, and its page shows what the server says.
    objectExists: (apiPath) => queryClient.fetchQuery(objectExistsQueryOptions(context, apiPath)).catch(() => true),
  };
}
