// authentication.k8s.io SelfSubjectReview ("kubectl auth whoami"): v1 from 1.28, v1beta1 from 1.27,
// v1alpha1 before (behind a feature gate). Servers without it (1.20) leave only the kubeconfig user's name.
import { kubeRequest } from '../api-client';

export interface UserInfo {
  username: string;
  uid: string;
  groups: string[];
  extra: Record<string, string[]>;
}

/** Preference order: the newest version the server serves wins. */
export const SELF_SUBJECT_REVIEW_VERSIONS = ['v1', 'v1beta1', 'v1alpha1'] as const;

/** The version to ask, from the authentication.k8s.io versions discovery lists; undefined when none serves it. */
export function selfSubjectReviewVersion(servesSelfSubjectReview: (version: string) => boolean): string | undefined {
  return SELF_SUBJECT_REVIEW_VERSIONS.find((v) => servesSelfSubjectReview(v));
}

interface SelfSubjectReviewBody {
  status?: { userInfo?: Partial<UserInfo> };
}

/** Who the server says the caller is. */
export async function reviewSelf(context: string, version: string, signal?: AbortSignal): Promise<UserInfo> {
  const body = { apiVersion: `authentication.k8s.io/${version}`, kind: 'SelfSubjectReview' };
  const response = await kubeRequest<SelfSubjectReviewBody>(context, `/apis/authentication.k8s.io/${version}/selfsubjectreviews`, {
    method: 'POST',
    contentType: 'application/json',
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const info = response.body?.status?.userInfo ?? {};
  return { username: info.username ?? '', uid: info.uid ?? '', groups: info.groups ?? [], extra: info.extra ?? {} };
}
