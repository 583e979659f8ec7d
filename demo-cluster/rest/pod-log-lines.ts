// The demo's container output: a pure function of (pod, container, line index), so a log read twice, or resumed
// with sinceTime, shows the same lines at the same timestamps. A running container writes about a line a second.

/** How long a container's current log file keeps lines (the kubelet rotates; 30 minutes of lines here). */
export const LOG_RETENTION_MS = 30 * 60_000;
/** Lines a finished (terminated) container wrote in all. */
export const FINISHED_LINES = 24;

export interface LogLine {
  /** Milliseconds since the epoch. */
  ms: number;
  /** Sub-millisecond digits (0..999999) so timestamps look like a runtime's RFC3339Nano. */
  subMs: number;
  text: string;
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A deterministic 0..1 number from a seed and an index. */
function unit(seed: number, i: number): number {
  return hash(`${seed}:${i}`) / 4294967296;
}

/** RFC3339Nano as Go prints it: trailing zeros of the fraction dropped, the dot too when it is all zeros. */
export function rfc3339Nano(ms: number, subMs: number): string {
  const iso = new Date(ms).toISOString(); // 2026-11-24T20:24:39.123Z
  const fraction = `${iso.slice(20, 23)}${String(subMs).padStart(6, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 19)}${fraction === '' ? '' : `.${fraction}`}Z`;
}

const PATHS = ['/', '/api/items', '/api/items/42', '/api/orders', '/healthz', '/static/app.js', '/metrics', '/api/cart'];
const AGENTS = ['Mozilla/5.0 (X11; Linux x86_64)', 'kube-probe/1.20', 'curl/7.88.1', 'Go-http-client/1.1'];
const EVENTS = [
  'request handled',
  'cache refreshed',
  'connection pool stats',
  'background job finished',
  'config reloaded',
  'upstream slow',
  'retrying upstream call',
  'order accepted',
];
const RED = '\u001b[31m';
const GREEN = '\u001b[32m';
const YELLOW = '\u001b[33m';
const CYAN = '\u001b[36m';
const BOLD = '\u001b[1m';
const RESET = '\u001b[0m';

/** An nginx-style access log line. */
function accessLine(r: number, r2: number, ms: number): string {
  const path = PATHS[Math.floor(r * PATHS.length)] ?? '/';
  const status = r2 < 0.9 ? 200 : r2 < 0.96 ? 404 : 502;
  const agent = AGENTS[Math.floor(r2 * 97) % AGENTS.length] ?? '-';
  const ip = `10.244.${Math.floor(r * 4)}.${Math.floor(r2 * 250) + 2}`;
  const when = new Date(ms).toUTCString().replace(/^\w+, (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1/$2/$3:$4 +0000');
  return `${ip} - - [${when}] "GET ${path} HTTP/1.1" ${status} ${Math.floor(r2 * 4000) + 120} "-" "${agent}"`;
}

/** An application line with a colored level (ANSI SGR), as many frameworks print to a terminal-less stdout. */
function appLine(container: string, r: number, r2: number, i: number): string {
  const event = EVENTS[Math.floor(r * EVENTS.length)] ?? 'tick';
  if (r2 < 0.8) return `${GREEN}INFO${RESET} [${container}] ${event} seq=${i} took=${(r2 * 40).toFixed(1)}ms`;
  if (r2 < 0.95) return `${YELLOW}WARN${RESET} [${container}] ${event} seq=${i} ${CYAN}latency=${Math.floor(r2 * 900)}ms${RESET}`;
  return `${BOLD}${RED}ERROR${RESET} [${container}] ${event} seq=${i} failed: context deadline exceeded`;
}

/** One container's stream: line i's time and text. */
export interface ContainerLog {
  /** When line 0 was written. */
  startMs: number;
  line(i: number): LogLine;
  /** Index of the first line whose time is after t (lines are in time order). */
  indexAfter(t: number): number;
}

/** A container's log as a stream of about a line a second from startMs; `image` picks the style. */
export function containerLog(podName: string, container: string, image: string, startMs: number): ContainerLog {
  const seed = hash(`${podName}/${container}`);
  const nginx = /nginx/.test(image);
  // Line i lands in the second [start + i s, start + (i+1) s) at a fixed offset, so time order is index order.
  const at = (i: number) => {
    const offset = unit(seed, i) * 900_000; // microseconds within the first 0.9 s of its second
    return { ms: startMs + i * 1000 + Math.floor(offset / 1000), subMs: Math.floor(offset % 1000) * 1000 + (i % 1000) };
  };
  return {
    startMs,
    line(i) {
      const { ms, subMs } = at(i);
      const r = unit(seed + 1, i);
      const r2 = unit(seed + 2, i);
      if (i === 0) return { ms, subMs, text: nginx ? '/docker-entrypoint.sh: Configuration complete; ready for start up' : `${container} starting (pid 1)` };
      return { ms, subMs, text: nginx ? accessLine(r, r2, ms) : appLine(container, r, r2, i) };
    },
    indexAfter(t) {
      if (t < startMs) return 0;
      let i = Math.floor((t - startMs) / 1000);
      if (at(i).ms <= t) i++;
      return i;
    },
  };
}

/** The lines of a container that ran from startMs and stopped with exitCode: a short run and its last words. */
export function finishedLog(podName: string, container: string, image: string, startMs: number, exitCode: number): LogLine[] {
  const base = containerLog(podName, container, image, startMs);
  const lines: LogLine[] = [];
  for (let i = 0; i < FINISHED_LINES - 1; i++) {
    const l = base.line(i);
    // A finished run is quick: squeeze it into 100 ms steps.
    lines.push({ ...l, ms: startMs + i * 100 + (l.ms % 100) });
  }
  const lastMs = startMs + (FINISHED_LINES - 1) * 100;
  const last =
    exitCode === 0
      ? `${container}: done, exiting with code 0`
      : `${BOLD}${RED}FATAL${RESET} [${container}] cannot reach dependency: dial tcp 10.96.0.17:5432: connect: connection refused (exit ${exitCode})`;
  lines.push({ ms: lastMs, subMs: 42, text: last });
  return lines;
}
