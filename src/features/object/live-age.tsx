import { ageOf } from '../../k8s/duration';
import { useNow } from '../../components/use-now';

/** kubectl-style age of a timestamp that keeps ticking; the exact time is in the title. */
export function LiveAge({ timestamp, testId }: { timestamp: string | null | undefined; testId?: string }) {
  const now = useNow();
  if (!timestamp) return <span className="text-slate-400">—</span>;
  return (
    <time dateTime={timestamp} title={timestamp} data-testid={testId}>
      {ageOf(timestamp, now) ?? timestamp}
    </time>
  );
}
