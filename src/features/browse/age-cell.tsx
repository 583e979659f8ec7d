import { ageOf } from '../../k8s/duration';
import { useNow } from '../../components/use-now';

/** Age that keeps ticking: computed from creationTimestamp, not the server's frozen string. */
export function AgeCell({ timestamp, fallback }: { timestamp: string; fallback: string }) {
  const now = useNow();
  return (
    <time dateTime={timestamp} title={timestamp}>
      {ageOf(timestamp, now) ?? fallback}
    </time>
  );
}
