// helm command lines that run as printed, pointed at the context the way kubectl lines are (kubectl-command.ts):
// helm names the same flags --kube-context and --kube-apiserver.
import { shellWord, targetWords, type KubectlTarget } from '../kubectl-command';

const HELM_FLAGS = { context: '--kube-context', server: '--kube-apiserver' };

/** `helm <words...> <target flags>` on one line, each word quoted as the shell needs. */
export function helmLine(target: KubectlTarget, words: readonly string[]): string {
  const { env, flags } = targetWords(target, HELM_FLAGS);
  return [...env, ...['helm', ...words, ...flags].map(shellWord)].join(' ');
}

/** What rolls the release back to `revision`: Kubeglass only shows it. */
export function helmRollbackLine(target: KubectlTarget, release: string, revision: number, namespace: string): string {
  return helmLine(target, ['rollback', release, String(revision), '-n', namespace]);
}
