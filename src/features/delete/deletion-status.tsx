// On the object page: what a requested deletion still waits for (finalizers, a pod's grace period).
import type { KubeObject } from '../../k8s/kube-object';
import { finalizerNote, pendingDeletion } from './delete-options';

export function DeletionStatus({ object }: { object: KubeObject }) {
  const pending = pendingDeletion(object);
  if (!pending) return null;
  return (
    <section aria-label="Deletion" role="status" data-testid="deletion-pending" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <span className="font-semibold">Deletion requested</span>
      {pending.finalizers.length > 0 ? (
        <>
          ; waiting for finalizers:{' '}
          {pending.finalizers.map((f, i) => {
            const note = finalizerNote(f);
            return (
              <span key={f}>
                {i > 0 && '; '}
                <span className="font-mono">{f}</span>
                {note && <span className="text-xs"> — {note}</span>}
              </span>
            );
          })}
          . The object goes when the last one is removed.
        </>
      ) : (
        <>; waiting for its grace period of {pending.gracePeriodSeconds}s.</>
      )}
      {' '}
      <span className="text-xs text-amber-800">(deletionTimestamp {pending.deletionTimestamp})</span>
    </section>
  );
}
