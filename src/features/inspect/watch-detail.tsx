// One recorded watch over /-/ws: what it asked for, what came back, how it ended, and its `kubectl get -w`.
import { useEffect, useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { errorFromStatus, type KubeApiError } from '../../k8s/kube-api-error';
import { kubectlCommandOfWatch } from '../../k8s/kubectl-command-of-request';
import type { RecordedWatch, WatchEventType } from '../../k8s/watch-log';
import { useKubectlBlocked, useKubectlTarget } from '../../data/kubectl-target';
import { KubectlLine } from './kubectl-line';
import { formatLifetime, watchLifetimeMs, watchQueryText, watchStatusText } from './watch-status';

const EVENT_TYPES: readonly WatchEventType[] = ['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'];

/** The current time, once a second while `ticking` (an open watch's lifetime grows). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The Status that ended a watch, as the inspector explains any failure. */
function closingError(watch: RecordedWatch): KubeApiError | null {
  const end = watch.end;
  if (end?.by !== 'server' || end.code === null || end.code < 400) return null;
  return errorFromStatus({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: end.code, reason: end.reason, message: end.message }, 'WATCH', watch.path);
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-mono text-slate-800" data-testid={testId}>
        {value}
      </dd>
    </>
  );
}

export function WatchDetail({ watch, origin }: { watch: RecordedWatch; origin: string }) {
  const now = useNow(watch.end === null);
  const target = useKubectlTarget(watch.context, origin);
  const blocked = useKubectlBlocked(watch.context);
  const kubectl = target && kubectlCommandOfWatch(target, watch);
  const error = closingError(watch);
  const query = watchQueryText(watch.query);
  return (
    <div className="space-y-3 p-3 text-sm" data-testid="watch-detail">
      <p className="break-all font-mono text-[12px]">
        WATCH {watch.path}
        {query && `?${query}`} <span className="text-slate-500">over /-/ws, as {watch.as}</span>
      </p>
      <KubectlLine command={kubectl ?? null} blocked={blocked} />
      {error && <KubeErrorPanel error={error} title={`Watch ${watch.path}`} testId="watch-error" />}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-xs">
        <Figure label="Context" value={watch.context} />
        <Figure label="Status" value={watchStatusText(watch)} testId="watch-status" />
        <Figure label="Started" value={new Date(watch.startedAt).toLocaleTimeString()} />
        <Figure label={watch.end ? 'Lifetime' : 'Open for'} value={formatLifetime(watchLifetimeMs(watch, now))} testId="watch-lifetime" />
        <Figure label="From resourceVersion" value={watch.startResourceVersion ?? '(now)'} />
        <Figure label="Last resourceVersion" value={watch.lastResourceVersion ?? '—'} testId="watch-last-rv" />
        {EVENT_TYPES.map((type) => (
          <Figure key={type} label={type} value={watch.events[type]} testId={`watch-count-${type}`} />
        ))}
        <Figure label="Reconnects" value={watch.reconnects} testId="watch-reconnects" />
        <Figure label="410 re-lists" value={watch.expired} testId="watch-expired" />
        <Figure label="Closed" value={watch.end === null ? 'still open' : watch.end.by === 'app' ? 'unwatched by the app' : 'by the server'} />
      </dl>
    </div>
  );
}
