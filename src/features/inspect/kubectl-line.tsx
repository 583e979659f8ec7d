// The kubectl line of a request or watch, or why there is none; the context's kubeconfig details come from /-/contexts.
import { CopyLine } from '../../components/ui/copy-line';
import { useContexts } from '../../data/contexts-query';
import type { KubectlTarget } from '../../k8s/kubectl-command';

/** The target kubectl is pointed at for `context` (null: a URL outside any context). */
export function useKubectlTarget(context: string | null, origin: string): KubectlTarget | null {
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

export function KubectlLine({ command, readsBody = false, blocked = null }: { command: string | null; readsBody?: boolean; blocked?: string | null }) {
  if (blocked !== null) {
    return (
      <p data-testid="request-kubectl-none" className="text-xs text-slate-500">
        {blocked}
      </p>
    );
  }
  if (command === null) {
    return (
      <p data-testid="request-kubectl-none" className="text-xs text-slate-500">
        No kubectl equivalent: kubectl has no command that sends this request as it is.
      </p>
    );
  }
  return (
    <>
      <CopyLine text={command} copyLabel="Copy kubectl" testId="request-kubectl" />
      {readsBody && <p className="text-xs text-slate-600">kubectl reads the request body below from stdin: pipe it in.</p>}
    </>
  );
}
