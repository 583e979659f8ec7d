// The raw request tool: the whole request lives in the URL's query, so it can be shared as a link. Only the selected
// context's API is reachable, a link sends only a GET on open, and a watch streams through the tab's /-/ws.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RecordedRequest } from '../../../k8s/request-recorder';
import { fetchRaw } from '../../../k8s/raw-fetch';
import { toUiPath } from '../../../k8s/paths';
import { RequestDetail } from '../request-detail';
import { apiPathProblem, splitApiPath } from './api-path-guard';
import { BodyEditor } from './body-editor';
import { prepareBody, type BodyProblem } from './request-body';
import { RequestForm } from './request-form';
import { requestTarget } from './request-target';
import { ACCEPT_HEADERS, CONTENT_TYPES, isWrite, parseRawRequest, sendsOnOpen, serializeRawRequest, type RawRequest } from './request-url';
import type { RawRequestTools } from './raw-request-tools';
import { useRawWatch } from './use-raw-watch';
import { WatchStream } from './watch-stream';

export interface RawRequestPageProps {
  context: string;
  /** The URL's query: verb, path, accept, contentType, dryRun, fieldManager, body, send. */
  search: string;
  tools: RawRequestTools;
  /** Replaces the page's URL (history.replaceState): the link follows every edit without piling up history. */
  onReplaceUrl: (to: string) => void;
}

export function RawRequestPage({ context, search, tools, onReplaceUrl }: RawRequestPageProps) {
  const [opened] = useState(() => parseRawRequest(search));
  const [request, setRequest] = useState<RawRequest>(opened.request);
  const [linkProblems, setLinkProblems] = useState(opened.problems);
  const [editorKey, setEditorKey] = useState(0);
  const [bodyProblems, setBodyProblems] = useState<BodyProblem[]>([]);
  const [response, setResponse] = useState<RecordedRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [showing, setShowing] = useState<'response' | 'watch'>('response');
  const [refusedOnOpen, setRefusedOnOpen] = useState(opened.send && !sendsOnOpen(opened));
  const written = useRef(search);
  const inFlight = useRef<AbortController | null>(null);
  const watch = useRawWatch(context);
  const pathProblem = apiPathProblem(request.path);
  const write = isWrite(request.verb);

  // A new link opened on this page (header link, back/forward) replaces the request; our own replaceState does not.
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    const parsed = parseRawRequest(search);
    setRequest(parsed.request);
    setLinkProblems(parsed.problems);
    setRefusedOnOpen(parsed.send && !sendsOnOpen(parsed));
    setEditorKey((k) => k + 1);
  }, [search]);

  const update = useCallback(
    (next: RawRequest) => {
      setRequest(next);
      const query = serializeRawRequest(next);
      written.current = query;
      onReplaceUrl(`${toUiPath(context, '/-/request')}${query}`);
    },
    [context, onReplaceUrl],
  );

  const send = useCallback(async () => {
    if (apiPathProblem(request.path) !== null) return;
    const { pathname, params, watch: watching } = splitApiPath(request.path);
    setRefusedOnOpen(false);
    if (watching && request.verb === 'GET') {
      setResponse(null);
      setShowing('watch');
      watch.start({ pathname, query: Object.fromEntries(params), asTable: request.accept === 'table' });
      return;
    }
    let body: string | undefined;
    if (write) {
      const prepared = prepareBody(request.body, request.contentType);
      if (!prepared.ok) {
        setBodyProblems(prepared.problems);
        return;
      }
      body = prepared.text;
    }
    setBodyProblems([]);
    watch.stop();
    setShowing('response');
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setSending(true);
    const record = await fetchRaw(context, requestTarget(request), {
      method: request.verb,
      accept: ACCEPT_HEADERS[request.accept],
      contentType: write ? CONTENT_TYPES[request.contentType] : undefined,
      body,
      signal: controller.signal,
    });
    if (controller.signal.aborted) return;
    inFlight.current = null;
    setSending(false);
    setResponse(record);
  }, [context, request, watch, write]);

  // send=1 sends a GET once on open; any other verb waits for the user's click (a link never changes a cluster).
  const sentOnOpen = useRef(false);
  useEffect(() => {
    if (sentOnOpen.current || !sendsOnOpen(opened)) return;
    sentOnOpen.current = true;
    void send();
  }, [opened, send]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    if (pathProblem === null && !sending && watch.phase !== 'streaming') void send();
  };

  const shareLink = useMemo(() => `${window.location.origin}${toUiPath(context, '/-/request')}${serializeRawRequest(request, { send: request.verb === 'GET' })}`, [context, request]);

  return (
    <div className="h-full space-y-3 overflow-auto p-4" onKeyDownCapture={onKeyDownCapture} data-testid="raw-request">
      <div className="flex items-baseline gap-3">
        <h1 className="text-lg font-semibold text-slate-900">Raw request</h1>
        <span className="text-sm text-slate-600">
          to the API of <span className="font-mono">{context}</span>, through the kubeglass proxy
        </span>
        <button type="button" onClick={() => void navigator.clipboard?.writeText(shareLink)} className="ml-auto text-xs text-indigo-700 hover:underline" title={shareLink}>
          Copy link
        </button>
      </div>
      {linkProblems.length > 0 && (
        <ul role="status" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          {linkProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {refusedOnOpen && (
        <p role="status" data-testid="not-sent-on-open" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This link asks to send a {request.verb} on open. Links only ever send a GET by themselves: check the request and press Send to send it.
        </p>
      )}
      <RequestForm
        context={context}
        request={request}
        onChange={update}
        onSend={() => void send()}
        pathProblem={pathProblem}
        watching={watch.phase === 'streaming'}
        sending={sending}
      />
      {write && (
        <BodyEditor
          key={editorKey}
          context={context}
          request={request}
          tools={tools}
          problems={bodyProblems}
          response={response}
          onChange={(body) => update({ ...request, body })}
          onSend={() => void send()}
        />
      )}
      {showing === 'watch' ? <WatchStream watch={watch} /> : response && <Answer response={response} />}
    </div>
  );
}

/** The status line first (what a user looks for), then the whole exchange as the request console shows it. */
function Answer({ response }: { response: RecordedRequest }) {
  const ok = response.status >= 200 && response.status < 300;
  return (
    <section aria-label="Response" className="rounded border border-slate-200">
      <p data-testid="response-status" className={`border-b border-slate-200 px-3 py-1.5 font-mono text-sm ${ok ? 'text-emerald-700' : 'text-red-700'}`}>
        {response.status ? `HTTP ${response.status} ${response.statusText}` : `No response (${response.reason})`}
        <span className="ml-3 text-xs text-slate-500">{Math.round(response.durationMs)} ms</span>
      </p>
      <RequestDetail request={response} origin={window.location.origin} />
    </section>
  );
}
