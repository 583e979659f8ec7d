// Which lists show an object's children: a Deployment's ReplicaSets and Pods, a ReplicaSet's, Job's, StatefulSet's
// or DaemonSet's Pods (by its selector, kept to those it controls), a Service's EndpointSlices and selected Pods, a
// Node's Pods. Each is a live list the page watches like any other.
import type { ResourceIndex } from '../../k8s/discovery/resource-index';
import type { KubeObject } from '../../k8s/kube-object';
import { labelSelectorString, type LabelSelector } from '../../k8s/label-selector';
import { collectionPath, type ApiPath } from '../../k8s/paths';

export interface ChildList {
  title: string;
  /** Collection API path. */
  path: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Keep only items whose controller ownerReference has this uid (a selector can overlap another owner's). */
  controllerUid?: string;
  /** Which extra cell to show: the Deployment revision of a ReplicaSet. */
  show: 'pods' | 'replicasets' | 'endpointslices';
}

const PODS = { group: '', version: 'v1', resource: 'pods' };
const WITH_SELECTOR = new Set(['apps/replicasets', 'apps/statefulsets', 'apps/daemonsets', 'batch/jobs']);

/** The served version of a group's resource, or null when discovery does not list it. */
function servedPath(index: ResourceIndex | undefined, group: string, resource: string, namespace: string | null): string | null {
  const version = index?.preferredVersions.get(group);
  if (!version || !index?.byGvr.has(`${group}/${version}/${resource}`)) return null;
  return collectionPath({ group, version, resource }, namespace);
}

export function childLists(path: ApiPath, object: KubeObject, index: ResourceIndex | undefined): ChildList[] {
  if (path.name === null || path.subresource !== null) return [];
  const kind = `${path.group}/${path.resource}`;
  const spec = (object.spec ?? {}) as { selector?: unknown };
  const uid = object.metadata.uid;
  const ns = path.namespace;
  if (kind === '/nodes') {
    return [{ title: 'Pods on this node', path: collectionPath(PODS, null), fieldSelector: `spec.nodeName=${path.name}`, show: 'pods' }];
  }
  if (kind === '/services') {
    const lists: ChildList[] = [];
    const slices = servedPath(index, 'discovery.k8s.io', 'endpointslices', ns);
    if (slices) lists.push({ title: 'EndpointSlices', path: slices, labelSelector: `kubernetes.io/service-name=${path.name}`, show: 'endpointslices' });
    // A Service's selector is a plain map; none means its endpoints are managed by hand (no pods to show).
    const selector = spec.selector && typeof spec.selector === 'object' ? labelSelectorString({ matchLabels: spec.selector as Record<string, string> }) : null;
    if (selector) lists.push({ title: 'Pods it selects', path: collectionPath(PODS, ns), labelSelector: selector, show: 'pods' });
    return lists;
  }
  const selector = labelSelectorString(spec.selector as LabelSelector | undefined);
  if (selector === null || selector === '') return [];
  if (kind === 'apps/deployments') {
    const rs = servedPath(index, 'apps', 'replicasets', ns) ?? collectionPath({ group: 'apps', version: 'v1', resource: 'replicasets' }, ns);
    return [
      { title: 'ReplicaSets', path: rs, labelSelector: selector, controllerUid: uid, show: 'replicasets' },
      { title: 'Pods', path: collectionPath(PODS, ns), labelSelector: selector, show: 'pods' },
    ];
  }
  if (WITH_SELECTOR.has(kind)) return [{ title: 'Pods', path: collectionPath(PODS, ns), labelSelector: selector, controllerUid: uid, show: 'pods' }];
  return [];
}
