// The kubectl line of a request or watch, or why there is none; the context's kubeconfig details come from /-/contexts.
import { CopyLine } from '../../components/ui/copy-line';
import { useContexts } from '../../data/contexts-query';
import type { KubectlTarget } from '../../k8s/kubectl-command';

/** The target kubectl is pointed at for `context` (null: a URL outside any context). */
export function useKubectlTarget(context: string | null, origin: string): KubectlTarget | null {
  const info = useContexts().data?.contexts.find((c) => c.name === context);
  return context === null ? null : { context, info, origin };
}

export function KubectlLine({ command, readsBody = false }: { command: string | null; readsBody?: boolean }) {
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
