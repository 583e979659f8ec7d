// The person's port forwards on the kubeglass server: polled while shown (their traffic changes without events).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPortForwards, startPortForward, stopPortForward, type PortForward, type PortForwardRequest } from '../k8s/port-forwards';
import { k8sKeys } from './query-keys';

const POLL_MS = 2000;

export function portForwardsQueryOptions() {
  return queryOptions({ queryKey: k8sKeys.portForwards(), queryFn: ({ signal }) => fetchPortForwards(signal), refetchInterval: POLL_MS });
}

export function usePortForwards() {
  return useQuery(portForwardsQueryOptions());
}

export function useStartPortForward() {
  const client = useQueryClient();
  return useMutation<PortForward, unknown, PortForwardRequest>({
    mutationFn: startPortForward,
    onSuccess: (forward) => {
      client.setQueryData<PortForward[]>(k8sKeys.portForwards(), (list) => [...(list ?? []).filter((f) => f.id !== forward.id), forward]);
      void client.invalidateQueries({ queryKey: k8sKeys.portForwards() });
    },
  });
}

export function useStopPortForward() {
  const client = useQueryClient();
  return useMutation<PortForward, unknown, string>({
    mutationFn: stopPortForward,
    onSettled: () => void client.invalidateQueries({ queryKey: k8sKeys.portForwards() }),
  });
}
