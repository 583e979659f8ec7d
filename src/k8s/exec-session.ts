// One exec (or attach) over a WebSocket to /k8s/{context}/.../exec: output by channel, input, resize, and how it ended.
import { decodeFrame, encodeFrame, encodeResize, encodeStdinClose, ERROR, EXEC_SUBPROTOCOLS, parseExecOutcome, STDERR, STDIN, STDOUT, type ExecOutcome } from './exec-channel.js';

/** The part of the browser's WebSocket the session uses (a fake in tests). */
export interface ExecSocket {
  readonly readyState: number;
  readonly protocol: string;
  binaryType: string;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: Uint8Array<ArrayBuffer>): void;
  close(code?: number): void;
}

export interface ExecHandlers {
  onOpen(protocol: string): void;
  /** stdout and stderr bytes, in the order they came. */
  onOutput(data: Uint8Array, channel: typeof STDOUT | typeof STDERR): void;
  /**
   * The end: the error channel's outcome; `opened` false when the handshake itself failed (browsers give no reason
   * then, so the caller asks the server over HTTP); a closed socket without a status is a failure too.
   */
  onEnd(outcome: ExecOutcome, opened: boolean): void;
}

export interface ExecSession {
  send(text: string): void;
  resize(columns: number, rows: number): void;
  /** v5 only; on v4 nothing can say "end of input" but closing. */
  closeStdin(): void;
  close(): void;
}

const OPEN = 1;

/** Opens the socket (offering v5 then v4) and wires it to the handlers. */
export function openExecSession(
  url: string,
  handlers: ExecHandlers,
  connect: (url: string, protocols: string[]) => ExecSocket = (u, protocols) => new WebSocket(u, protocols) as ExecSocket,
): ExecSession {
  const socket = connect(url, [...EXEC_SUBPROTOCOLS]);
  socket.binaryType = 'arraybuffer';
  let opened = false;
  let outcome: ExecOutcome | null = null;
  let ended = false;
  let errorText = '';
  const end = (result: ExecOutcome): void => {
    if (ended) return;
    ended = true;
    handlers.onEnd(result, opened);
  };
  socket.onopen = () => {
    opened = true;
    handlers.onOpen(socket.protocol);
  };
  socket.onmessage = (event) => {
    const bytes = typeof event.data === 'string' ? new TextEncoder().encode(event.data) : event.data instanceof ArrayBuffer ? new Uint8Array(event.data) : null;
    if (!bytes) return;
    const frame = decodeFrame(bytes);
    if (!frame) return;
    if (frame.channel === STDOUT || frame.channel === STDERR) handlers.onOutput(frame.data, frame.channel);
    else if (frame.channel === ERROR) {
      // The error stream may come in pieces; it is read whole when the socket closes.
      errorText += new TextDecoder().decode(frame.data);
      outcome = parseExecOutcome(errorText);
    }
  };
  socket.onclose = (event) => {
    if (outcome) end(outcome);
    else if (!opened) end({ kind: 'failure', message: 'the WebSocket handshake failed', status: null });
    else end({ kind: 'failure', message: `the connection closed without an exit status (code ${event.code ?? 'unknown'}${event.reason ? `: ${event.reason}` : ''})`, status: null });
  };
  socket.onerror = () => undefined;
  const sendFrame = (frame: Uint8Array<ArrayBuffer>) => {
    if (socket.readyState === OPEN) socket.send(frame);
  };
  return {
    send: (text) => sendFrame(encodeFrame(STDIN, text)),
    resize: (columns, rows) => sendFrame(encodeResize(columns, rows)),
    closeStdin: () => {
      if (socket.protocol === 'v5.channel.k8s.io') sendFrame(encodeStdinClose());
    },
    close: () => {
      if (socket.readyState <= OPEN) socket.close(1000);
    },
  };
}

/** ws:// or wss:// URL of a same-origin proxy path. */
export function webSocketUrl(location: { protocol: string; host: string }, path: string): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}
