// One recorded request: the curl line, request and response headers and bodies (text, never HTML), and its error explained.
import { useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import type { RecordedBody, RecordedRequest } from '../../k8s/request-recorder';
import { curlCommand } from './curl-command';
import { prettyBody, recordedError } from './recorded-error';

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

function Body({ title, body, testId }: { title: string; body: RecordedBody | null; testId: string }) {
  return (
    <section>
      <h3 className="text-xs font-semibold text-slate-700">
        {title}
        {body?.truncated && <span className="ml-2 font-normal text-amber-700">truncated: {body.bytes} bytes in all</span>}
      </h3>
      {/* React renders this as text: an HTML error page is shown, never interpreted. */}
      <pre data-testid={testId} className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded border border-slate-200 bg-slate-50 p-2 font-mono text-[12px] text-slate-800">
        {body === null || body.text === '' ? '(empty)' : body.truncated ? body.text : prettyBody(body.text)}
      </pre>
    </section>
  );
}

export function RequestDetail({ request, origin }: { request: RecordedRequest; origin: string }) {
  const [copied, setCopied] = useState(false);
  const curl = curlCommand(origin, request);
  const error = recordedError(request);
  const sent: Array<[string, string]> = [['Accept', request.accept]];
  if (request.contentType) sent.push(['Content-Type', request.contentType]);
  const copy = () => {
    void navigator.clipboard?.writeText(curl).then(() => setCopied(true));
  };
  return (
    <div className="space-y-3 p-3 text-sm" data-testid="request-detail">
      <div className="flex items-start gap-2">
        <code data-testid="request-curl" className="min-w-0 flex-1 select-all break-all rounded bg-slate-900 px-2 py-1 font-mono text-[12px] text-slate-100">
          {curl}
        </code>
        <button type="button" onClick={copy} className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {request.requestBody && curl.includes('@-') && <p className="text-xs text-slate-600">Pipe the request body below into this command (it reads stdin).</p>}
      {error && <KubeErrorPanel error={error} title={`${request.method} ${request.path}`} testId="request-error" />}
      <Headers title="Request headers" headers={sent} />
      {request.requestBody && <Body title="Request body" body={request.requestBody} testId="request-body" />}
      <Headers title={request.status ? `Response headers (HTTP ${request.status} ${request.statusText})` : 'No response'} headers={request.responseHeaders} />
      <Body title="Response body" body={request.responseBody} testId="response-body" />
    </div>
  );
}
