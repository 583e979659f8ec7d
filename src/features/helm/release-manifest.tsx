// The manifest helm applied for one revision: its objects, each linked to its page here (the kind resolved through
// discovery), and the text itself.
import { useDiscovery } from '../../data/discovery-query';
import { splitManifest } from '../../k8s/helm/manifest';
import type { HelmRelease } from '../../k8s/helm/release';
import { parseApiPath, toUiPath } from '../../k8s/paths';
import type { ObjectApiPath } from './helm-tools';
import { LINK_CLASS, PRE_CLASS, ROW_CLASS, TABLE_CLASS, TD_CLASS, TH_CLASS } from './helm-look';

export function ReleaseManifest({ context, release, objectApiPath }: { context: string; release: HelmRelease; objectApiPath: ObjectApiPath }) {
  const index = useDiscovery(context).data?.index;
  const objects = splitManifest(release.manifest);
  return (
    <div className="space-y-3">
      <table data-testid="helm-manifest-objects" className={TABLE_CLASS}>
        <thead>
          <tr>
            {['Kind', 'Name', 'Namespace', 'API version', 'Template'].map((h) => (
              <th key={h} scope="col" className={TH_CLASS}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {objects.map((o, i) => {
            const namespace = o.namespace ?? release.namespace;
            const path = o.problem === null ? objectApiPath(index, o.apiVersion, o.kind, o.name, namespace) : null;
            return (
              <tr key={i} data-testid="helm-manifest-object" data-kind={o.kind} data-name={o.name} className={ROW_CLASS}>
                <td className={TD_CLASS}>{o.kind || <span className="text-slate-400">—</span>}</td>
                <td className={`${TD_CLASS} font-medium`}>
                  {path ? (
                    <a href={toUiPath(context, path)} className={LINK_CLASS} aria-label={`Open ${o.kind} ${o.name}`}>
                      {o.name}
                    </a>
                  ) : (
                    <span title={o.problem ?? `Discovery does not serve ${o.kind} in ${o.apiVersion}`}>{o.name || <span className="text-red-700">{o.problem}</span>}</span>
                  )}
                </td>
                <td className={TD_CLASS}>{path && parseApiPath(path)?.namespace === null ? <span className="text-slate-400">cluster-scoped</span> : namespace}</td>
                <td className={`${TD_CLASS} font-mono text-xs`}>{o.apiVersion}</td>
                <td className={`${TD_CLASS} font-mono text-xs text-slate-500`}>{o.source ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {objects.length === 0 && <p className="text-sm text-slate-600">This revision&apos;s manifest has no objects.</p>}
      <pre data-testid="helm-manifest" aria-label={`Manifest of revision ${release.revision}`} className={PRE_CLASS}>
        {release.manifest}
      </pre>
    </div>
  );
}
