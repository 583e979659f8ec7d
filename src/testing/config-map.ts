// Test-only: ConfigMap c1 in default at a resourceVersion, for tests of edits and merges that only look at its data.
import type { KubeObject } from '../k8s/kube-object';

export function configMap(resourceVersion: string, data: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c1', namespace: 'default', resourceVersion, uid: 'u' }, data };
}
