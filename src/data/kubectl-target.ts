// Where a printed kubectl line points kubectl: the context's kubeconfig details come from /-/contexts.
import type { KubectlTarget } from '../k8s/kubectl-command';
import { useContexts } from './contexts-query';

/** The target kubectl is pointed at for `context` (null: a URL outside any context). */
export function useKubectlTarget(context: string | null, origin: string = window.location.origin): KubectlTarget | null {
  const info = useContexts().data?.contexts.find((c) => c.name === context);
  return context === null ? null : { context, info, origin };
}

/**
 * Why no kubectl line can work for `context`, if so: a demo context is reached through kubeglass, which here demands
 * its access token, and kubectl sends a bearer token over HTTPS only (checked with kubectl 1.32: --token over http
 * goes unsent, so the line would get 401).
 */
export function useKubectlBlocked(context: string | null): string | null {
  const data = useContexts().data;
  const info = data?.contexts.find((c) => c.name === context);
  if (data?.accessTokenRequired !== true || info?.demo !== true) return null;
  return 'No kubectl line: this kubeglass demands its access token, and kubectl sends a token over HTTPS only. Use the curl line.';
}
