// Where helm 3 keeps releases (pkg/storage/driver/secrets.go): one Secret per revision, of type helm.sh/release.v1,
// named sh.helm.release.v1.<release>.v<revision>, labelled name, owner=helm, status, version (and createdAt or
// modifiedAt, Unix seconds). The labels alone give the list and the history; the data is read per revision.
import type { PartialObjectMetadata } from '../object-meta';
import { buildApiPath } from '../paths';

export const HELM_RELEASE_SECRET_TYPE = 'helm.sh/release.v1';
export const HELM_OWNER_SELECTOR = 'owner=helm';
const NAME_PREFIX = 'sh.helm.release.v1.';

/** One revision as its Secret's metadata describes it. */
export interface ReleaseRevisionMeta {
  release: string;
  namespace: string;
  revision: number;
  status: string;
  secretName: string;
  /** When helm last wrote this revision: modifiedAt, else createdAt, else the Secret's creationTimestamp (ISO). */
  updated: string;
}

/** A release: its revisions, newest first. */
export interface ReleaseSummary {
  name: string;
  namespace: string;
  /** Newest first; never empty. */
  revisions: ReleaseRevisionMeta[];
}

/** The Secret name helm gives a revision. */
export function releaseSecretName(release: string, revision: number): string {
  return `${NAME_PREFIX}${release}.v${revision}`;
}

/** API path of the Secrets collection helm uses (namespace null: every namespace). */
export function releaseSecretsPath(namespace: string | null): string {
  return buildApiPath({ group: '', version: 'v1', resource: 'secrets', namespace, name: null, subresource: null });
}

/** API path of one revision's Secret. */
export function releaseSecretPath(namespace: string, release: string, revision: number): string {
  return buildApiPath({ group: '', version: 'v1', resource: 'secrets', namespace, name: releaseSecretName(release, revision), subresource: null });
}

function unixLabel(value: string | undefined): string | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return new Date(Number(value) * 1000).toISOString();
}

/** A release Secret's metadata -> its revision; null for a Secret that is not helm's (owner=helm is only a label). */
export function revisionFromSecret(item: PartialObjectMetadata): ReleaseRevisionMeta | null {
  const meta = item.metadata;
  const labels = meta.labels ?? {};
  const secretName = meta.name ?? '';
  const namespace = meta.namespace ?? '';
  const release = labels.name;
  const version = labels.version;
  if (!release || !version || !/^\d+$/.test(version) || !namespace) return null;
  const revision = Number(version);
  if (secretName !== releaseSecretName(release, revision)) return null;
  const updated = unixLabel(labels.modifiedAt) ?? unixLabel(labels.createdAt) ?? (typeof meta.creationTimestamp === 'string' ? meta.creationTimestamp : '');
  return { release, namespace, revision, status: labels.status ?? 'unknown', secretName, updated };
}

/** Groups release Secrets into releases, sorted by namespace then name; each release's revisions newest first. */
export function groupReleases(items: readonly PartialObjectMetadata[]): ReleaseSummary[] {
  const byKey = new Map<string, ReleaseSummary>();
  for (const item of items) {
    const rev = revisionFromSecret(item);
    if (!rev) continue;
    const key = `${rev.namespace}/${rev.release}`;
    let summary = byKey.get(key);
    if (!summary) {
      summary = { name: rev.release, namespace: rev.namespace, revisions: [] };
      byKey.set(key, summary);
    }
    summary.revisions.push(rev);
  }
  const releases = [...byKey.values()];
  for (const r of releases) r.revisions.sort((a, b) => b.revision - a.revision);
  return releases.sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
}

/** The revision helm list, helm status and helm rollback take as current: the newest (storage's Last). */
export function currentRevision(summary: ReleaseSummary): ReleaseRevisionMeta {
  const newest = summary.revisions[0];
  if (!newest) throw new Error(`release ${summary.name} has no revisions`);
  return newest;
}
