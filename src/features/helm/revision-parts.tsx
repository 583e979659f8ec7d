// Pieces the release views share: picking a revision, and one revision read and decoded or its error.
import type { ReactNode } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useHelmRevision } from '../../data/helm-releases';
import type { HelmRelease } from '../../k8s/helm/release';
import { releaseSecretName } from '../../k8s/helm/release-secrets';
import { SELECT_CLASS } from './helm-look';

export function RevisionSelect({ label, revisions, value, onChange, testId }: { label: string; revisions: readonly number[]; value: number; onChange: (revision: number) => void; testId: string }) {
  return (
    <label className="flex items-center gap-1 text-xs text-slate-600">
      {label}
      <select data-testid={testId} className={SELECT_CLASS} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {revisions.map((r) => (
          <option key={r} value={r}>
            revision {r}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface RevisionKey {
  context: string;
  namespace: string;
  name: string;
}

/** Renders `children` with the decoded revision; while it loads or when it fails, says so. */
export function WithRevision({ release, revision, children }: { release: RevisionKey; revision: number; children: (data: HelmRelease) => ReactNode }) {
  const query = useHelmRevision(release.context, release.namespace, release.name, revision);
  if (query.isPending) return <LoadingStatus what={`revision ${revision}`} />;
  if (query.isError) {
    return <KubeErrorPanel error={query.error} testId="helm-revision-error" title={`Reading revision ${revision} (Secret ${releaseSecretName(release.name, revision)})`} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

/** Two revisions decoded, for a diff. */
export function WithRevisions({ release, from, to, children }: { release: RevisionKey; from: number; to: number; children: (from: HelmRelease, to: HelmRelease) => ReactNode }) {
  return <WithRevision release={release} revision={from}>{(a) => <WithRevision release={release} revision={to}>{(b) => children(a, b)}</WithRevision>}</WithRevision>;
}
