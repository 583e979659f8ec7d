// A release's revisions, as `helm history` lists them: revision, updated, status, chart, app version, description.
// Status comes from the Secrets' labels (helm rewrites them on upgrade); the rest from each revision's data, the
// time as helm history prints it (last deployed), the label's time until the data is read.
import type { ReleaseSummary } from '../../k8s/helm/release-secrets';
import { chartLabel } from '../../k8s/helm/release';
import { useAllRevisions } from '../../data/helm-releases';
import { LINK_CLASS, ROW_CLASS, StatusBadge, TABLE_CLASS, TD_CLASS, TH_CLASS, Updated } from './helm-look';
import { helmReleaseUrl } from './helm-urls';

export function ReleaseHistory({ context, release }: { context: string; release: ReleaseSummary }) {
  const decoded = useAllRevisions(context, release);
  const current = release.revisions[0]?.revision;
  const url = (view: Parameters<typeof helmReleaseUrl>[3]) => helmReleaseUrl(context, release.namespace, release.name, view);
  return (
    <table data-testid="helm-history" className={TABLE_CLASS}>
      <thead>
        <tr>
          {['Revision', 'Updated', 'Status', 'Chart', 'App version', 'Description', ''].map((h, i) => (
            <th key={i} scope="col" className={TH_CLASS}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {release.revisions.map((rev, i) => {
          const data = decoded[i]?.data;
          const error = decoded[i]?.error;
          return (
            <tr key={rev.revision} data-testid="helm-history-row" data-revision={rev.revision} className={ROW_CLASS}>
              <td className={`${TD_CLASS} tabular-nums`}>{rev.revision}</td>
              <td className={TD_CLASS}>
                <Updated timestamp={data?.info.lastDeployed || rev.updated} />
              </td>
              <td className={TD_CLASS}>
                <StatusBadge status={rev.status} />
              </td>
              <td className={`${TD_CLASS} font-mono text-xs`}>{data ? chartLabel(data.chart) : error ? <span className="text-red-700">unreadable</span> : '…'}</td>
              <td className={`${TD_CLASS} font-mono text-xs`}>{data?.chart.appVersion ?? ''}</td>
              <td className={TD_CLASS} title={error instanceof Error ? error.message : undefined}>
                {data?.info.description ?? (error instanceof Error ? error.message : '')}
              </td>
              <td className={`${TD_CLASS} space-x-3 whitespace-nowrap text-xs`}>
                <a className={LINK_CLASS} href={url({ view: 'manifest', revision: rev.revision })}>
                  Manifest
                </a>
                <a className={LINK_CLASS} href={url({ view: 'values', revision: rev.revision })}>
                  Values
                </a>
                {current !== undefined && rev.revision !== current && (
                  <>
                    <a className={LINK_CLASS} href={url({ view: 'diff', from: rev.revision, to: current })} aria-label={`Diff revision ${rev.revision} with ${current}`}>
                      Diff with {current}
                    </a>
                    <a className={LINK_CLASS} href={url({ view: 'rollback', to: rev.revision })} aria-label={`Rollback preview to revision ${rev.revision}`}>
                      Rollback preview
                    </a>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
