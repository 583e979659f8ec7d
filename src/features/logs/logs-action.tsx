// "Logs" beside Edit on a pod's page (its log subresource) and on a workload's (every pod its selector picks),
// offered as the pods/log permission allows.
import { GatedAction } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import type { KubeObject } from '../../k8s/kube-object';
import { labelSelectorString, type LabelSelector } from '../../k8s/label-selector';
import { buildApiPath, toUiPath, type ApiPath } from '../../k8s/paths';
import { workloadLogsUrl } from './workload-log-page';

export interface LogsActionProps {
  context: string;
  path: ApiPath;
  object: KubeObject;
}

const WORKLOADS = new Set(['apps/deployments', 'apps/statefulsets', 'apps/daemonsets', 'apps/replicasets', 'batch/jobs']);
const className = 'rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50';

/** Where a workload's logs are: its selector and its pod template's first container; null for other objects. */
export function workloadLogTarget(context: string, path: ApiPath, object: KubeObject): string | null {
  if (!WORKLOADS.has(`${path.group}/${path.resource}`) || path.namespace === null || path.name === null) return null;
  const spec = (object.spec ?? {}) as { selector?: LabelSelector; template?: { spec?: { containers?: { name?: string }[] } } };
  const selector = labelSelectorString(spec.selector);
  if (selector === null || selector === '') return null;
  const containers = spec.template?.spec?.containers ?? [];
  return workloadLogsUrl(context, {
    namespace: path.namespace,
    labelSelector: selector,
    kind: object.kind ?? path.resource,
    name: path.name,
    workloadPath: buildApiPath({ ...path, subresource: null }),
    // Named only when the template has several: a single container is the server's default anyway.
    container: containers.length > 1 ? containers[0]?.name : undefined,
  });
}

export function LogsAction({ context, path, object }: LogsActionProps) {
  const isPod = path.group === '' && path.resource === 'pods' && path.subresource === null;
  const href = isPod ? toUiPath(context, `${buildApiPath(path)}/log`) : workloadLogTarget(context, path, object);
  const podsLog: ApiPath = { group: '', version: 'v1', resource: 'pods', namespace: path.namespace, name: isPod ? path.name : null, subresource: 'log' };
  const access = useAccess(context, href ? attributesFor(podsLog, 'get') : null);
  if (!href) return null;
  return (
    <GatedAction access={access} action={isPod ? `read the logs of pod "${path.name ?? ''}"` : `read pod logs in ${path.namespace ?? ''}`} href={href} className={className} testId="logs-link">
      Logs
    </GatedAction>
  );
}
