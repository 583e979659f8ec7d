// The request console: every request the SPA made, newest first, filtered; one selected shows in full.
import { useMemo, useState, useSyncExternalStore } from 'react';
import { requestRecorder, type RecordedRequest } from '../../k8s/request-recorder';
import { RequestDetail } from './request-detail';
import { matchesFilter, statusClassOf, STATUS_CLASSES, type StatusClass } from './request-filter';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
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

export function RequestConsole({ onClose }: { onClose: () => void }) {
  const requests = useSyncExternalStore(requestRecorder.subscribe, requestRecorder.getSnapshot);
  const [text, setText] = useState('');
  const [statusClass, setStatusClass] = useState<StatusClass | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const shown = useMemo(() => requests.filter((r) => matchesFilter(r, { text, statusClass, method })), [requests, text, statusClass, method]);
  const selected = requests.find((r) => r.id === selectedId);

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
          placeholder="Filter: path, status, reason"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="w-64 rounded border border-slate-300 px-2 py-0.5 text-xs"
        />
        <FilterSelect label="Status class" any="Any status" options={STATUS_CLASSES} value={statusClass} onChange={(v) => setStatusClass(STATUS_CLASSES.find((c) => c === v) ?? null)} />
        <FilterSelect label="Method" any="Any method" options={METHODS} value={method} onChange={setMethod} />
        <span className="text-xs text-slate-500">
          {shown.length} of {requests.length}
        </span>
        <button type="button" onClick={() => requestRecorder.clear()} className="ml-auto rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100">
          Clear
        </button>
        <button type="button" onClick={onClose} aria-label="Close requests" className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100">
          Close
        </button>
      </div>
      <div className="flex min-h-0 flex-1">
        <ul aria-label="Recorded requests" className="w-1/2 min-w-0 overflow-auto border-r border-slate-200 font-mono text-[12px]">
          {shown.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => setSelectedId(r.id)}
                aria-pressed={r.id === selectedId}
                data-testid="request-row"
                className={`flex w-full gap-2 px-3 py-0.5 text-left hover:bg-slate-100 ${r.id === selectedId ? 'bg-indigo-50' : ''}`}
              >
                <span className="w-14 shrink-0 font-semibold">{r.method}</span>
                <span className="min-w-0 flex-1 truncate" title={r.path}>
                  {r.path}
                </span>
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
            </li>
          ))}
        </ul>
        <div className="w-1/2 min-w-0 overflow-auto">
          {selected ? <RequestDetail request={selected} origin={window.location.origin} /> : <p className="p-3 text-xs text-slate-500">Select a request to see it in full.</p>}
        </div>
      </div>
    </section>
  );
}
