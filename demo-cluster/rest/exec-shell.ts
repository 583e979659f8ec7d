// A tiny built-in shell for pods/exec: a handful of busybox-like commands over a fixed file tree made from the pod.
import { field } from '../resources/own-fields.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

export interface ShellIo {
  out(text: string): void;
  err(text: string): void;
}

/** What the commands see of the container. */
export interface ShellMachine {
  hostname: string;
  env: Map<string, string>;
  files: Map<string, string>;
  dirs: Map<string, string[]>;
  processes: string[];
  cwd: string;
  /** Terminal size from channel 4 (columns, rows); undefined without a tty. */
  size?: { columns: number; rows: number };
}

/** Builds the container's view: env from the spec (plain values), /etc files, its main process. */
export function machineFor(pod: KubeObject, containerName: string, tty: boolean): ShellMachine {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const containers = (Array.isArray(spec.containers) ? spec.containers : []).filter(isPlainObject);
  const container = containers.find((c) => c.name === containerName) ?? {};
  const namespace = pod.metadata.namespace ?? 'default';
  const hostname = pod.metadata.name ?? 'pod';
  const podIP = isPlainObject(pod.status) && typeof pod.status.podIP === 'string' ? pod.status.podIP : '10.244.0.10';
  const env = new Map<string, string>([
    ['PATH', '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
    ['HOSTNAME', hostname],
    ['HOME', '/root'],
    ['KUBERNETES_SERVICE_HOST', '10.96.0.1'],
    ['KUBERNETES_SERVICE_PORT', '443'],
  ]);
  if (tty) env.set('TERM', 'xterm');
  for (const e of Array.isArray(container.env) ? container.env.filter(isPlainObject) : []) {
    if (typeof e.name === 'string' && typeof e.value === 'string') env.set(e.name, e.value);
  }
  const files = new Map<string, string>([
    ['/etc/hostname', `${hostname}\n`],
    ['/etc/os-release', 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.19.1\nPRETTY_NAME="Alpine Linux v3.19"\nHOME_URL="https://alpinelinux.org/"\n'],
    ['/etc/hosts', `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n${podIP}\t${hostname}\n`],
    ['/etc/resolv.conf', `search ${namespace}.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n`],
    ['/var/run/secrets/kubernetes.io/serviceaccount/namespace', namespace],
  ]);
  const dirs = new Map<string, string[]>([
    ['/', ['bin', 'dev', 'etc', 'home', 'proc', 'root', 'tmp', 'usr', 'var']],
    ['/etc', ['hostname', 'hosts', 'os-release', 'resolv.conf']],
    ['/var', ['run']],
    ['/var/run', ['secrets']],
    ['/var/run/secrets', ['kubernetes.io']],
    ['/var/run/secrets/kubernetes.io', ['serviceaccount']],
    ['/var/run/secrets/kubernetes.io/serviceaccount', ['namespace']],
    ['/bin', ['cat', 'echo', 'env', 'hostname', 'ls', 'ps', 'pwd', 'sh']],
    ['/root', []],
    ['/tmp', []],
    ['/home', []],
    ['/usr', ['bin', 'lib']],
    ['/dev', ['null', 'stderr', 'stdin', 'stdout', 'tty']],
    ['/proc', ['1']],
  ]);
  const argv = [...stringList(container.command), ...stringList(container.args)];
  const main = argv.length > 0 ? argv.join(' ') : `${String(container.image ?? 'app').split(/[:@]/)[0]?.split('/').pop() ?? 'app'}`;
  return { hostname, env, files, dirs, processes: [main], cwd: '/' };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Splits a command line into words: quotes, backslashes, $VAR and ${VAR}; `;` separates commands. */
export function parseLine(line: string, env: Map<string, string>, lastStatus: number): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  const expand = (i: number): number => {
    const rest = line.slice(i + 1);
    const m = /^(\?|\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
    if (!m?.[1]) {
      word += '$';
      return i;
    }
    const name = m[1].replace(/^\{|\}$/g, '');
    word += name === '?' ? String(lastStatus) : (env.get(name) ?? '');
    inWord = true;
    return i + m[1].length;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < line.length && '"\\$'.includes(line[i + 1] ?? '')) word += line[++i] ?? '';
      else if (c === '$') i = expand(i);
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i] ?? '';
      inWord = true;
    } else if (c === '$') {
      i = expand(i);
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if (c === ';') {
      if (inWord) words.push(word);
      if (words.length > 0) commands.push(words);
      words = [];
      word = '';
      inWord = false;
    } else if (c === '#' && !inWord) {
      break;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  if (words.length > 0) commands.push(words);
  return commands;
}

/** What a command asked of its shell: go on with a status, or leave with an exit code. */
export type CommandResult = { status: number; exit?: false } | { status: number; exit: true };

function resolvePath(cwd: string, path: string): string {
  const parts = (path.startsWith('/') ? path : `${cwd}/${path}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return `/${out.join('/')}`;
}

type Builtin = (args: string[], m: ShellMachine, io: ShellIo) => CommandResult;

const ok = (status = 0): CommandResult => ({ status });

const BUILTINS: Record<string, Builtin> = {
  echo(args, _m, io) {
    const newline = args[0] !== '-n';
    io.out(`${(newline ? args : args.slice(1)).join(' ')}${newline ? '\n' : ''}`);
    return ok();
  },
  true: () => ok(0),
  false: () => ok(1),
  env(_args, m, io) {
    io.out([...m.env].map(([k, v]) => `${k}=${v}\n`).join(''));
    return ok();
  },
  printenv(args, m, io) {
    if (args.length === 0) return BUILTINS.env?.(args, m, io) ?? ok();
    const values = args.map((a) => m.env.get(a));
    io.out(values.filter((v) => v !== undefined).map((v) => `${v}\n`).join(''));
    return ok(values.every((v) => v !== undefined) ? 0 : 1);
  },
  hostname(_args, m, io) {
    io.out(`${m.hostname}\n`);
    return ok();
  },
  whoami(_args, _m, io) {
    io.out('root\n');
    return ok();
  },
  id(_args, _m, io) {
    io.out('uid=0(root) gid=0(root) groups=0(root)\n');
    return ok();
  },
  uname(args, m, io) {
    io.out(args.includes('-a') ? `Linux ${m.hostname} 5.15.0-demo #1 SMP x86_64 Linux\n` : 'Linux\n');
    return ok();
  },
  date(_args, _m, io) {
    io.out(`${new Date().toUTCString()}\n`);
    return ok();
  },
  pwd(_args, m, io) {
    io.out(`${m.cwd}\n`);
    return ok();
  },
  cd(args, m, io) {
    const target = resolvePath(m.cwd, args[0] ?? m.env.get('HOME') ?? '/');
    if (!m.dirs.has(target)) {
      io.err(`sh: cd: can't cd to ${args[0] ?? ''}: No such file or directory\n`);
      return ok(2);
    }
    m.cwd = target;
    return ok();
  },
  ls(args, m, io) {
    const paths = args.filter((a) => !a.startsWith('-'));
    let status = 0;
    for (const p of paths.length > 0 ? paths : ['.']) {
      const full = resolvePath(m.cwd, p);
      const dir = m.dirs.get(full);
      if (dir) io.out(dir.length > 0 ? `${dir.join('  ')}\n` : '');
      else if (m.files.has(full)) io.out(`${p}\n`);
      else {
        io.err(`ls: ${p}: No such file or directory\n`);
        status = 1;
      }
    }
    return ok(status);
  },
  cat(args, m, io) {
    let status = 0;
    for (const p of args) {
      const full = resolvePath(m.cwd, p);
      const text = m.files.get(full);
      if (text !== undefined) io.out(text);
      else {
        io.err(`cat: can't open '${p}': ${m.dirs.has(full) ? 'Is a directory' : 'No such file or directory'}\n`);
        status = 1;
      }
    }
    return ok(status);
  },
  ps(_args, m, io) {
    const rows = ['PID   USER     TIME  COMMAND', ...m.processes.map((cmd, i) => `${String(i === 0 ? 1 : 6 + i).padStart(5)} root      0:00 ${cmd}`)];
    io.out(`${rows.join('\n')}\n${String(7 + m.processes.length).padStart(5)} root      0:00 ps\n`);
    return ok();
  },
  stty(args, m, io) {
    if (args[0] !== 'size') return ok();
    if (!m.size) {
      io.err("stty: standard input: Not a tty\n");
      return ok(1);
    }
    io.out(`${m.size.rows} ${m.size.columns}\n`);
    return ok();
  },
  exit(args) {
    const n = args[0] === undefined ? 0 : Number(args[0]);
    return { status: Number.isInteger(n) ? ((n % 256) + 256) % 256 : 2, exit: true };
  },
  help(_args, _m, io) {
    io.out(`Built-in commands: ${Object.keys(BUILTINS).sort().join(' ')}\n`);
    return ok();
  },
};

/** Runs one parsed command inside a shell; unknown ones are sh's "not found" (127). */
export function runCommand(words: string[], m: ShellMachine, io: ShellIo): CommandResult {
  const [name = '', ...args] = words;
  const builtin = field<Builtin>(BUILTINS, name.split('/').pop() ?? name);
  if (!builtin || (name.includes('/') && !name.startsWith('/bin/'))) {
    io.err(`sh: ${name}: not found\n`);
    return ok(127);
  }
  return builtin(args, m, io);
}

/** Runs a command line; returns the last status, and whether `exit` ended the shell. */
export function runLine(line: string, m: ShellMachine, io: ShellIo, lastStatus: number): CommandResult {
  let status = lastStatus;
  for (const words of parseLine(line, m.env, status)) {
    const result = runCommand(words, m, io);
    status = result.status;
    if (result.exit) return result;
  }
  return { status };
}

export const SHELLS = new Set(['sh', 'bash', 'ash', '/bin/sh', '/bin/bash', '/bin/ash']);
