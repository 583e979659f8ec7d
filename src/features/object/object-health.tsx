// The object's health beside its name, for pods and workloads: the list's judgement of the same printed row.
import { useRowHealth } from '../../components/ui/use-row-health';
import { usePrintedRow } from '../../data/printed-row-query';
import type { KubeObject } from '../../k8s/kube-object';
import { healthRuleOf, healthWords, type HealthLevel } from '../../k8s/row-health';
import type { ApiPath } from '../../k8s/paths';

const BADGE_CLASS: Record<HealthLevel, string> = {
  failing: 'border-red-300 bg-red-50 text-red-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-800',
};

export function ObjectHealth({ context, apiPath, path, object }: { context: string; apiPath: string; path: ApiPath; object: KubeObject }) {
  const rule = path.subresource === null ? healthRuleOf(path.group, path.resource) : null;
  const printed = usePrintedRow(context, apiPath, object.metadata.resourceVersion, rule !== null);
  const health = useRowHealth(rule, printed?.definitions ?? [], printed?.row ?? null);
  if (!health) return null;
  const words = healthWords(health);
  return (
    <span role="status" data-testid="object-health" data-health={health.level} className={`rounded border px-1.5 py-0.5 text-xs font-medium ${BADGE_CLASS[health.level]}`}>
      {`${words.charAt(0).toUpperCase()}${words.slice(1)}`}
    </span>
  );
}
