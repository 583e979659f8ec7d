// The requests of a drain: the node's pods, the cordon PATCH and one Eviction, each a plain API call through the proxy.
import { kubeRequest } from '../../k8s/api-client';
import { KubeApiError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { evictionBody, evictionPath, type EvictionAttempt } from './node-drain';

/** Every pod bound to the node, in all namespaces (the field selector kubectl drain lists with). */
export async function podsOnNode(context: string, nodeName: string): Promise<KubeObject[]> {
  const { body } = await kubeRequest<{ items?: KubeObject[] }>(context, '/api/v1/pods', { query: { fieldSelector: `spec.nodeName=${nodeName}` } });
  return body.items ?? [];
}

/** Cordon: the merge patch kubectl cordon sends; dryRun=All for the preview. */
export async function cordonNode(context: string, nodePath: string, dryRun: boolean): Promise<void> {
  await kubeRequest(context, nodePath, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: JSON.stringify({ spec: { unschedulable: true } }),
    query: dryRun ? { dryRun: 'All' } : undefined,
  });
}

/** One Eviction: 201 evicted, 404 gone already, 429 refused (a PodDisruptionBudget), anything else failed. */
export async function evictPod(context: string, pod: KubeObject, groupVersion: string, dryRun: boolean): Promise<EvictionAttempt> {
  try {
    await kubeRequest(context, evictionPath(pod), { method: 'POST', contentType: 'application/json', body: JSON.stringify(evictionBody(pod, groupVersion, dryRun)) });
    return { outcome: 'evicted' };
  } catch (error) {
    if (error instanceof KubeApiError && error.code === 404) return { outcome: 'gone' };
    if (error instanceof KubeApiError && error.code === 429) return { outcome: 'blocked', message: error.message };
    return { outcome: 'failed', error };
  }
}
