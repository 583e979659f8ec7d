// "/" and "/c/{context}": go to the pods of the (default) context's namespace.
import { KubeErrorPanel } from '../components/ui/kube-error-panel';
import { useContexts } from '../data/contexts-query';
import { contextLandingPath } from './default-paths';
import { Redirect } from './router/redirect';

export function HomeRedirect({ context }: { context?: string }) {
  const contexts = useContexts();
  if (contexts.isPending) {
    return (
      <p role="status" data-testid="loading" className="p-6 text-sm text-slate-500">
        Loading contexts…
      </p>
    );
  }
  if (contexts.isError && !context) {
    return (
      <div className="p-6">
        <KubeErrorPanel error={contexts.error} title="Loading contexts" onRetry={() => void contexts.refetch()} />
      </div>
    );
  }
  const target = context ?? contexts.data?.default ?? 'demo';
  const info = contexts.data?.contexts.find((c) => c.name === target);
  return <Redirect to={contextLandingPath(target, info)} />;
}
