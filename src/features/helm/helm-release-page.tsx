// /c/{context}/-/helm/{namespace}/{name}?view=: one Helm release. Its history comes from the revision Secrets'
// labels; each view reads and decodes only the revisions it shows. The query holds the view and its revisions.
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useHelmReleaseHistory } from '../../data/helm-releases';
import { chartLabel } from '../../k8s/helm/release';
import type { ReleaseSummary } from '../../k8s/helm/release-secrets';
import { LINK_CLASS, PRE_CLASS, StatusBadge, Updated } from './helm-look';
import type { HelmTools } from './helm-tools';
import { helmReleasesUrl, helmReleaseUrl } from './helm-urls';
import { ReleaseHistory } from './release-history';
import { ReleaseManifest } from './release-manifest';
import { ReleaseValues } from './release-values';
import { RevisionDiff, RollbackPreview } from './release-diff';
import { diffRevisions, parseViewState, type ReleaseView, type ReleaseViewState } from './release-view-state';
import { RevisionSelect, WithRevision, WithRevisions, type RevisionKey } from './revision-parts';

export interface HelmReleasePageProps {
  context: string;
  namespace: string;
  name: string;
  search: string;
  onNavigate: (to: string) => void;
  tools: HelmTools;
}

const VIEW_LABEL: Record<ReleaseView, string> = { history: 'History', values: 'Values', manifest: 'Manifest', notes: 'Notes', diff: 'Diff', rollback: 'Rollback preview' };

function ReleaseHeader({ context, summary }: { context: string; summary: ReleaseSummary }) {
  const newest = summary.revisions[0];
  return (
    <WithRevision release={{ context, namespace: summary.namespace, name: summary.name }} revision={newest?.revision ?? 0}>
      {(current) => (
        <dl data-testid="helm-release-facts" className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={newest?.status ?? current.info.status} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Revision</dt>
            <dd className="font-medium text-slate-800">{current.revision}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Chart</dt>
            <dd className="font-mono text-slate-800" data-testid="helm-release-chart">
              {chartLabel(current.chart)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>App version</dt>
            <dd className="font-mono text-slate-800">{current.chart.appVersion || '—'}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Last deployed</dt>
            <dd>
              <Updated timestamp={current.info.lastDeployed} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>First deployed</dt>
            <dd>
              <Updated timestamp={current.info.firstDeployed} />
            </dd>
          </div>
          {current.info.description && <div className="text-slate-500">{current.info.description}</div>}
        </dl>
      )}
    </WithRevision>
  );
}

function ViewTabs({ url, view }: { url: (state: Partial<ReleaseViewState>) => string; view: ReleaseView }) {
  return (
    <nav aria-label="Release views" className="flex gap-1 border-b border-slate-200 px-4">
      {(Object.keys(VIEW_LABEL) as ReleaseView[]).map((v) => (
        <a
          key={v}
          href={url({ view: v })}
          aria-current={v === view ? 'page' : undefined}
          className={`-mb-px border-b-2 px-2 py-1.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
            v === view ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'
          }`}
        >
          {VIEW_LABEL[v]}
        </a>
      ))}
    </nav>
  );
}

function ReleaseBody({ context, summary, state, tools, onNavigate }: { context: string; summary: ReleaseSummary; state: ReleaseViewState; tools: HelmTools; onNavigate: (to: string) => void }) {
  const key: RevisionKey = { context, namespace: summary.namespace, name: summary.name };
  const revisions = summary.revisions.map((r) => r.revision);
  const current = revisions[0] ?? 0;
  const go = (next: Partial<ReleaseViewState>) => onNavigate(helmReleaseUrl(context, summary.namespace, summary.name, { ...state, ...next }));
  const shown = state.revision !== null && revisions.includes(state.revision) ? state.revision : current;
  const missing = (r: number | null) => r !== null && !revisions.includes(r);
  const picker = <RevisionSelect label="Revision" testId="helm-revision" revisions={revisions} value={shown} onChange={(revision) => go({ revision })} />;

  switch (state.view) {
    case 'history':
      return <ReleaseHistory context={context} release={summary} />;
    case 'values':
      return (
        <div className="space-y-2">
          {picker}
          <WithRevision release={key} revision={shown}>
            {(data) => <ReleaseValues release={data} showDefaults={state.all} onShowDefaults={(all) => go({ all })} />}
          </WithRevision>
        </div>
      );
    case 'manifest':
      return (
        <div className="space-y-2">
          {picker}
          <WithRevision release={key} revision={shown}>
            {(data) => <ReleaseManifest context={context} release={data} objectApiPath={tools.objectApiPath} />}
          </WithRevision>
        </div>
      );
    case 'notes':
      return (
        <div className="space-y-2">
          {picker}
          <WithRevision release={key} revision={shown}>
            {(data) =>
              data.info.notes ? (
                <pre data-testid="helm-notes" className={PRE_CLASS}>
                  {data.info.notes}
                </pre>
              ) : (
                <p className="text-sm text-slate-600">The chart wrote no notes for revision {data.revision}.</p>
              )
            }
          </WithRevision>
        </div>
      );
    case 'diff': {
      const pair = diffRevisions(state, revisions);
      if (!pair || missing(state.from) || missing(state.to)) return <p className="text-sm text-slate-600">{revisions.length < 2 ? 'This release has one revision: nothing to diff.' : 'No such revision of this release.'}</p>;
      return (
        <div className="space-y-2">
          <div className="flex gap-3">
            <RevisionSelect label="From" testId="helm-diff-from" revisions={revisions} value={pair.from} onChange={(from) => go({ from, to: pair.to })} />
            <RevisionSelect label="To" testId="helm-diff-to" revisions={revisions} value={pair.to} onChange={(to) => go({ from: pair.from, to })} />
          </div>
          <WithRevisions release={key} from={pair.from} to={pair.to}>
            {(a, b) => <RevisionDiff from={a} to={b} DiffEditor={tools.DiffEditor} />}
          </WithRevisions>
        </div>
      );
    }
    case 'rollback': {
      const target = state.to ?? revisions[1] ?? current;
      if (missing(target)) return <p className="text-sm text-slate-600">No revision {target} of this release.</p>;
      return (
        <div className="space-y-2">
          <RevisionSelect label="Roll back to" testId="helm-rollback-to" revisions={revisions} value={target} onChange={(to) => go({ to })} />
          <WithRevisions release={key} from={current} to={target}>
            {(a, b) => <RollbackPreview context={context} current={a} target={b} DiffEditor={tools.DiffEditor} />}
          </WithRevisions>
        </div>
      );
    }
  }
}

export function HelmReleasePage({ context, namespace, name, search, onNavigate, tools }: HelmReleasePageProps) {
  const history = useHelmReleaseHistory(context, namespace, name);
  const state = parseViewState(search);
  const url = (next: Partial<ReleaseViewState>) => helmReleaseUrl(context, namespace, name, next);
  return (
    <section aria-labelledby="helm-release-title" className="flex h-full min-h-0 flex-col">
      <header className="shrink-0 space-y-1 border-b border-slate-200 px-4 py-2">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <a href={helmReleasesUrl(context, namespace)} className={`text-xs ${LINK_CLASS}`}>
            Helm releases
          </a>
          <h1 id="helm-release-title" className="text-sm font-semibold text-slate-900">
            Release <span className="font-mono">{name}</span> <span className="font-normal text-slate-500">in namespace {namespace}</span>
          </h1>
        </div>
        {history.data && <ReleaseHeader context={context} summary={history.data} />}
      </header>
      {history.data && <ViewTabs url={url} view={state.view} />}
      <div className="min-h-0 flex-1 overflow-auto p-4">
        {history.isPending && <LoadingStatus what={`the revisions of ${name}`} />}
        {history.isError && <KubeErrorPanel error={history.error} title={`Listing the Secrets of release ${name}`} onRetry={() => void history.refetch()} />}
        {history.data === null && (
          <p data-testid="helm-no-release" className="text-sm text-slate-600">
            No release {name} in namespace {namespace}: helm keeps no Secret of it (uninstalled, or never installed here).
          </p>
        )}
        {history.data && <ReleaseBody context={context} summary={history.data} state={state} tools={tools} onNavigate={onNavigate} />}
      </div>
    </section>
  );
}
