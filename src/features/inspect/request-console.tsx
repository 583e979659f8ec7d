// The request console: every request and watch the SPA made, newest first, filtered; one selected shows in full.
import { useMemo, useState, useSyncExternalStore } from 'react';
import { requestRecorder, type RecordedRequest } from '../../k8s/request-recorder';
import { watchLog, type RecordedWatch } from '../../k8s/watch-log';
import { mergeEntries } from './console-entries';
import { RequestDetail } from './request-detail';
import { matchesFilter, matchesWatchFilter, statusClassOf, STATUS_CLASSES, type StatusClass } from './request-filter';
import { retryText } from './retry-text';
import { WatchDetail } from './watch-detail';
import { formatLifetime, watchLifetimeMs, watchQueryText, watchStatusText } from './watch-status';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'WATCH'];
const rowClass = 'flex w-full gap-2 px-3 py-0.5 text-left hover:bg-slate-100';
const selectClass = 'rounded border border-slate-300 bg-white px-1 py-0.5 text-xs';

function formatSize(request: RecordedRequest): string {
  const bytes = request.responseBody?.bytes;
  if (bytes === undefined) return '—';
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function statusColor(status: number): string {
  const statusClass = statusClassOf(status);
  if (statusClass === '2xx') return 'text-emerald-700';
  if (statusClass === '3xx') return 'text-sky-700';
  return 'text-red-700';
}

/** One of the console's filters: a choice among `options`, or none ('' = any). */
function FilterSelect({ label, any, options, value, onChange }: { label: string; any: string; options: readonly string[]; value: string | null; onChange: (value: string | null) => void }) {
  return (
    <select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} className={selectClass}>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

function RequestRow({ request: r, selected, onSelect }: { request: RecordedRequest; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="request-row"
      data-retry={r.retryOf ? r.retryOf.retry : undefined}
      className={`${rowClass} ${selected ? 'bg-indigo-50' : ''}`}
    >
      <span className="w-14 shrink-0 font-semibold">{r.method}</span>
      <span className="min-w-0 flex-1 truncate" title={r.path}>
        {r.path}
      </span>
      {r.retryOf && <span className="shrink-0 text-amber-700">{retryText(r.retryOf)}</span>}
      <span className={`shrink-0 ${statusColor(r.status)}`}>
        {r.status || 'failed'} {r.reason}
      </span>
      <span className="w-14 shrink-0 text-right text-slate-500">{Math.round(r.durationMs)} ms</span>
      <span className="w-16 shrink-0 text-right text-slate-500">{formatSize(r)}</span>
      {r.warnings.length > 0 && (
        <span className="shrink-0 text-amber-700" title={r.warnings.join('\n')}>
          ⚠ {r.warnings.length}
        </span>
      )}
    </button>
  );
}

function WatchRow({ watch: w, selected, onSelect }: { watch: RecordedWatch; selected: boolean; onSelect: () => void }) {
  const total = w.events.ADDED + w.events.MODIFIED + w.events.DELETED + w.events.ERROR;
  const status = watchStatusText(w);
  const query = watchQueryText(w.query);
  return (
    <button type="button" onClick={onSelect} aria-pressed={selected} data-testid="watch-row" data-open={w.end === null} className={`${rowClass} ${selected ? 'bg-indigo-50' : ''}`}>
      <span className="w-14 shrink-0 font-semibold text-violet-700">WATCH</span>
      <span className="min-w-0 flex-1 truncate" title={`${w.path}?${query}`}>
        {w.path}
        {query && <span className="text-slate-500">?{query}</span>}
      </span>
      <span className={`shrink-0 ${w.end === null ? 'text-emerald-700' : w.end.by === 'server' && w.end.code !== null ? 'text-red-700' : 'text-slate-600'}`}>{status}</span>
      <span className="shrink-0 text-slate-500" title="ADDED, MODIFIED, DELETED and ERROR events">
        {total} ev
      </span>
      <span className="w-14 shrink-0 text-right text-slate-500">{w.end === null ? '' : formatLifetime(watchLifetimeMs(w, 0))}</span>
    </button>
  );
}

export function RequestConsole({ onClose }: { onClose: () => void }) {
  const requests = useSyncExternalStore(requestRecorder.subscribe, requestRecorder.getSnapshot);
  const watches = useSyncExternalStore(watchLog.subscribe, watchLog.getSnapshot);
  const [text, setText] = useState('');
  const [statusClass, setStatusClass] = useState<StatusClass | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const entries = useMemo(() => mergeEntries(requests, watches), [requests, watches]);
  const shown = useMemo(() => {
    const filter = { text, statusClass, method };
    return entries.filter((e) => (e.kind === 'request' ? matchesFilter(e.request, filter) : matchesWatchFilter(e.watch, filter)));
  }, [entries, text, statusClass, method]);
  const selected = entries.find((e) => e.key === selectedKey);

  return (
    <section
      role="dialog"
      aria-label="API requests"
      data-testid="request-console"
      className="fixed inset-x-0 bottom-0 z-40 flex h-[45vh] flex-col border-t border-slate-300 bg-white shadow-lg"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-1.5">
        <h2 className="text-sm font-semibold">Requests</h2>
        <input
          aria-label="Filter requests"
          placeholder="Filter: path, status, reason, selector"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="w-64 rounded border border-slate-300 px-2 py-0.5 text-xs"
        />
        <FilterSelect label="Status class" any="Any status" options={STATUS_CLASSES} value={statusClass} onChange={(v) => setStatusClass(STATUS_CLASSES.find((c) => c === v) ?? null)} />
        <FilterSelect label="Method" any="Any method" options={METHODS} value={method} onChange={setMethod} />
        <span className="text-xs text-slate-500">
          {shown.length} of {entries.length}
        </span>
        <button
          type="button"
          onClick={() => {
            requestRecorder.clear();
            watchLog.clear();
          }} className="ml-auto rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100">
          Clear
        </button>
        <button type="button" onClick={onClose} aria-label="Close requests" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100">
          Close
        </button>
      </div>
      <div className="flex min-h-0 flex-1">
        <ul aria-label="Recorded requests" className="w-1/2 min-w-0 overflow-auto border-r border-slate-200 font-mono text-[12px]">
          {shown.map((e) => (
            <li key={e.key}>
              {e.kind === 'request' ? (
                <RequestRow request={e.request} selected={e.key === selectedKey} onSelect={() => setSelectedKey(e.key)} />
              ) : (
                <WatchRow watch={e.watch} selected={e.key === selectedKey} onSelect={() => setSelectedKey(e.key)} />
              )}
            </li>
          ))}
        </ul>
        <div className="w-1/2 min-w-0 overflow-auto">
          {selected?.kind === 'request' && <RequestDetail request={selected.request} origin={window.location.origin} />}
          {selected?.kind === 'watch' && <WatchDetail watch={selected.watch} origin={window.location.origin} />}
          {!selected && <p className="p-3 text-xs text-slate-500">Select a request or watch to see it in full.</p>}
        </div>
      </div>
    </section>
  );
}
