// One recorded request: its curl and kubectl lines, request and response headers and bodies (text, never HTML),
// its error explained, and whether it retried a failed read.
import { CopyLine } from '../../components/ui/copy-line';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { kubectlCommandOfRequest } from '../../k8s/kubectl-command-of-request';
import type { RecordedRequest } from '../../k8s/request-recorder';
import { curlCommand } from './curl-command';
import { useContexts } from '../../data/contexts-query';
import { useKubectlBlocked, useKubectlTarget } from '../../data/kubectl-target';
import { KubectlLine } from './kubectl-line';
import { RecordedBody } from './recorded-body';
import { recordedError } from './recorded-error';
import { retryText } from './retry-text';

function Headers({ title, headers }: { title: string; headers: ReadonlyArray<readonly [string, string]> }) {
  return (
    <section>
      <h3 className="text-xs font-semibold text-slate-700">{title}</h3>
      <pre className="whitespace-pre-wrap break-all font-mono text-[12px] text-slate-800">
        {headers.length ? headers.map(([name, value]) => `${name}: ${value}`).join('\n') : '(none)'}
      </pre>
    </section>
  );
}

export function RequestDetail({ request, origin }: { request: RecordedRequest; origin: string }) {
  const accessTokenRequired = useContexts().data?.accessTokenRequired;
  const curl = curlCommand(origin, request, accessTokenRequired === undefined ? {} : { accessToken: accessTokenRequired });
  const target = useKubectlTarget(request.context, origin);
  const blocked = useKubectlBlocked(request.context);
  const kubectl = target && kubectlCommandOfRequest(target, request);
  const error = recordedError(request);
  const sent: Array<[string, string]> = [['Accept', request.accept]];
  if (request.contentType) sent.push(['Content-Type', request.contentType]);
  return (
    <div className="space-y-3 p-3 text-sm" data-testid="request-detail">
      <CopyLine text={curl} copyLabel="Copy curl" testId="request-curl" />
      {request.requestBody && curl.includes('@-') && <p className="text-xs text-slate-600">Pipe the request body below into this command (it reads stdin).</p>}
      <KubectlLine command={kubectl?.command ?? null} readsBody={kubectl?.readsBody} blocked={blocked} />
      {request.retryOf && (
        <p data-testid="request-retry" className="text-xs text-amber-800">
          {retryText(request.retryOf)} after request #{request.retryOf.afterId} failed
        </p>
      )}
      {error && <KubeErrorPanel error={error} title={`${request.method} ${request.path}`} testId="request-error" />}
      {/* The answer first: in a panel this low, headers would push the body out of sight. */}
      <RecordedBody title="Response body" body={request.responseBody} testId="response-body" />
      {request.requestBody && <RecordedBody title="Request body" body={request.requestBody} testId="request-body" />}
      <Headers title="Request headers" headers={sent} />
      <Headers title={request.status ? `Response headers (HTTP ${request.status} ${request.statusText})` : 'No response'} headers={request.responseHeaders} />
    </div>
  );
}
