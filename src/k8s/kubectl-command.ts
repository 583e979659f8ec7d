// kubectl command lines written so that they run as printed from the user's shell: where the cluster is (the
// kubeglass proxy for a demo context, else the user's kubeconfig context) and POSIX quoting.
import type { ContextInfo } from '../../wire/contexts.js';

const SHELL_SAFE = /^[A-Za-z0-9@%+=:,./_-]+$/;

/** Quotes one shell word when needed (POSIX single quotes). */
export function shellWord(word: string): string {
  if (SHELL_SAFE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Where the command's kubectl finds the cluster. */
export interface KubectlTarget {
  context: string;
  /** The context as GET /-/contexts describes it; undefined while that loads. */
  info: ContextInfo | undefined;
  /** The page's origin (http://host:port), through which a demo context is reached. */
  origin: string;
}

/** The flag names a client takes for the context and the server: kubectl's by default, helm's for helm lines. */
export interface TargetFlagNames {
  context: string;
  server: string;
}

const KUBECTL_FLAGS: TargetFlagNames = { context: '--context', server: '--server' };

/** The words that point kubectl (or a client with other flag names) at the context: the kubeglass proxy for a demo context, else the kubeconfig context. */
export function targetWords({ context, info, origin }: KubectlTarget, names: TargetFlagNames = KUBECTL_FLAGS): { env: string[]; flags: string[] } {
  if (info?.demo) {
    // The demo cluster exists only inside kubeglass: its proxy adds the context's credentials. An empty kubeconfig
    // keeps the user's own current context (its exec plugin, CA files, token) out of a request that needs none.
    return { env: [], flags: ['--kubeconfig=/dev/null', names.server, `${origin}/k8s/${encodeURIComponent(context)}`] };
  }
  if (info?.kubeconfigPath !== undefined) return { env: [], flags: ['--kubeconfig', info.kubeconfigPath, names.context, context] };
  // Several files: --kubeconfig takes one, so the same KUBECONFIG list goes in front of the command.
  if (info?.kubeconfigEnv !== undefined) return { env: [`KUBECONFIG=${shellWord(info.kubeconfigEnv)}`], flags: [names.context, context] };
  return { env: [], flags: [names.context, context] };
}

/**
 * The path `kubectl get --raw` needs: it sends it as the whole request URI, dropping the path of --server, so a
 * demo context's proxy prefix must be in it.
 */
export function kubectlRawPath({ context, info }: KubectlTarget, apiPath: string): string {
  return info?.demo ? `/k8s/${encodeURIComponent(context)}${apiPath}` : apiPath;
}

/** `kubectl <target> <words...>` on one line, each word quoted as the shell needs; empty words are left out. */
export function kubectlLine(target: KubectlTarget, words: readonly string[]): string {
  const { env, flags } = targetWords(target);
  return [...env, ...['kubectl', ...flags, ...words].filter((w) => w !== '').map(shellWord)].join(' ');
}
