// Who the cluster says the user is: SelfSubjectReview where discovery lists it (1.27+), else the
// kubeconfig user's name, which is all a 1.20 server lets a client know.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceByGvr } from '../k8s/discovery/resource-index';
import { reviewSelf, selfSubjectReviewVersion, type UserInfo } from '../k8s/access/self-subject-review';
import { useContexts } from './contexts-query';
import { useDiscovery } from './discovery-query';
import { k8sKeys } from './query-keys';

export type WhoAmI =
  | { source: 'SelfSubjectReview'; user: UserInfo }
  /** The server cannot say (no SelfSubjectReview, or it failed): the kubeconfig entry's name. */
  | { source: 'kubeconfig'; userName: string | undefined };

function selfQueryOptions(context: string, version: string) {
  return queryOptions({
    queryKey: [...k8sKeys.self(context), version],
    queryFn: ({ signal }) => reviewSelf(context, version, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The user of a context; undefined while discovery and the review are on their way. */
export function useWhoAmI(context: string): WhoAmI | undefined {
  const index = useDiscovery(context).data?.index;
  const contexts = useContexts();
  const version = index
    ? selfSubjectReviewVersion((v) => resourceByGvr(index, { group: 'authentication.k8s.io', version: v, resource: 'selfsubjectreviews' }) !== undefined)
    : undefined;
  const review = useQuery({ ...selfQueryOptions(context, version ?? ''), enabled: version !== undefined });
  if (review.data) return { source: 'SelfSubjectReview', user: review.data };
  if (!index || (version !== undefined && review.isPending)) return undefined;
  return { source: 'kubeconfig', userName: contexts.data?.contexts.find((c) => c.name === context)?.user };
}
