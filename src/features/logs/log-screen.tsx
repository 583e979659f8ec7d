// The log view shared by a pod's log and a workload's: options (kept in the URL), search, wrap, download,
// follow with pause/resume, the lines, and each stream's failure as the API reported it.
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { POD_WITHOUT_NODE } from '../../k8s/explain-status';
import { logFileName, type PodLogQuery } from '../../k8s/logs';
import { useLogPreferencesStore } from '../../stores/log-preferences-store';
import { logText } from './log-buffer';
import { searchLines } from './log-search';
import { LogViewer } from './log-viewer';
import { useLogStreams, type LogSource, type SourceState } from './use-log-streams';

export interface LogScreenProps {
  context: string;
  sources: LogSource[];
  query: PodLogQuery;
  onQueryChange: (query: PodLogQuery) => void;
  /** The container picker (pod logs) or nothing. */
  picker?: ReactNode;
  /** Name of the downloaded file's first part (the pod or workload). */
  downloadName: string;
  /** What is being looked at (a container, all of them): a new one clears the lines. */
  view: string;
}

const TAILS: [string, number | undefined][] = [['all', undefined], ['100', 100], ['1000', 1000], ['10000', 10000]];
const SINCES: [string, number | undefined][] = [['all time', undefined], ['5 minutes', 300], ['1 hour', 3600], ['24 hours', 86400]];

const checkboxLabel = 'inline-flex items-center gap-1 text-xs text-slate-700';
const button = 'rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/**
 * A 404 naming something other than the pod: kube-apiserver looked up the pod's node to reach its kubelet and
 * did not find it (1.20 words it as `pods "<node>" not found`).
 */
function logHint(s: SourceState, podPath: string | undefined): string | undefined {
  const pod = podPath?.split('/').pop();
  const named = s.error?.details?.name;
  if (s.error?.code === 404 && named && named !== pod) {
    return `The pod exists: "${named}" is its node, which the API server could not find to reach a kubelet, so no log can be read.`;
  }
  // The kubelet's refusals come back as 400s: nothing is wrong with the request, the container has no log (yet).
  if (s.error?.code === 400 && /is waiting to start|previous terminated container|is terminated/.test(s.error.message)) {
    return 'The kubelet has no log for this: the container has not run (or has no previous run). Its state is on the pod page, under Containers.';
  }
  return undefined;
}

export function LogScreen({ context, sources, query, onQueryChange, picker, downloadName, view }: LogScreenProps) {
  const { buffer, version, states } = useLogStreams(context, sources, query, view);
  const [wrap, setWrap] = useState(false);
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText);
  const [matchIndex, setMatchIndex] = useState(0);
  const [away, setAway] = useState(false);
  const onScrolledAway = useCallback((a: boolean) => setAway(a), []);
  const showSource = sources.length > 1;

  // eslint-disable-next-line react-hooks/exhaustive-deps -- version: the buffer changes in place
  const result = useMemo(() => searchLines(buffer.lines, search), [buffer, version, search]);
  const current = result.lines.length > 0 ? (result.lines[Math.min(matchIndex, result.lines.length - 1)] ?? null) : null;
  const remember = useLogPreferencesStore((state) => state.remember);
  const set = (patch: Partial<PodLogQuery>) => {
    // What the reader picks of these becomes the next log's default; other options belong to this log only.
    if (patch.follow !== undefined) remember({ follow: patch.follow });
    if ('tailLines' in patch) remember({ tailLines: patch.tailLines });
    onQueryChange({ ...query, ...patch });
  };

  const download = () => {
    const text = logText(buffer.lines, { timestamps: query.timestamps, prefix: showSource });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = logFileName(downloadName, sources.length === 1 ? (sources[0]?.container ?? '') : 'all', new Date());
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const entries = Object.entries(states);
  const failures = entries.filter(([, s]) => s.state === 'failed' || (s.state === 'reconnecting' && s.error));
  const following = query.follow && entries.some(([, s]) => s.state === 'streaming' || s.state === 'reconnecting' || s.state === 'connecting');
  const reconnecting = entries.some(([, s]) => s.state === 'reconnecting');
  const settled = entries.length === sources.length && entries.every(([, s]) => s.state === 'ended' || s.state === 'failed');
  const empty = buffer.lines.length === 0;
  const noContent = entries.length > 0 && entries.every(([, s]) => s.status === 204);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-1.5" role="toolbar" aria-label="Log options">
        {picker}
        <label className={checkboxLabel}>
          <input type="checkbox" checked={query.follow} onChange={(e) => set({ follow: e.target.checked })} data-testid="log-follow" />
          Follow
        </label>
        <label className={checkboxLabel}>
          <input type="checkbox" checked={query.previous} onChange={(e) => set({ previous: e.target.checked })} data-testid="log-previous" />
          Previous run
        </label>
        <label className={checkboxLabel}>
          <input type="checkbox" checked={query.timestamps} onChange={(e) => set({ timestamps: e.target.checked })} data-testid="log-timestamps" />
          Timestamps
        </label>
        <label className={checkboxLabel}>
          <input type="checkbox" checked={wrap} onChange={(e) => setWrap(e.target.checked)} data-testid="log-wrap" />
          Wrap
        </label>
        <label className="inline-flex items-center gap-1 text-xs text-slate-700">
          Last
          <select className="rounded border border-slate-300 px-1 py-0.5 text-xs" value={String(query.tailLines ?? 'all')} onChange={(e) => set({ tailLines: e.target.value === 'all' ? undefined : Number(e.target.value) })} data-testid="log-tail">
            {TAILS.map(([label]) => (
              <option key={label} value={label}>
                {label === 'all' ? 'all lines' : `${Number(label).toLocaleString('en-US')} lines`}
              </option>
            ))}
            {query.tailLines !== undefined && !TAILS.some(([, n]) => n === query.tailLines) && <option value={String(query.tailLines)}>{query.tailLines.toLocaleString('en-US')} lines</option>}
          </select>
        </label>
        <label className="inline-flex items-center gap-1 text-xs text-slate-700">
          Since
          <select
            className="rounded border border-slate-300 px-1 py-0.5 text-xs"
            value={String(query.sinceSeconds ?? '')}
            onChange={(e) => set({ sinceSeconds: e.target.value === '' ? undefined : Number(e.target.value) })}
            data-testid="log-since"
          >
            {SINCES.map(([label, seconds]) => (
              <option key={label} value={seconds === undefined ? '' : String(seconds)}>
                {label}
              </option>
            ))}
            {query.sinceSeconds !== undefined && !SINCES.some(([, s]) => s === query.sinceSeconds) && <option value={String(query.sinceSeconds)}>{query.sinceSeconds} s</option>}
          </select>
        </label>
        <div className="ml-auto flex items-center gap-1.5">
          <input
            type="search"
            placeholder="Search"
            aria-label="Search the log"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setMatchIndex(0);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && result.lines.length > 0) setMatchIndex((i) => (e.shiftKey ? (i - 1 + result.lines.length) % result.lines.length : (i + 1) % result.lines.length));
            }}
            className="w-44 rounded border border-slate-300 px-2 py-0.5 text-xs"
            data-testid="log-search"
          />
          {search !== '' && (
            <span className="text-xs text-slate-600" data-testid="log-match-count" aria-live="polite">
              {result.total} {result.total === 1 ? 'match' : 'matches'}
              {result.lines.length > 0 && ` · line ${Math.min(matchIndex, result.lines.length - 1) + 1}/${result.lines.length}`}
            </span>
          )}
          <button type="button" className={button} disabled={result.lines.length === 0} onClick={() => setMatchIndex((i) => (i - 1 + result.lines.length) % result.lines.length)} aria-label="Previous match">
            ↑
          </button>
          <button type="button" className={button} disabled={result.lines.length === 0} onClick={() => setMatchIndex((i) => (i + 1) % result.lines.length)} aria-label="Next match">
            ↓
          </button>
          <button type="button" className={button} onClick={download} disabled={empty} data-testid="log-download">
            Download
          </button>
        </div>
      </div>

      {failures.map(([label, s]) => (
        <div key={label} className="shrink-0 border-b border-slate-200 p-3">
          <KubeErrorPanel
            error={s.error}
            title={`${s.state === 'reconnecting' ? 'Reconnecting to' : 'Reading'} the log of ${label}`}
            testId="log-error"
            footer={s.state === 'reconnecting' ? 'Kubeglass tries again by itself and resumes after the last line shown.' : logHint(s, sources.find((x) => x.label === label)?.podPath)}
          />
        </div>
      ))}

      <div className="relative flex min-h-0 flex-1 flex-col">
        <LogViewer
          lines={buffer.lines}
          version={version}
          wrap={wrap}
          showTimestamps={query.timestamps}
          showSource={showSource}
          search={search}
          currentLine={current}
          stickToBottom={!away}
          onScrolledAway={onScrolledAway}
        />
        {empty && (settled || noContent) && failures.length === 0 && (
          <p className="absolute left-4 right-4 top-3 text-xs text-slate-300" data-testid="log-empty">
            {noContent
              ? `The server answered 204 No Content. ${POD_WITHOUT_NODE.meaning} ${POD_WITHOUT_NODE.recovery}`
              : 'No log lines for these options.'}
          </p>
        )}
        {query.follow && away && (
          <button type="button" onClick={() => setAway(false)} className="absolute bottom-3 right-6 rounded bg-indigo-600 px-3 py-1 text-xs font-medium text-white shadow hover:bg-indigo-500" data-testid="log-resume">
            Paused · jump to the newest line
          </button>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3 border-t border-slate-200 px-4 py-1 text-[11px] text-slate-500" data-testid="log-status">
        <span data-testid="log-line-count">{buffer.lines.length.toLocaleString('en-US')} {buffer.lines.length === 1 ? 'line' : 'lines'}</span>
        {buffer.dropped > 0 && <span>({buffer.dropped.toLocaleString('en-US')} oldest dropped to stay fluid)</span>}
        {following && !reconnecting && <span className="text-emerald-700" data-testid="log-following">following</span>}
        {reconnecting && <span className="text-amber-700">reconnecting, resuming after the last line</span>}
        {query.follow && away && <span className="text-amber-700">paused (scrolled up)</span>}
      </div>
    </div>
  );
}
