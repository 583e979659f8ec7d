// Small pieces the Helm screens share: the status word, the time of a revision, the table look.
import { useNow } from '../../components/use-now';
import { ageOf } from '../../k8s/duration';

const STATUS_CLASS: Record<string, string> = {
  deployed: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  superseded: 'bg-slate-50 text-slate-600 border-slate-200',
  failed: 'bg-red-50 text-red-800 border-red-200',
};
const PENDING_CLASS = 'bg-amber-50 text-amber-800 border-amber-200';

/** A release status as helm names it. */
export function StatusBadge({ status }: { status: string }) {
  const look = STATUS_CLASS[status] ?? (status.startsWith('pending') || status === 'uninstalling' ? PENDING_CLASS : 'bg-slate-50 text-slate-600 border-slate-200');
  return <span data-testid="helm-status" className={`inline-block rounded border px-1.5 text-[11px] font-medium ${look}`}>{status}</span>;
}

/** How long ago, the exact time in the title. */
export function Updated({ timestamp }: { timestamp: string }) {
  const now = useNow();
  if (!timestamp) return <span className="text-slate-400">—</span>;
  return (
    <time dateTime={timestamp} title={timestamp}>
      {ageOf(timestamp, now) ?? timestamp}
    </time>
  );
}

export const TABLE_CLASS = 'w-full border-collapse text-left text-[13px]';
export const TH_CLASS = 'sticky top-0 bg-white px-3 py-2 text-xs font-medium whitespace-nowrap text-slate-500 shadow-[inset_0_-1px_0] shadow-slate-200';
export const TD_CLASS = 'px-3 py-1.5 align-baseline';
export const ROW_CLASS = 'border-b border-slate-100 text-slate-700 hover:bg-slate-50';
export const LINK_CLASS = 'text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500';
export const PRE_CLASS = 'overflow-auto rounded border border-slate-200 bg-slate-50 p-3 font-mono text-[12px] leading-5 whitespace-pre text-slate-800';
export const SELECT_CLASS = 'rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-800';
