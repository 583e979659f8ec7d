// /c/{context}/-/helm?namespace=: the releases helm keeps in a namespace or in all of them, as `helm list` shows
// them (the newest revision of each). The Secrets' labels give name, revision, status and time; chart and app
// version come from each release's newest revision, read when its row is shown.
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { buttonStyles } from '../../components/ui/button-styles';
import { useCurrentRevisions, useHelmReleases } from '../../data/helm-releases';
import { useKnownNamespaces } from '../../data/namespaces-query';
import { chartLabel } from '../../k8s/helm/release';
import { currentRevision, type ReleaseSummary } from '../../k8s/helm/release-secrets';
import { LINK_CLASS, ROW_CLASS, SELECT_CLASS, StatusBadge, TABLE_CLASS, TD_CLASS, TH_CLASS, Updated } from './helm-look';
import { helmReleasesUrl, helmReleaseUrl } from './helm-urls';

export interface HelmReleasesPageProps {
  context: string;
  /** null: every namespace. */
  namespace: string | null;
  onNavigate: (to: string) => void;
}

const ALL = '';

function NamespaceSelect({ context, namespace, onNavigate }: HelmReleasesPageProps) {
  const known = useKnownNamespaces(context, namespace ? [namespace] : []);
  return (
    <label className="flex items-center gap-1 text-xs text-slate-600">
      Namespace
      <select
        data-testid="helm-namespace"
        className={SELECT_CLASS}
        value={namespace ?? ALL}
        onChange={(e) => onNavigate(helmReleasesUrl(context, e.target.value === ALL ? null : e.target.value))}
      >
        <option value={ALL}>All namespaces</option>
        {known.names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

function ReleaseRows({ context, releases }: { context: string; releases: ReleaseSummary[] }) {
  const decoded = useCurrentRevisions(context, releases);
  return (
    <tbody>
      {releases.map((release, i) => {
        const current = currentRevision(release);
        const data = decoded[i]?.data;
        const error = decoded[i]?.error;
        const unreadable = error ? `Not readable: ${error instanceof Error ? error.message : String(error)}` : undefined;
        return (
          <tr key={`${release.namespace}/${release.name}`} data-testid="helm-release-row" data-release={release.name} className={ROW_CLASS}>
            <td className={`${TD_CLASS} font-medium`}>
              <a href={helmReleaseUrl(context, release.namespace, release.name)} className={LINK_CLASS}>
                {release.name}
              </a>
            </td>
            <td className={TD_CLASS}>{release.namespace}</td>
            <td className={`${TD_CLASS} text-right tabular-nums`}>{current.revision}</td>
            <td className={TD_CLASS}>
              <StatusBadge status={current.status} />
            </td>
            <td className={`${TD_CLASS} font-mono text-xs`} data-testid="helm-chart" title={unreadable}>
              {data ? chartLabel(data.chart) : error ? <span className="text-red-700">unreadable</span> : <span className="text-slate-400">…</span>}
            </td>
            <td className={`${TD_CLASS} font-mono text-xs`} data-testid="helm-app-version">
              {data?.chart.appVersion ?? ''}
            </td>
            <td className={TD_CLASS}>
              <Updated timestamp={data?.info.lastDeployed || current.updated} />
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

export function HelmReleasesPage({ context, namespace, onNavigate }: HelmReleasesPageProps) {
  const releases = useHelmReleases(context, namespace);
  const where = namespace ? `namespace ${namespace}` : 'all namespaces';
  return (
    <section aria-labelledby="helm-title" className="flex h-full min-h-0 flex-col">
      <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <h1 id="helm-title" className="text-sm font-semibold text-slate-900">
          Helm releases
        </h1>
        <NamespaceSelect context={context} namespace={namespace} onNavigate={onNavigate} />
        <button type="button" className={buttonStyles.secondary} onClick={() => void releases.refetch()} disabled={releases.isFetching}>
          Refresh
        </button>
        <span className="text-xs text-slate-500">
          From the Secrets helm stores (type helm.sh/release.v1, label owner=helm), read-only. Kubeglass changes no release: it shows what helm would do.
        </span>
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        {releases.isPending && <LoadingStatus what={`the Helm releases in ${where}`} />}
        {releases.isError && (
          <div className="p-4">
            <KubeErrorPanel error={releases.error} title={`Listing the Helm release Secrets in ${where}`} onRetry={() => void releases.refetch()} />
          </div>
        )}
        {releases.data?.length === 0 && (
          <p data-testid="helm-empty" className="p-4 text-sm text-slate-600">
            No Helm releases in {where}.
          </p>
        )}
        {releases.data && releases.data.length > 0 && (
          <table data-testid="helm-releases" className={TABLE_CLASS}>
            <thead>
              <tr>
                {['Name', 'Namespace', 'Revision', 'Status', 'Chart', 'App version', 'Updated'].map((h) => (
                  <th key={h} scope="col" className={`${TH_CLASS} ${h === 'Revision' ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <ReleaseRows context={context} releases={releases.data} />
          </table>
        )}
      </div>
    </section>
  );
}
