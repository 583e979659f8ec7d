// DELETE of several objects of one resource, a few at a time, each answer kept on its own: one refusal stops nothing.
import type { deleteOutcome, PropagationPolicy } from './delete-options';
import { deleteObject } from './delete-request';

export interface DeleteTarget {
  apiPath: string;
  name: string;
  namespace?: string;
  /** The uid the list showed: with the uid precondition, an object created since under the same name stays. */
  uid?: string;
}

export type TargetResult =
  | { state: 'deleted' }
  | { state: 'pending'; finalizers: string[]; gracePeriodSeconds: number }
  | { state: 'failed'; error: unknown };

export interface BulkChoice {
  propagationPolicy: PropagationPolicy;
  useUid: boolean;
  dryRun: boolean;
}

/** Concurrent DELETEs per run: enough to be quick, few enough not to be throttled by the apiserver's flow control. */
export const BULK_DELETE_CONCURRENCY = 4;

export function resultOf(outcome: ReturnType<typeof deleteOutcome>): TargetResult {
  return outcome.kind === 'deleted' ? { state: 'deleted' } : { state: 'pending', finalizers: outcome.finalizers, gracePeriodSeconds: outcome.gracePeriodSeconds };
}

/** Sends each DELETE (in order, BULK_DELETE_CONCURRENCY at a time) and reports each answer as it comes. */
export async function deleteEach(context: string, targets: readonly DeleteTarget[], choice: BulkChoice, onResult: (index: number, result: TargetResult) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      const target = targets[index];
      if (!target) return;
      try {
        const { outcome } = await deleteObject(context, target.apiPath, {
          propagationPolicy: choice.propagationPolicy,
          uid: choice.useUid ? target.uid : undefined,
          dryRun: choice.dryRun,
        });
        onResult(index, resultOf(outcome));
      } catch (error) {
        onResult(index, { state: 'failed', error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_DELETE_CONCURRENCY, targets.length) }, worker));
}

/** "3 deleted, 1 refused" for the results in hand. */
export function bulkSummary(results: readonly (TargetResult | undefined)[], dryRun: boolean): string {
  const count = (state: TargetResult['state']) => results.filter((r) => r?.state === state).length;
  const parts = [
    [count('deleted'), dryRun ? 'would be deleted' : 'deleted'],
    [count('pending'), dryRun ? 'would wait for their finalizers or grace period' : 'marked for deletion, waiting'],
    [count('failed'), dryRun ? 'would be refused' : 'refused or failed'],
  ] as const;
  const waiting = results.filter((r) => r === undefined).length;
  const said = parts.filter(([n]) => n > 0).map(([n, words]) => `${n} ${words}`);
  if (waiting > 0) said.push(`${waiting} still to answer`);
  return said.join(', ');
}
