// A draft screen's request (Save, Preview, Create) as a mutation, sent one at a time: a second Ctrl+S while one is
// in flight does nothing, as the disabled button would.
import { useMutation, useQueryClient, type MutationKey } from '@tanstack/react-query';

export interface DraftRequestOptions<Vars, Answer> {
  /** From k8sKeys: the same key for every request of one draft. */
  mutationKey: MutationKey;
  mutationFn: (vars: Vars) => Promise<Answer>;
  /** Runs even when the screen has gone meanwhile (a saved draft must still leave the browser's storage). */
  onSuccess: (answer: Answer, vars: Vars) => void;
  onError: (error: unknown, vars: Vars) => void;
}

export interface DraftRequest<Vars> {
  /** Sends unless a request of this draft is in flight. */
  send: (vars: Vars) => void;
  /** True from the moment a request is sent (isPending reaches React only on a later render). */
  inFlight: () => boolean;
  /** The request in flight as rendered, if any. */
  pending: Vars | null;
}

export function useDraftRequest<Vars, Answer>(options: DraftRequestOptions<Vars, Answer>): DraftRequest<Vars> {
  const queryClient = useQueryClient();
  const mutation = useMutation<Answer, unknown, Vars>(options);
  const inFlight = () => queryClient.isMutating({ mutationKey: options.mutationKey, exact: true }) > 0;
  const send = (vars: Vars) => {
    if (!inFlight()) mutation.mutate(vars);
  };
  return { send, inFlight, pending: mutation.isPending ? (mutation.variables ?? null) : null };
}
