// Two copies of an object side by side: the fields that differ, then the whole YAML diff.
import { useMemo } from 'react';
import { stringify } from 'yaml';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useSnapshot } from '../../data/snapshot-query';
import { comparable } from '../../k8s/compare/comparable';
import { differences } from '../../k8s/compare/differences';
import type { KubeObject } from '../../k8s/kube-object';
import { fieldsDiffer, sideLabel, type Side } from './compare-sides';
import type { CompareTools } from './compare-tools';
import { DifferenceTable } from './difference-table';

export function ObjectComparison({ left, right, everything, tools }: { left: Side; right: Side; everything: boolean; tools: CompareTools }) {
  const a = useSnapshot<KubeObject>(left.context, left.apiPath, false);
  const b = useSnapshot<KubeObject>(right.context, right.apiPath, false);
  const sides = useMemo(() => (a.data && b.data ? [comparable(a.data, everything), comparable(b.data, everything)] : null), [a.data, b.data, everything]);
  const found = useMemo(() => (sides ? differences(sides[0], sides[1]) : []), [sides]);
  const [leftLabel, rightLabel] = [sideLabel(left), sideLabel(right)];
  return (
    <div className="space-y-3 p-4">
      {a.error && <KubeErrorPanel error={a.error} title={`Reading ${leftLabel}`} />}
      {b.error && <KubeErrorPanel error={b.error} title={`Reading ${rightLabel}`} />}
      {(a.isPending || b.isPending) && <LoadingStatus what="both sides" />}
      {sides && (
        <>
          <p role="status" data-testid="comparison-summary" className="text-sm text-slate-800">
            {found.length === 0 ? `No difference${everything ? '' : ' in what matters'}.` : `${fieldsDiffer(found.length)}.`}
          </p>
          {found.length > 0 && <DifferenceTable differences={found} leftLabel={leftLabel} rightLabel={rightLabel} />}
          <div className="h-[60vh] min-h-[320px] rounded border border-slate-200">
            <tools.DiffEditor original={stringify(sides[0])} modified={stringify(sides[1])} label={`${leftLabel} and ${rightLabel}`} />
          </div>
        </>
      )}
    </div>
  );
}
