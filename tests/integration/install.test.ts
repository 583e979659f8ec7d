// Kubeglass installed the ways its users install it: `npm pack` and the tarball installed into an empty prefix
// (kubeglass and the kubectl plugin from its bin), the single executable run from a folder without node_modules,
// and the plugin installed by krew. Needs the build (npm run build, as npm test does first); builds dist/binary
// itself, and krew once into ~/.cache/kubeglass (tests/install/build-krew.sh).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWebSocket } from '../../server/testing/fake-upstream.js';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../wire/browser-headers.js';
import { WS_PATH, type WatchRequest } from '../../wire/ws-protocol.js';
import { runProcess } from '../support/run-process.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'kubeglass-install-'));
const prefix = join(work, 'prefix');
const home = join(work, 'home');
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';

// A user's environment: their own HOME and kubeconfig, no npm variables of the test run, node and kubectl on PATH.
const kubeconfig = join(work, 'kubeconfig');
const env: NodeJS.ProcessEnv = {
  PATH: `${join(prefix, 'bin')}:/usr/local/bin:/usr/bin:/bin`,
  HOME: home,
  KUBECONFIG: kubeconfig,
  XDG_CACHE_HOME: join(home, '.cache'),
};

// npm itself runs as the developer's: their npm configuration (registry, CA) and cache (what npm ci fetched).
const npmEnv: NodeJS.ProcessEnv = { ...process.env };

beforeAll(() => {
  mkdirSync(home);
  // One context of the user's (an unreachable server: only listed), beside the demo cluster's.
  writeFileSync(
    kubeconfig,
    'apiVersion: v1\nkind: Config\ncurrent-context: staging\nclusters:\n- name: staging\n  cluster:\n    server: https://127.0.0.1:1\n' +
      'users:\n- name: someone\n  user:\n    token: not-a-real-token\ncontexts:\n- name: staging\n  context:\n    cluster: staging\n    user: someone\n    namespace: shop\n',
  );
});

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts a kubeglass command and waits for the URL it prints. */
function start(command: string, args: string[], cwd = work, startEnv = env): Promise<Started> {
  const child = spawn(command, args, { cwd, env: startEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} printed no URL within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /Kubeglass is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolveStart({ child, url, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before printing its URL:\n${output}`));
    });
  });
}

/** Sends the signal and resolves with the exit code and how long the exit took. */
function signal(started: Started, name: 'SIGINT' | 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
  const sent = Date.now();
  return new Promise((resolveExit) => {
    started.child.once('exit', (code) => resolveExit({ code, ms: Date.now() - sent }));
    started.child.kill(name);
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !check(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}

const running: Started[] = [];
afterAll(() => {
  for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
  // The prefix and two copies of the executable: a few hundred MB.
  rmSync(work, { recursive: true, force: true });
});

/** The page, an asset it names, the contexts and a Table of the demo cluster's pods, all through kubeglass. */
async function expectServes(url: string): Promise<void> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  expect(html).toContain('<title>Kubeglass</title>');
  const script = /\/assets\/index-[\w-]+\.js/.exec(html)?.[0];
  expect(script).toBeDefined();
  const asset = await fetch(new URL(script ?? '', url), { headers: { 'Accept-Encoding': 'br' } });
  expect(asset.status).toBe(200);
  expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);

  const headers = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const contexts = (await (await fetch(new URL('/-/contexts', url), { headers })).json()) as { default: string; contexts: { name: string }[] };
  expect(contexts.default).toBe('staging');
  expect(contexts.contexts.map((c) => c.name)).toEqual(expect.arrayContaining(['staging', 'demo', 'demo-viewer', 'demo-developer']));
  const pods = await fetch(new URL('/k8s/demo/api/v1/pods', url), { headers: { ...headers, Accept: TABLE } });
  expect(pods.status).toBe(200);
  const table = (await pods.json()) as { kind: string; columnDefinitions: { name: string }[]; rows: unknown[] };
  expect(table.kind).toBe('Table');
  expect(table.columnDefinitions.map((c) => c.name)).toEqual(expect.arrayContaining(['Name', 'Ready', 'Status', 'Restarts', 'Age']));
  expect(table.rows.length).toBeGreaterThan(0);
}

/** A second start on the first's port says the port is busy and how to choose another; then Ctrl+C with a watch open. */
async function expectBusyPortThenCleanExit(command: string, first: Started): Promise<void> {
  const port = new URL(first.url).port;
  const second = await runProcess(command, ['--port', port, '--demo-activity-ms', '0'], { cwd: work, env });
  expect(second.code).toBe(1);
  expect(second.stderr).toContain(`127.0.0.1:${port} is already in use (is kubeglass already running? it would be at http://127.0.0.1:${port}/)`);
  expect(second.stderr).toContain('--port');

  // The app's watch channel with a watch on it, and a kubectl-style watch through the proxy.
  const channel = await connectWebSocket(new URL(WS_PATH, first.url.replace(/^http/, 'ws')).href);
  if (!('ws' in channel)) throw new Error(`no watch channel: ${channel.status} ${channel.body}`);
  const watchRequest: WatchRequest = { op: 'watch', id: 'w1', context: 'demo', path: '/api/v1/pods', as: 'Table' };
  channel.ws.send(JSON.stringify(watchRequest));
  await channel.received.waitFor(1);
  const channelClosed = new Promise<number>((resolveClose) => channel.ws.once('close', (code) => resolveClose(code)));
  const watch = await fetch(new URL('/k8s/demo/api/v1/pods?watch=1', first.url), { headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } });
  expect(watch.status).toBe(200);
  const reader = watch.body?.getReader();
  await reader?.read();
  const exit = await signal(first, 'SIGINT');
  expect(exit.code).toBe(0);
  expect(exit.ms).toBeLessThan(3000);
  expect(first.output()).toContain('shutting down');
  // "Going away", as a server that shuts down says it.
  expect(await channelClosed).toBe(1001);
  // The server closed the watch's connection (its client sees the stream end, as when any watch drops).
  const ended = async (): Promise<string> => {
    try {
      for (;;) if ((await reader?.read())?.done !== false) return 'ended';
    } catch {
      return 'ended';
    }
  };
  expect(await ended()).toBe('ended');
}

describe('npm pack, npm i -g --prefix', () => {
  let files: string[] = [];
  let tarball = '';

  beforeAll(async () => {
    // The build is npm test's (npm pack's prepack builds the same way from a clone).
    const packed = await runProcess('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, env: npmEnv });
    expect(packed.code, packed.stderr).toBe(0);
    const [report] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    files = report?.files.map((file) => file.path) ?? [];
    tarball = join(work, report?.filename ?? '');
    const installed = await runProcess('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], {
      cwd: work,
      env: npmEnv,
    });
    expect(installed.code, installed.stderr).toBe(0);
  }, 180_000);

  it('carries the built app and server, neither sources nor tests, and installs runtime dependencies only', () => {
    for (const file of ['bin/kubeglass.js', 'bin/kubectl-kubeglass.js', 'dist/web/index.html', 'dist/node/server/cli.js', 'dist/node/demo-cluster/index.js', 'package.json']) expect(files).toContain(file);
    expect(files.filter((file) => !/^(bin|dist\/web|dist\/node\/(server|demo-cluster|wire))\//.test(file) && !['package.json', 'README.md'].includes(file))).toEqual([]);
    expect(files.filter((file) => /\.test\.|\.map$|\/testing\//.test(file))).toEqual([]);
    const modules = readdirSync(join(prefix, 'lib', 'node_modules', 'kubeglass', 'node_modules'));
    expect(modules).toEqual(expect.arrayContaining(['@kubernetes', 'ws', 'yaml']));
    for (const dev of ['react', 'monaco-editor', 'vite', 'typescript', 'vitest']) expect(modules).not.toContain(dev);
  });

  it('kubeglass --version and --help print to standard output and exit 0; an unknown flag exits 2 with the usage', async () => {
    const version = await runProcess('kubeglass', ['--version'], { cwd: work, env });
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout).toMatch(/^kubeglass \d+\.\d+\.\d+\S*\n$/);
    const help = await runProcess('kubeglass', ['--help'], { cwd: work, env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: kubeglass \[options\]/);
    const bad = await runProcess('kubeglass', ['--no-such-flag'], { cwd: work, env });
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toMatch(/^kubeglass: unknown option --no-such-flag\n\nUsage: kubeglass \[options\]/);
    // npx, given the package (here its tarball), runs its kubeglass.
    const npx = await runProcess('npx', ['--yes', '--prefer-offline', `--package=${tarball}`, 'kubeglass', '--version'], { cwd: work, env: npmEnv });
    expect(npx.code, npx.stderr).toBe(0);
    expect(npx.stdout).toBe(version.stdout);
  }, 60_000);

  it('kubeglass serves the app with the demo cluster and every kubeconfig context; a busy port says so; Ctrl+C exits cleanly', async () => {
    const started = await start('kubeglass', ['--port', '0', '--demo-activity-ms', '0']);
    running.push(started);
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expectServes(started.url);
    await expectBusyPortThenCleanExit('kubeglass', started);
  });

  it('kubectl kubeglass: the plugin on PATH, with kubectl\'s --kubeconfig, --context and -n', async () => {
    const version = await runProcess('kubectl', ['kubeglass', '--version'], { cwd: work, env });
    expect(version, version.stderr).toMatchObject({ code: 0 });
    expect(version.stdout).toMatch(/^kubeglass \d+\.\d+\.\d+/);
    const help = await runProcess('kubectl', ['kubeglass', '--help'], { cwd: work, env });
    expect(help.stdout).toMatch(/^Usage: kubectl kubeglass \[options\]/);

    const other = join(work, 'other-kubeconfig');
    writeFileSync(other, 'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:1\nusers:\n- name: u\n  user: {}\ncontexts:\n- name: prod\n  context:\n    cluster: c\n    user: u\n');
    const started = await start('kubectl', ['kubeglass', '--kubeconfig', other, '--context', 'prod', '-n', 'kube-system', '--no-demo', '--port', '0']);
    running.push(started);
    expect(new URL(started.url).pathname).toBe('/c/prod/api/v1/namespaces/kube-system/pods');
    expect((await fetch(started.url)).status).toBe(200);
    const contexts = (await (await fetch(new URL('/-/contexts', started.url), { headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE } })).json()) as { default: string; contexts: { name: string }[] };
    expect(contexts).toMatchObject({ default: 'prod', contexts: [{ name: 'prod' }] });
    expect((await signal(started, 'SIGTERM')).code).toBe(0);
  });

  it('--open without a browser opener says so and keeps serving', async () => {
    // A PATH with node alone: no xdg-open.
    const tools = join(work, 'tools');
    mkdirSync(tools);
    symlinkSync(process.execPath, join(tools, 'node'));
    const started = await start(join(prefix, 'bin', 'kubeglass'), ['--open', '--no-demo', '--port', '0'], work, { ...env, PATH: tools });
    running.push(started);
    await waitFor(() => started.output().includes('could not open a browser'));
    expect(started.output()).toContain(`kubeglass: could not open a browser (no xdg-open on PATH); open ${started.url} yourself`);
    expect((await fetch(started.url)).status).toBe(200);
    expect((await signal(started, 'SIGINT')).code).toBe(0);
  });
});

describe('the single executable (npm run build:binary)', () => {
  const folder = join(work, 'bin-only');
  const binary = join(folder, 'kubeglass');

  beforeAll(async () => {
    const built = await runProcess(process.execPath, ['scripts/build-binary.mjs'], { cwd: ROOT, env: { ...process.env } });
    expect(built.code, built.stderr).toBe(0);
    mkdirSync(folder);
    copyFileSync(join(ROOT, 'dist', 'binary', 'kubeglass'), binary);
    copyFileSync(join(ROOT, 'dist', 'binary', 'kubeglass'), join(folder, 'kubectl-kubeglass'));
  }, 300_000);

  it('runs from a folder without node_modules: --version, the app, the demo cluster\'s pods, a busy port, Ctrl+C', async () => {
    expect(existsSync(join(folder, 'node_modules'))).toBe(false);
    const version = await runProcess(binary, ['--version'], { cwd: folder, env });
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout).toMatch(/^kubeglass \d+\.\d+\.\d+/);
    const bad = await runProcess(binary, ['--bogus'], { cwd: folder, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^kubeglass: unknown option --bogus\n\nUsage: kubeglass \[options\]/);

    const started = await start(binary, ['--port', '0', '--demo-activity-ms', '0'], folder);
    running.push(started);
    await expectServes(started.url);
    await expectBusyPortThenCleanExit(binary, started);
  });

  it('named kubectl-kubeglass it is the kubectl plugin, and the krew manifest names its archive', async () => {
    const plugin = await runProcess('kubectl', ['kubeglass', '--help'], { cwd: work, env: { ...env, PATH: `${folder}:/usr/bin:/bin` } });
    expect(plugin.code, plugin.stderr).toBe(0);
    expect(plugin.stdout).toMatch(/^Usage: kubectl kubeglass \[options\]/);
    const archive = join(ROOT, 'dist', 'binary', 'kubeglass-linux-x64.tar.gz');
    const manifest = readFileSync(join(ROOT, 'dist', 'binary', 'kubeglass.krew.yaml'), 'utf8');
    expect(manifest).toContain(`sha256: ${createHash('sha256').update(readFileSync(archive)).digest('hex')}`);
    expect(manifest).toContain(`uri: file://${archive}`);
    expect(manifest).toMatch(/^kind: Plugin$/m);
    expect(manifest).toContain('bin: kubectl-kubeglass');
    expect(manifest).not.toMatch(/\$\{/);
    const listed = await runProcess('tar', ['-tzf', archive]);
    expect(listed.stdout.trim()).toBe('kubectl-kubeglass');
  });

  it('krew installs the plugin from the manifest and the archive; kubectl kubeglass then runs it', async () => {
    const built = await runProcess('bash', ['tests/install/build-krew.sh'], { cwd: ROOT, env: process.env });
    expect(built.code, built.stderr).toBe(0);
    const krew = built.stdout.trim().split('\n').at(-1) ?? '';
    const krewRoot = join(work, 'krew');
    const krewEnv = { ...env, KREW_ROOT: krewRoot, PATH: `${join(krewRoot, 'bin')}:/usr/bin:/bin` };
    const dist = join(ROOT, 'dist', 'binary');
    const installed = await runProcess(krew, ['install', `--manifest=${join(dist, 'kubeglass.krew.yaml')}`, `--archive=${join(dist, 'kubeglass-linux-x64.tar.gz')}`], { cwd: work, env: krewEnv });
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stderr).toContain('Installed plugin: kubeglass');
    // krew links its bin/kubectl-kubeglass to the executable in its store: the name still says plugin.
    const help = await runProcess('kubectl', ['kubeglass', '--help'], { cwd: work, env: krewEnv });
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: kubectl kubeglass \[options\]/);
  }, 300_000);
});
