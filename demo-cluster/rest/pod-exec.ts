// pods/exec and pods/attach over WebSocket with the channel protocols (v5.channel.k8s.io, v4.channel.k8s.io and the
// legacy channel.k8s.io): one channel byte per message, 0 stdin, 1 stdout, 2 stderr, 3 error, 4 resize, 255 close (v5).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import { badRequest, notFound } from '../http/errors.js';
import { queryFlag } from '../http/query-bool.js';
import type { KubeObject, Status } from '../resources/types.js';

/** What goes on the error channel: kubelet marshals metav1.Status without TypeMeta. */
export type ExecStatus = Omit<Status, 'kind' | 'apiVersion'>;
import { isPlainObject } from '../resources/types.js';
import { closableSession } from '../store/watch.js';
import type { WatchSession } from '../store/watch.js';
import { machineFor, runCommand, runLine, SHELLS } from './exec-shell.js';
import type { ShellIo, ShellMachine } from './exec-shell.js';

/** Server preference does not matter: wsstream takes the first protocol the client offers that it knows. */
const CHANNEL_PROTOCOLS = ['v5.channel.k8s.io', 'v4.channel.k8s.io', 'channel.k8s.io'];
const BEARER_PROTOCOL_PREFIX = 'base64url.bearer.authorization.k8s.io.';

const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const ERROR = 3;
const RESIZE = 4;
const CLOSE = 255;

export interface ExecRequest {
  subresource: 'exec' | 'attach';
  pod: KubeObject;
  container: string;
  command: string[];
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
}

/** The first offered channel protocol the demo speaks; '' when none was offered (legacy binary); null when none fits. */
export function pickExecProtocol(offered: string[]): string | null {
  const rest = offered.filter((p) => !p.startsWith(BEARER_PROTOCOL_PREFIX));
  if (rest.length === 0) return '';
  return rest.find((p) => CHANNEL_PROTOCOLS.includes(p)) ?? null;
}

function containerNames(pod: KubeObject): string[] {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  return (Array.isArray(spec.containers) ? spec.containers : []).filter(isPlainObject).map((c) => String(c.name ?? ''));
}

/** Checks the PodExecOptions/PodAttachOptions query against the pod, as the pod registry's ExecLocation does. */
export function parseExecRequest(pod: KubeObject | undefined, name: string, subresource: 'exec' | 'attach', query: URLSearchParams): ExecRequest {
  if (!pod) throw notFound('', 'pods', name);
  const containers = containerNames(pod);
  let container = query.get('container') ?? '';
  if (container === '') {
    if (containers.length !== 1) throw badRequest(`a container name must be specified for pod ${name}, choose one of: [${containers.join(' ')}]`);
    container = containers[0] ?? '';
  } else if (!containers.includes(container)) {
    throw badRequest(`container ${container} is not valid for pod ${name}`);
  }
  const request: ExecRequest = {
    subresource,
    pod,
    container,
    command: query.getAll('command'),
    stdin: queryFlag(query, 'stdin'),
    stdout: queryFlag(query, 'stdout'),
    stderr: queryFlag(query, 'stderr'),
    tty: queryFlag(query, 'tty'),
  };
  if (!request.stdin && !request.stdout && !request.stderr) throw badRequest('you must specify at least 1 of stdin, stdout, stderr');
  if (subresource === 'exec' && request.command.length === 0) throw badRequest('you must specify at least one command for the container');
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  if (typeof spec.nodeName !== 'string' || spec.nodeName === '') throw badRequest(`pod ${name} does not have a host assigned`);
  const phase = isPlainObject(pod.status) ? pod.status.phase : undefined;
  if (phase === 'Succeeded' || phase === 'Failed') throw badRequest(`cannot exec into a container in a completed pod; current phase is ${String(phase)}`);
  return request;
}

/** kubelet's v4 status for an exit code (remotecommand.v4WriteStatusFunc): metav1.Status without TypeMeta. */
export function exitStatus(code: number, command: string[]): ExecStatus {
  if (code === 0) return { metadata: {}, status: 'Success' };
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${code}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
  };
}

/** A WebSocket server that answers with the channel protocol pickExecProtocol chose. */
export function createExecSocketServer(): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => {
      const picked = pickExecProtocol([...protocols]);
      return picked === null || picked === '' ? false : picked;
    },
  });
}

/** Upgrades and runs the command; the session ends with the cluster or when either side closes. */
export function serveExec(wss: WebSocketServer, req: IncomingMessage, socket: Duplex, head: Buffer, request: ExecRequest, sessions: Set<WatchSession>): void {
  wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
    const protocol = ws.protocol === '' ? 'channel.k8s.io' : ws.protocol;
    const run = new ExecRun(ws, protocol, request);
    const session = closableSession(() => {
      sessions.delete(session);
      run.stop();
    });
    sessions.add(session);
    ws.on('close', () => session.close());
    ws.on('error', () => session.close());
    run.start();
  });
}

/**
 * How long the command takes to start after the upgrade, about what a container runtime's exec start
 * takes. client-go's WebSocket executor starts reading before it has created its streams: output sent
 * at once can arrive first and be dropped ("Unknown stream id 1, discarding message").
 */
const EXEC_START_DELAY_MS = 30;

/** One exec or attach: the shell's input, its output on the channels, and the status at the end. */
class ExecRun {
  private readonly machine: ShellMachine;
  private line = '';
  private pendingInput = '';
  private escape = false;
  private lastStatus = 0;
  private finished = false;
  private mode: 'interactive' | 'cat' | 'attach' | 'done' = 'done';
  private timer: NodeJS.Timeout | undefined;
  private startTimer: NodeJS.Timeout | undefined;
  private readonly io: ShellIo;

  constructor(
    private readonly ws: WebSocket,
    private readonly protocol: string,
    private readonly request: ExecRequest,
  ) {
    this.machine = machineFor(request.pod, request.container, request.tty);
    const write = (channel: number, text: string): void => {
      if (text === '') return;
      this.send(channel, this.request.tty ? text.replace(/\r?\n/g, '\r\n') : text);
    };
    this.io = {
      out: (text) => {
        if (request.stdout) write(STDOUT, text);
      },
      // A tty has one output stream.
      err: (text) => {
        if (request.tty) this.io.out(text);
        else if (request.stderr) write(STDERR, text);
      },
    };
  }

  /** Starts the command after EXEC_START_DELAY_MS; input that comes sooner waits for it. */
  start(): void {
    let held: Buffer[] | undefined = [];
    this.ws.on('message', (data: RawData) => {
      if (held) held.push(toBuffer(data));
      else this.receive(toBuffer(data));
    });
    this.startTimer = setTimeout(() => {
      this.startTimer = undefined;
      const input = held ?? [];
      held = undefined;
      if (this.finished) return;
      this.begin();
      for (const message of input) this.receive(message);
    }, EXEC_START_DELAY_MS);
  }

  private begin(): void {
    if (this.request.subresource === 'attach') {
      this.startAttach();
      return;
    }
    const [program = '', ...args] = this.request.command;
    if (SHELLS.has(program)) {
      this.machine.processes.push(program.split('/').pop() ?? program);
      if (args[0] === '-c') {
        const result = runLine(args[1] ?? '', this.machine, this.io, 0);
        this.finish(result.status);
      } else if (this.request.stdin) {
        this.mode = 'interactive';
        this.prompt();
      } else {
        this.finish(0);
      }
      return;
    }
    if (program.split('/').pop() === 'cat' && args.length === 0 && this.request.stdin) {
      this.mode = 'cat';
      return;
    }
    if (!['echo', 'env', 'printenv', 'hostname', 'whoami', 'id', 'uname', 'date', 'pwd', 'ls', 'cat', 'ps', 'true', 'false', 'stty'].includes(program.split('/').pop() ?? '')) {
      this.fail(
        `Internal error occurred: error executing command in container: failed to exec in container: OCI runtime exec failed: exec failed: ` +
          `unable to start container process: exec: "${program}": executable file not found in $PATH: unknown`,
      );
      return;
    }
    this.finish(runCommand(this.request.command, this.machine, this.io).status);
  }

  stop(): void {
    this.finished = true;
    if (this.timer) clearInterval(this.timer);
    if (this.startTimer) clearTimeout(this.startTimer);
  }

  private startAttach(): void {
    this.mode = 'attach';
    let i = 0;
    // The main process keeps writing; attach only listens (stdin is dropped: the demo's containers do not read it).
    this.timer = setInterval(() => this.io.out(`${new Date().toISOString()} ${this.machine.processes[0] ?? 'app'}: tick ${++i}\n`), 2000);
  }

  private prompt(): void {
    const shell = this.machine.processes[this.machine.processes.length - 1];
    if (!this.request.tty) return;
    this.send(STDOUT, shell === 'bash' ? `root@${this.machine.hostname}:${this.machine.cwd}# ` : `${this.machine.cwd} # `);
  }

  private receive(message: Buffer): void {
    if (this.finished || message.length === 0) return;
    const channel = message[0];
    const data = message.subarray(1);
    if (channel === RESIZE) {
      try {
        const size = JSON.parse(data.toString('utf8')) as { Width?: unknown; Height?: unknown };
        if (typeof size.Width === 'number' && typeof size.Height === 'number') this.machine.size = { columns: size.Width, rows: size.Height };
      } catch {
        // kubelet ignores a resize it cannot decode.
      }
      return;
    }
    if (channel === CLOSE && this.protocol === 'v5.channel.k8s.io') {
      if (data[0] === STDIN) this.endOfInput();
      return;
    }
    if (channel !== STDIN || !this.request.stdin) return;
    const text = data.toString('utf8');
    if (this.mode === 'cat') this.io.out(text);
    else if (this.mode === 'interactive') {
      if (this.request.tty) this.typed(text);
      else this.piped(text);
    }
  }

  /** Raw terminal input: echo what is typed, minimal line editing (backspace, ^C, ^D, escape sequences skipped). */
  private typed(text: string): void {
    for (const c of text) {
      if (this.finished) return;
      if (this.escape) {
        if (/[A-Za-z~]/.test(c)) this.escape = false;
        continue;
      }
      if (c === '\x1b') this.escape = true;
      else if (c === '\r' || c === '\n') {
        this.send(STDOUT, '\r\n');
        const line = this.line;
        this.line = '';
        this.runInteractive(line);
      } else if (c === '\x7f' || c === '\b') {
        if (this.line.length > 0) {
          this.line = this.line.slice(0, -1);
          this.send(STDOUT, '\b \b');
        }
      } else if (c === '\x03') {
        this.send(STDOUT, '^C\r\n');
        this.line = '';
        this.lastStatus = 130;
        this.prompt();
      } else if (c === '\x04') {
        if (this.line === '') this.finish(this.lastStatus);
      } else if (c >= ' ') {
        this.line += c;
        this.send(STDOUT, c);
      }
    }
  }

  /** Input without a terminal: whole lines, no echo, no prompt. */
  private piped(text: string): void {
    this.pendingInput += text;
    let newline = this.pendingInput.indexOf('\n');
    while (newline !== -1 && !this.finished) {
      const line = this.pendingInput.slice(0, newline);
      this.pendingInput = this.pendingInput.slice(newline + 1);
      this.runInteractive(line);
      newline = this.pendingInput.indexOf('\n');
    }
  }

  private runInteractive(line: string): void {
    const result = runLine(line, this.machine, this.io, this.lastStatus);
    this.lastStatus = result.status;
    if (result.exit) this.finish(result.status);
    else this.prompt();
  }

  private endOfInput(): void {
    if (this.mode === 'cat') this.finish(0);
    else if (this.mode === 'interactive') {
      if (!this.request.tty && this.pendingInput !== '') this.runInteractive(this.pendingInput);
      if (!this.finished) this.finish(this.lastStatus);
    }
  }

  private send(channel: number, text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text, 'utf8')]));
  }

  private finish(code: number): void {
    this.writeStatusAndClose(exitStatus(code, this.request.command));
  }

  private fail(message: string): void {
    this.writeStatusAndClose({ metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 });
  }

  private writeStatusAndClose(status: ExecStatus): void {
    if (this.finished) return;
    this.stop();
    this.mode = 'done';
    // v1-v3 carry only the failure's message as text, and nothing on success.
    if (this.protocol === 'channel.k8s.io') {
      if (status.status !== 'Success') this.send(ERROR, status.message ?? '');
    } else {
      this.send(ERROR, JSON.stringify(status));
    }
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(1000);
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
