// Where the app lands: the pods of a context's namespace.
import type { ContextInfo } from '../../wire/contexts';
import { collectionPath, toUiPath } from '../k8s/paths';

export const PODS = { group: '', version: 'v1', resource: 'pods' };

/** The namespace a context starts in: its kubeconfig namespace, else "default". */
export function contextNamespace(info: ContextInfo | undefined): string {
  return info?.namespace || 'default';
}

/** /c/{context}/api/v1/namespaces/{namespace}/pods */
export function contextLandingPath(context: string, info: ContextInfo | undefined): string {
  return toUiPath(context, collectionPath(PODS, contextNamespace(info)));
}
