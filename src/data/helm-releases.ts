// Helm releases from the Secrets helm keeps: the list and the history come from the Secrets' metadata alone
// (PartialObjectMetadataList, so no release data travels for a list); one revision's Secret is read and decoded
// only when that revision is shown.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { kubeRequest } from '../k8s/api-client';
import { decodeReleaseSecretData } from '../k8s/helm/release-data';
import type { HelmRelease } from '../k8s/helm/release';
import { groupReleases, HELM_OWNER_SELECTOR, releaseSecretPath, releaseSecretsPath, type ReleaseSummary } from '../k8s/helm/release-secrets';
import type { KubeObject } from '../k8s/kube-object';
import type { ListMeta, PartialObjectMetadata } from '../k8s/object-meta';
import { k8sKeys } from './query-keys';

const METADATA_LIST = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1beta1';
const PAGE = 500;
/** Helm rewrites the Secrets on every install, upgrade and rollback; a list this old is asked again when shown. */
const LIST_STALE_MS = 10_000;

interface MetadataList {
  metadata?: ListMeta;
  items?: PartialObjectMetadata[];
}

async function listReleaseSecrets(context: string, namespace: string | null, labelSelector: string, signal: AbortSignal): Promise<PartialObjectMetadata[]> {
  const items: PartialObjectMetadata[] = [];
  let token: string | undefined;
  do {
    const { body } = await kubeRequest<MetadataList>(context, releaseSecretsPath(namespace), { accept: METADATA_LIST, query: { labelSelector, limit: PAGE, continue: token }, signal });
    items.push(...(body.items ?? []));
    token = body.metadata?.continue || undefined;
  } while (token);
  return items;
}

function releasesQueryOptions(context: string, namespace: string | null, labelSelector: string) {
  return queryOptions({
    queryKey: k8sKeys.helmReleases(context, namespace, labelSelector),
    queryFn: async ({ signal }): Promise<ReleaseSummary[]> => groupReleases(await listReleaseSecrets(context, namespace, labelSelector, signal)),
    staleTime: LIST_STALE_MS,
  });
}

/** Every release in a namespace (null: in every namespace). */
export function useHelmReleases(context: string, namespace: string | null) {
  return useQuery(releasesQueryOptions(context, namespace, HELM_OWNER_SELECTOR));
}

/** One release's revisions (null data: no Secret of it is left). */
export function useHelmReleaseHistory(context: string, namespace: string, name: string) {
  return useQuery({
    ...releasesQueryOptions(context, namespace, `${HELM_OWNER_SELECTOR},name=${name}`),
    select: (releases: ReleaseSummary[]) => releases.find((r) => r.name === name && r.namespace === namespace) ?? null,
  });
}

export function helmRevisionQueryOptions(context: string, namespace: string, release: string, revision: number) {
  return queryOptions({
    queryKey: k8sKeys.helmRevision(context, namespace, release, revision),
    queryFn: async ({ signal }): Promise<HelmRelease> => {
      const { body } = await kubeRequest<KubeObject & { data?: Record<string, string> }>(context, releaseSecretPath(namespace, release, revision), { signal });
      return decodeReleaseSecretData(body.data?.release);
    },
    // A revision's content never changes; its status does, and the history shows that from the labels.
    // Bad release data (HelmReleaseDataError) is not retried: the client retries KubeApiErrors only.
    staleTime: 5 * 60_000,
  });
}

/** One revision of a release, decoded (disabled while revision is null). */
export function useHelmRevision(context: string, namespace: string, release: string, revision: number | null) {
  return useQuery({ ...helmRevisionQueryOptions(context, namespace, release, revision ?? 0), enabled: revision !== null });
}

/** Every revision of a release, decoded: what the history's chart, app version and description columns need. */
export function useAllRevisions(context: string, release: ReleaseSummary) {
  return useQueries({ queries: release.revisions.map((r) => helmRevisionQueryOptions(context, release.namespace, release.name, r.revision)) });
}

/** The current revision of each release, decoded: what the list's chart and app version columns need. */
export function useCurrentRevisions(context: string, releases: readonly ReleaseSummary[]) {
  const combine = useCallback((results: Array<{ data?: HelmRelease; error: unknown }>) => results.map((r) => ({ data: r.data, error: r.error })), []);
  return useQueries({
    queries: releases.map((r) => helmRevisionQueryOptions(context, r.namespace, r.name, r.revisions[0]?.revision ?? 0)),
    combine,
  });
}
