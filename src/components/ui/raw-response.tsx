// The failed response exactly as received, behind a disclosure: request, status line, headers, body (text, never HTML).
import type { KubeErrorRaw } from '../../k8s/kube-api-error';

function statusLine(raw: KubeErrorRaw): string {
  if (raw.method === 'WATCH') return 'Watch ERROR event (the stream itself answered 200)';
  if (raw.httpStatus === 0) return 'No response: the request failed before an answer arrived';
  return `HTTP ${raw.httpStatus}${raw.statusText ? ` ${raw.statusText}` : ''}`;
}

export function RawResponse({ raw }: { raw: KubeErrorRaw }) {
  const headers = raw.headers ?? [];
  return (
    <details className="mt-2 text-xs" data-testid="error-raw">
      <summary className="cursor-pointer select-none font-medium text-red-800">Raw response</summary>
      <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-all rounded border border-red-200 bg-white p-2 font-mono text-[12px] text-slate-800">
        <span data-testid="error-raw-request">
          {raw.method} {raw.url}
        </span>
        {'\n'}
        <span data-testid="error-raw-status">{statusLine(raw)}</span>
        {headers.length > 0 && (
          <span data-testid="error-raw-headers">
            {headers.map(([name, value]) => `\n${name}: ${value}`).join('')}
          </span>
        )}
        {'\n\n'}
        {/* React renders this as text: a proxy's HTML page is shown, never interpreted. */}
        <span data-testid="error-raw-body">{raw.body === '' ? '(empty body)' : raw.body}</span>
      </pre>
    </details>
  );
}
