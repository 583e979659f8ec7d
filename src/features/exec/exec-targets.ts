// What a shell can be opened into (a pod's running containers) and with which argv.
import type { KubeObject } from '../../k8s/kube-object';

export interface ExecContainer {
  name: string;
  kind: 'container' | 'ephemeral';
  /** Why exec would fail now (not running), or null. */
  problem: string | null;
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.map(record) : []);

/** Containers and ephemeral containers of the pod (init containers have finished), with their state. */
export function execContainers(pod: KubeObject): ExecContainer[] {
  const spec = record(pod.spec);
  const status = record(pod.status);
  const states = new Map([...list(status.containerStatuses), ...list(status.ephemeralContainerStatuses)].map((s) => [String(s.name ?? ''), record(s.state)]));
  const problemOf = (name: string): string | null => {
    const state = states.get(name);
    if (!state || 'running' in state) return null;
    const waiting = record(state.waiting);
    const terminated = record(state.terminated);
    if ('waiting' in state) return `waiting${typeof waiting.reason === 'string' ? `: ${waiting.reason}` : ''}`;
    if ('terminated' in state) return `terminated${typeof terminated.reason === 'string' ? `: ${terminated.reason}` : ''}`;
    return null;
  };
  return [
    ...list(spec.containers).map((c) => ({ name: String(c.name ?? ''), kind: 'container' as const })),
    ...list(spec.ephemeralContainers).map((c) => ({ name: String(c.name ?? ''), kind: 'ephemeral' as const })),
  ]
    .filter((c) => c.name !== '')
    .map((c) => ({ ...c, problem: problemOf(c.name) }));
}

export type CommandChoice = 'sh' | 'bash' | 'custom';

/**
 * The argv to run: sh or bash, or a custom line split on spaces (quotes group words: `sh -c "ls /"`).
 * Null with a reason when the custom line is empty or its quotes are unbalanced.
 */
export function commandArgv(choice: CommandChoice, custom: string): { argv: string[] } | { problem: string } {
  if (choice !== 'custom') return { argv: [choice] };
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | null = null;
  for (const c of custom) {
    if (quote) {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) argv.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return { problem: `the command has an unclosed ${quote} quote` };
  if (inWord) argv.push(word);
  if (argv.length === 0) return { problem: 'type a command to run, e.g. /bin/ash or python3' };
  return { argv };
}
