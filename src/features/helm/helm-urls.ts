// The Helm screens' URLs: /c/{context}/-/helm?namespace= and /c/{context}/-/helm/{namespace}/{name}?view=...
import { toUiPath } from '../../k8s/paths';
import { viewSearch, type ReleaseViewState } from './release-view-state';

/** The releases in a namespace (null: in every namespace). */
export function helmReleasesUrl(context: string, namespace: string | null): string {
  return toUiPath(context, `/-/helm${namespace ? `?namespace=${encodeURIComponent(namespace)}` : ''}`);
}

/** One release, at a view. */
export function helmReleaseUrl(context: string, namespace: string, name: string, view: Partial<ReleaseViewState> = {}): string {
  return toUiPath(context, `/-/helm/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}${viewSearch(view)}`);
}
