// The ControllerRevisions of a namespace, read again whenever the workload whose history they are changes.
import { useQuery } from '@tanstack/react-query';
import { kubeRequest } from '../k8s/api-client';
import type { KubeObject } from '../k8s/kube-object';
import { k8sKeys } from './query-keys';

export function useControllerRevisions(context: string, namespace: string, workloadResourceVersion: string | undefined) {
  return useQuery({
    queryKey: k8sKeys.controllerRevisions(context, namespace, workloadResourceVersion),
    queryFn: async ({ signal }) => (await kubeRequest<{ items?: KubeObject[] }>(context, `/apis/apps/v1/namespaces/${encodeURIComponent(namespace)}/controllerrevisions`, { signal })).body.items ?? [],
    retry: false,
  });
}
