// Under a 401 or 403: what the cluster refused and why, in words, with who the user is where the server can say.
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { useKubectlBlocked, useKubectlTarget } from '../../data/kubectl-target';
import { useWhoAmI } from '../../data/whoami-query';
import { canIWords, resourceName, type AccessAttributes } from '../../k8s/access/access-review';
import { deniedRequest } from '../../k8s/access/denied-request';
import type { KubeApiError } from '../../k8s/kube-api-error';
import { kubectlLine } from '../../k8s/kubectl-command';

/** The context of a request through the proxy (`/k8s/{context}/...`). */
function contextOf(url: string): string | undefined {
  const match = /^\/k8s\/([^/?]+)/.exec(url);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

function WhoAmILine({ context }: { context: string }) {
  const who = useWhoAmI(context);
  if (!who) return <span data-testid="whoami">Asking the server who you are…</span>;
  if (who.source === 'SelfSubjectReview') {
    return (
      <span data-testid="whoami">
        The server knows you as <span className="font-mono font-semibold">{who.user.username}</span>
        {who.user.groups.length > 0 && <> (groups {who.user.groups.join(', ')})</>}.
      </span>
    );
  }
  return (
    <span data-testid="whoami">
      You use the kubeconfig user <span className="font-mono font-semibold">{who.userName ?? 'unknown'}</span> of context {context}; this server cannot say more
      (SelfSubjectReview arrived in Kubernetes 1.27).
    </span>
  );
}

/** The same question from a shell, asked as the context's own user (the shell's current context may be another). */
function CanIAsk({ context, denied }: { context: string; denied: AccessAttributes }) {
  const target = useKubectlTarget(context);
  const blocked = useKubectlBlocked(context);
  // Until /-/contexts answers, the flags that make kubectl ask as this context's user are unknown.
  if (target?.info === undefined || blocked !== null) return null;
  return (
    <>
      {' '}Ask:{' '}
      <code className="select-all rounded bg-white/70 px-1 font-mono" data-testid="can-i-ask">
        {kubectlLine(target, canIWords(denied))}
      </code>
    </>
  );
}

/** The explanation of a 401 or a 403; nothing for other errors. */
export function AccessErrorExplanation({ error }: { error: KubeApiError }) {
  const hasQueryClient = useContext(QueryClientContext) !== undefined;
  const context = contextOf(error.raw.url);
  if (error.code === 401) {
    return (
      <p data-testid="access-explanation" className="mt-2 text-xs text-red-800">
        The cluster rejected the credentials of context {context ?? ''}. Check its user in the kubeconfig: an expired or revoked token, an exec
        plugin that failed (run the kubeconfig&apos;s command by hand), or a client certificate that expired or that the cluster&apos;s CA does not trust.
      </p>
    );
  }
  if (error.code !== 403) return null;
  const denied = deniedRequest(error.raw.method, error.raw.url);
  return (
    <div data-testid="access-explanation" className="mt-2 space-y-1 text-xs text-red-800">
      {denied && (
        <p>
          Denied: <span className="font-mono font-semibold" data-testid="denied-verb">{denied.verb}</span> on{' '}
          <span className="font-mono font-semibold" data-testid="denied-resource">{resourceName(denied)}</span>
          {denied.name && <> named <span className="font-mono">{denied.name}</span></>}
          {denied.namespace ? <> in namespace <span className="font-mono">{denied.namespace}</span></> : <> at the cluster scope</>}.
          {context && hasQueryClient && <CanIAsk context={context} denied={denied} />}
        </p>
      )}
      {context && hasQueryClient && (
        <p>
          <WhoAmILine context={context} />
        </p>
      )}
    </div>
  );
}
