// The events of a raw watch as they arrive: type, kind/name, resourceVersion, the JSON on demand; ERROR events explained.
import { KubeErrorPanel } from '../../../components/ui/kube-error-panel';
import { errorFromWatchEvent } from '../../../k8s/kube-api-error';
import { metadataOf } from '../../../k8s/object-meta';
import { KEPT_EVENTS, type RawWatch, type StreamedEvent } from './use-raw-watch';

const TYPE_STYLE: Record<string, string> = {
  ADDED: 'bg-emerald-100 text-emerald-800',
  MODIFIED: 'bg-sky-100 text-sky-800',
  DELETED: 'bg-slate-200 text-slate-800',
  BOOKMARK: 'bg-violet-100 text-violet-800',
  ERROR: 'bg-red-100 text-red-800',
};

function subject(object: unknown): string {
  const kind = typeof object === 'object' && object !== null ? (object as { kind?: unknown }).kind : undefined;
  const meta = metadataOf(object);
  const name = [meta?.namespace, meta?.name].filter(Boolean).join('/');
  return [typeof kind === 'string' ? kind : '', name].filter(Boolean).join(' ');
}

function EventRow({ entry, url }: { entry: StreamedEvent; url: string }) {
  const { event } = entry;
  const rv = metadataOf(event.object)?.resourceVersion;
  return (
    <li data-testid="watch-event" data-type={event.type} className="border-b border-slate-100 py-1">
      <details>
        <summary className="flex cursor-pointer items-center gap-2 font-mono text-[12px]">
          <span className="w-10 text-right text-slate-400">#{entry.seq}</span>
          <span className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${TYPE_STYLE[event.type] ?? ''}`}>{event.type}</span>
          <span className="text-slate-800">{subject(event.object)}</span>
          {rv && <span className="text-slate-500">rv {rv}</span>}
          <span className="ml-auto text-slate-400">{new Date(entry.receivedAt).toLocaleTimeString()}</span>
        </summary>
        <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-[12px] text-slate-800">
          {JSON.stringify(event.object, null, 2)}
        </pre>
      </details>
      {event.type === 'ERROR' && <KubeErrorPanel error={errorFromWatchEvent(event.object, url)} title={`WATCH ${url}`} testId="watch-error" />}
    </li>
  );
}

const PHASE_TEXT = {
  idle: '',
  streaming: 'Streaming: events appear as the API sends them.',
  stopped: 'Stopped.',
  closed: 'The server ended the watch.',
} as const;

export function WatchStream({ watch }: { watch: RawWatch }) {
  return (
    <section aria-label="Watch events" className="space-y-2">
      <div className="flex items-center gap-3 text-sm">
        <span className="font-semibold text-slate-800" data-testid="watch-count">
          {watch.count} {watch.count === 1 ? 'event' : 'events'}
        </span>
        <span data-testid="watch-phase" data-phase={watch.phase} className="text-slate-600">
          {PHASE_TEXT[watch.phase]}
        </span>
        {watch.phase === 'streaming' && (
          <button type="button" onClick={watch.stop} className="rounded border border-red-300 bg-white px-3 py-1 text-xs font-medium text-red-700 hover:bg-red-50">
            Stop
          </button>
        )}
        {watch.count > KEPT_EVENTS && <span className="text-xs text-slate-500">showing the newest {KEPT_EVENTS}</span>}
      </div>
      <p className="font-mono text-[12px] text-slate-500">WATCH {watch.url} (through /-/ws)</p>
      {watch.closedBy && <KubeErrorPanel error={watch.closedBy} title={`WATCH ${watch.url}`} testId="watch-error" />}
      <ul className="rounded border border-slate-200 px-2">
        {watch.events.length === 0 ? <li className="py-2 text-sm text-slate-500">No events yet.</li> : watch.events.map((entry) => <EventRow key={entry.seq} entry={entry} url={watch.url} />)}
      </ul>
    </section>
  );
}
