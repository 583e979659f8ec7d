// The exec/attach WebSocket channel protocol (k8s.io/apimachinery wsstream, KEP-3396): every binary message is one
// channel byte then data. 0 stdin, 1 stdout, 2 stderr, 3 error (a Status from v4 on), 4 resize (v3+), 255 close (v5).
import { toKubeStatus, type KubeStatus } from './kube-status.js';

/** Subprotocols the browser offers, best first; 1.29- servers only know v4. */
export const EXEC_SUBPROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io'] as const;
export type ExecSubprotocol = (typeof EXEC_SUBPROTOCOLS)[number];

export const STDIN = 0;
export const STDOUT = 1;
export const STDERR = 2;
export const ERROR = 3;
export const RESIZE = 4;
/** v5: "this stream is done" (half-close of stdin), followed by the channel it closes. */
export const CLOSE = 255;

export interface ExecOptions {
  container?: string;
  /** argv, never a shell line: `['sh', '-c', 'ls']`. */
  command: readonly string[];
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
}

/** The exec subresource path with its PodExecOptions query (command repeated once per argument). */
export function execPath(namespace: string, pod: string, options: ExecOptions): string {
  const base = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/exec`;
  const query = new URLSearchParams();
  if (options.container !== undefined && options.container !== '') query.set('container', options.container);
  for (const arg of options.command) query.append('command', arg);
  for (const flag of ['stdin', 'stdout', 'stderr', 'tty'] as const) if (options[flag]) query.set(flag, 'true');
  return `${base}?${query.toString()}`;
}

/** One message: the channel byte, then the data (text as UTF-8). */
export function encodeFrame(channel: number, data: Uint8Array | string): Uint8Array<ArrayBuffer> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const frame = new Uint8Array(bytes.length + 1);
  frame[0] = channel;
  frame.set(bytes, 1);
  return frame;
}

/** A terminal size change for channel 4 (remotecommand.TerminalSize marshals as Width/Height). */
export function encodeResize(columns: number, rows: number): Uint8Array<ArrayBuffer> {
  const size = (n: number) => Math.max(0, Math.min(65535, Math.floor(n)));
  return encodeFrame(RESIZE, JSON.stringify({ Width: size(columns), Height: size(rows) }));
}

/** v5 only: tells the server no more stdin will come (v4 has no way to say so short of closing the socket). */
export function encodeStdinClose(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([CLOSE, STDIN]);
}

export interface Frame {
  channel: number;
  data: Uint8Array;
}

/** Splits a received message; null for an empty one (servers may send those to open a channel). */
export function decodeFrame(message: Uint8Array): Frame | null {
  if (message.length === 0) return null;
  return { channel: message[0] ?? 0, data: message.subarray(1) };
}

/** How a command ended, read from the error channel. */
export type ExecOutcome =
  | { kind: 'success' }
  | { kind: 'exit'; code: number; message: string }
  | { kind: 'failure'; message: string; status: KubeStatus | null };

/**
 * Reads channel 3's text. v4/v5 send a Status: Success, or Failure with reason NonZeroExitCode and a cause
 * {reason: ExitCode, message: "<n>"} (kubelet's remotecommand v4 writeStatus); anything else is an error message.
 */
export function parseExecOutcome(text: string): ExecOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'failure', message: text.trim() || 'the error channel said nothing', status: null };
  }
  // kubelet marshals metav1.Status without TypeMeta: `{"metadata":{},"status":"Success"}`.
  const typed = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { kind: 'Status', ...parsed } : parsed;
  const status = toKubeStatus(typed);
  if (status === null) return { kind: 'failure', message: text.trim(), status: null };
  if (status.status === 'Success') return { kind: 'success' };
  const message = status.message ?? 'the command failed';
  if (status.reason === 'NonZeroExitCode') {
    const cause = status.details?.causes?.find((c) => c.reason === 'ExitCode');
    const code = Number(cause?.message);
    if (Number.isInteger(code)) return { kind: 'exit', code, message };
  }
  return { kind: 'failure', message, status };
}
