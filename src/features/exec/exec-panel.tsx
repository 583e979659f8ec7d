// A shell into a pod's container on the pod page: pods/exec over the proxy's WebSocket, permission-checked first.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GatedAction } from '../../components/ui/access-control';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useAccess } from '../../data/access-query';
import { kubeRequest, kubeUrl } from '../../k8s/api-client';
import { execPath, type ExecOutcome } from '../../k8s/exec-channel';
import { openExecSession, webSocketUrl, type ExecSession } from '../../k8s/exec-session';
import { errorFromStatus, KubeApiError, networkError } from '../../k8s/kube-api-error';
import type { KubeObject } from '../../k8s/kube-object';
import { commandArgv, execContainers, type CommandChoice } from './exec-targets';
import type { TerminalHandle } from './terminal-view';

// A chunk that fails to load (kubeglass was updated and rebuilt meanwhile) must not blank the page.
const TerminalView = lazy(() =>
  import('./terminal-view').then(
    (m) => ({ default: m.TerminalView }),
    (error: unknown) => ({
      default: function TerminalUnavailable() {
        return (
          <p role="alert" className="text-xs text-red-700" data-testid="exec-terminal-unavailable">
            The terminal could not be loaded ({error instanceof Error ? error.message : String(error)}). Reload the page and try again.
          </p>
        );
      },
    }),
  ),
);

type Phase =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | { kind: 'open'; protocol: string }
  | { kind: 'ended'; outcome: ExecOutcome }
  | { kind: 'refused'; error: unknown };

interface Run {
  id: number;
  container: string;
  argv: string[];
  path: string;
}

const CHOICES: ReadonlyArray<[CommandChoice, string]> = [
  ['sh', 'sh'],
  ['bash', 'bash'],
  ['custom', 'custom…'],
];

/**
 * Browsers hide why a WebSocket handshake failed. The same request over plain HTTP passes the same checks (RBAC,
 * the pod and container) and says which one failed; if it only misses the upgrade, the connection itself broke.
 */
async function handshakeError(context: string, path: string): Promise<unknown> {
  try {
    await kubeRequest(context, path, { method: 'POST' });
  } catch (error) {
    if (!(error instanceof KubeApiError) || error.code !== 400 || !/upgrade request required/i.test(error.message)) return error;
  }
  return networkError('GET', kubeUrl(context, path), new Error('the WebSocket connection was refused or cut (the server accepts the request over HTTP)'));
}

function statusLine(phase: Phase): string {
  switch (phase.kind) {
    case 'idle':
      return 'Not connected';
    case 'connecting':
      return 'Connecting…';
    case 'open':
      return `Connected (${phase.protocol || 'channel.k8s.io'})`;
    case 'ended':
      if (phase.outcome.kind === 'success') return 'Exited with code 0';
      if (phase.outcome.kind === 'exit') return `Exited with code ${phase.outcome.code}`;
      return `Ended: ${phase.outcome.message}`;
    case 'refused':
      return 'Could not connect';
  }
}

export function ExecPanel({ context, pod }: { context: string; pod: KubeObject }) {
  const namespace = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  const containers = useMemo(() => execContainers(pod), [pod]);
  const [container, setContainer] = useState(containers[0]?.name ?? '');
  const [choice, setChoice] = useState<CommandChoice>('sh');
  const [custom, setCustom] = useState('');
  const [run, setRun] = useState<Run | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const session = useRef<ExecSession | null>(null);
  const access = useAccess(context, { verb: 'create', group: '', resource: 'pods', subresource: 'exec', namespace, name });
  const command = commandArgv(choice, custom);
  const chosen = containers.find((c) => c.name === container);

  useEffect(() => () => session.current?.close(), []);

  const open = () => {
    if (!('argv' in command)) return;
    session.current?.close();
    session.current = null;
    const path = execPath(namespace, name, { container, command: command.argv, stdin: true, stdout: true, stderr: false, tty: true });
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, container, argv: command.argv, path }));
    setPhase({ kind: 'connecting' });
  };

  const onReady = useCallback(
    (terminal: TerminalHandle) => {
      if (!run) return;
      const url = webSocketUrl(window.location, kubeUrl(context, run.path));
      const current = openExecSession(url, {
        onOpen: (protocol) => {
          setPhase({ kind: 'open', protocol });
          current.resize(terminal.columns, terminal.rows);
        },
        onOutput: (data) => terminal.write(data),
        onEnd: (outcome, opened) => {
          if (session.current === current) session.current = null;
          if (!opened) {
            void handshakeError(context, run.path).then((error) => setPhase({ kind: 'refused', error }));
            return;
          }
          setPhase({ kind: 'ended', outcome });
          const note = outcome.kind === 'exit' ? `exited with code ${outcome.code}` : outcome.kind === 'success' ? 'exited with code 0' : outcome.message;
          terminal.write(`\r\n\x1b[2m[${note}]\x1b[0m\r\n`);
        },
      });
      session.current = current;
    },
    [context, run],
  );

  const onInput = useCallback((text: string) => session.current?.send(text), []);
  const onResize = useCallback((columns: number, rows: number) => session.current?.resize(columns, rows), []);
  const live = phase.kind === 'connecting' || phase.kind === 'open';
  const ended = phase.kind === 'ended' && phase.outcome.kind === 'failure' && phase.outcome.status ? phase.outcome.status : null;

  return (
    <section aria-label="Terminal" data-testid="exec-panel" className="border-b border-slate-200 px-4 py-3">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        <h2 className="font-semibold uppercase tracking-wide text-slate-500">Terminal</h2>
        <label className="inline-flex items-center gap-1 text-slate-600">
          container
          <select value={container} onChange={(e) => setContainer(e.target.value)} disabled={live} className="rounded border border-slate-300 bg-white px-1 py-0.5 font-mono" data-testid="exec-container">
            {containers.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
                {c.kind === 'ephemeral' ? ' (ephemeral)' : ''}
                {c.problem ? ` (${c.problem})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-flex items-center gap-1 text-slate-600">
          command
          <select value={choice} onChange={(e) => setChoice(e.target.value as CommandChoice)} disabled={live} className="rounded border border-slate-300 bg-white px-1 py-0.5 font-mono" data-testid="exec-command">
            {CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {choice === 'custom' && (
          <input
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            disabled={live}
            placeholder="/bin/ash"
            aria-label="Custom command"
            className="w-48 rounded border border-slate-300 px-1 py-0.5 font-mono"
            data-testid="exec-custom-command"
          />
        )}
        {live ? (
          <button type="button" onClick={() => session.current?.close()} className="rounded border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-50" data-testid="exec-disconnect">
            Disconnect
          </button>
        ) : (
          <GatedAction
            access={access}
            action={`create pods/exec in "${namespace}"`}
            onClick={open}
            title={'problem' in command ? command.problem : `Run ${command.argv.join(' ')} in ${container}`}
            className="rounded border border-indigo-300 bg-white px-2 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50"
            testId="exec-open"
          >
            {run ? 'Open again' : choice === 'custom' ? 'Run' : 'Open shell'}
          </GatedAction>
        )}
        <span role="status" className="text-slate-500" data-testid="exec-status" data-phase={phase.kind}>
          {statusLine(phase)}
        </span>
      </div>
      {'problem' in command && choice === 'custom' && custom !== '' && <p className="mb-2 text-xs text-amber-700">{command.problem}</p>}
      {chosen?.problem && !live && <p className="mb-2 text-xs text-amber-700">Container {chosen.name} is {chosen.problem}: exec will likely fail.</p>}
      {phase.kind === 'refused' && (
        <div className="mb-2">
          <KubeErrorPanel error={phase.error} title={`Opening ${run?.argv.join(' ') ?? 'a shell'} in ${run?.container ?? container}`} onRetry={open} testId="exec-error" />
        </div>
      )}
      {ended && run && (
        <div className="mb-2">
          <KubeErrorPanel error={errorFromStatus(ended, 'GET', kubeUrl(context, run.path))} title={`Running ${run.argv.join(' ')} in ${run.container}`} testId="exec-error" />
        </div>
      )}
      {run && (
        <Suspense fallback={<p className="text-xs text-slate-400">Loading the terminal…</p>}>
          <TerminalView key={run.id} label={`Terminal: ${run.argv.join(' ')} in ${name}/${run.container}`} onReady={onReady} onInput={onInput} onResize={onResize} />
        </Suspense>
      )}
    </section>
  );
}
