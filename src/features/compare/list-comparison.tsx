// Two lists of one kind (two contexts, or two namespaces): which objects are on one side only, which differ and in how
// many fields, each linked to its own comparison.
import { useMemo } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { SNAPSHOT_LIST_LIMIT, useSnapshot } from '../../data/snapshot-query';
import { comparable } from '../../k8s/compare/comparable';
import { compareHref } from '../../k8s/compare/compare-link';
import { differences } from '../../k8s/compare/differences';
import type { KubeObject } from '../../k8s/kube-object';
import { buildApiPath, gvrOf, toUiPath } from '../../k8s/paths';
import { fieldsDiffer, sideLabel, type Side } from './compare-sides';

interface ObjectList {
  items?: KubeObject[];
  metadata?: { continue?: string };
}

type Row = { key: string; left?: KubeObject; right?: KubeObject; differing: number };

function keyOf(object: KubeObject, byName: boolean): string {
  const { name = '', namespace } = object.metadata;
  return byName || !namespace ? name : `${namespace}/${name}`;
}

function objectUiPath(side: Side, object: KubeObject): string {
  return toUiPath(side.context, buildApiPath({ ...gvrOf(side.path), namespace: object.metadata.namespace ?? null, name: object.metadata.name ?? '', subresource: null }));
}

export function ListComparison({ left, right, everything }: { left: Side; right: Side; everything: boolean }) {
  const a = useSnapshot<ObjectList>(left.context, left.apiPath, true);
  const b = useSnapshot<ObjectList>(right.context, right.apiPath, true);
  // Two namespaces' lists pair their objects by name; two contexts' by namespace and name.
  const byName = left.path.namespace !== right.path.namespace;
  const rows = useMemo(() => {
    if (!a.data || !b.data) return null;
    const all = new Map<string, Row>();
    for (const o of a.data.items ?? []) all.set(keyOf(o, byName), { key: keyOf(o, byName), left: o, differing: 0 });
    for (const o of b.data.items ?? []) {
      const key = keyOf(o, byName);
      const row = all.get(key) ?? { key, differing: 0 };
      row.right = o;
      if (row.left) row.differing = differences(comparable(row.left, everything), comparable(o, everything)).length;
      all.set(key, row);
    }
    return [...all.values()].sort((x, y) => x.key.localeCompare(y.key));
  }, [a.data, b.data, byName, everything]);
  const [leftLabel, rightLabel] = [sideLabel(left), sideLabel(right)];
  const cut = Boolean(a.data?.metadata?.continue || b.data?.metadata?.continue);
  const count = (test: (r: Row) => boolean) => rows?.filter(test).length ?? 0;

  return (
    <div className="space-y-3 p-4">
      {a.error && <KubeErrorPanel error={a.error} title={`Listing ${leftLabel}`} />}
      {b.error && <KubeErrorPanel error={b.error} title={`Listing ${rightLabel}`} />}
      {(a.isPending || b.isPending) && <LoadingStatus what="both lists" />}
      {rows && (
        <>
          <p role="status" data-testid="comparison-summary" className="text-sm text-slate-800">
            {rows.length} objects: {count((r) => Boolean(r.left && r.right) && r.differing === 0)} the same, {count((r) => r.differing > 0)} differ, {count((r) => !r.right)} only in {leftLabel},{' '}
            {count((r) => !r.left)} only in {rightLabel}.{cut ? ` Only the first ${SNAPSHOT_LIST_LIMIT} of each list were compared.` : ''}
          </p>
          <table className="w-full text-left text-xs" aria-label="Objects compared">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-1 pr-2 font-semibold">Name</th>
                <th scope="col" className="py-1 font-semibold">Compared</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} data-testid={`compared-${r.key}`} className="border-t border-slate-100">
                  <td className="py-1 pr-2 font-mono">{r.key}</td>
                  <td className="py-1">
                    {r.left && r.right ? (
                      <a href={compareHref(left.context, { left: objectUiPath(left, r.left), right: objectUiPath(right, r.right), everything })} className="text-indigo-700 hover:underline">
                        {r.differing === 0 ? 'the same' : fieldsDiffer(r.differing)}
                      </a>
                    ) : (
                      <span className="text-amber-800">only in {r.left ? leftLabel : rightLabel}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
