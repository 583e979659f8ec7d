import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../resources/types.js';
import { machineFor, parseLine, runLine } from './exec-shell.js';

const pod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop' },
  spec: { containers: [{ name: 'app', image: 'nginx:1.25', env: [{ name: 'MODE', value: 'demo' }, { name: 'FROM', valueFrom: {} }] }] },
  status: { podIP: '10.244.1.7' },
};

function run(line: string, tty = false): { out: string; err: string; status: number; exit: boolean } {
  const m = machineFor(pod, 'app', tty);
  let out = '';
  let err = '';
  const result = runLine(line, m, { out: (t) => (out += t), err: (t) => (err += t) }, 0);
  return { out, err, status: result.status, exit: result.exit === true };
}

describe('parseLine', () => {
  it('splits words, keeps quotes, expands variables and $?', () => {
    const env = new Map([['A', 'x y']]);
    expect(parseLine(`echo "a  b" 'c $A' $A \${A}z $? # comment`, env, 7)).toEqual([['echo', 'a  b', 'c $A', 'x y', 'x yz', '7']]);
    expect(parseLine('echo a; echo b;', env, 0)).toEqual([['echo', 'a'], ['echo', 'b']]);
    expect(parseLine('echo ""', env, 0)).toEqual([['echo', '']]);
  });
});

describe('the built-in shell', () => {
  it('answers echo, hostname, env and cat of /etc files', () => {
    expect(run('echo hello world').out).toBe('hello world\n');
    expect(run('hostname').out).toBe('web-1\n');
    expect(run('env').out).toContain('MODE=demo\n');
    expect(run('env').out).not.toContain('FROM=');
    expect(run('cat /etc/hosts').out).toContain('10.244.1.7\tweb-1');
    expect(run('cat /etc/os-release').out).toContain('Alpine');
  });

  it('ls, cd and pwd move through the fixed tree', () => {
    expect(run('cd /etc; pwd; ls').out).toBe('/etc\nhostname  hosts  os-release  resolv.conf\n');
    const missing = run('ls /nope');
    expect(missing.err).toBe('ls: /nope: No such file or directory\n');
    expect(missing.status).toBe(1);
  });

  it('ps lists the container main process', () => {
    expect(run('ps').out).toMatch(/^PID\s+USER\s+TIME\s+COMMAND\n\s+1 root\s+0:00 nginx\n/);
  });

  it('unknown commands are not found (127); exit N leaves with N', () => {
    expect(run('frobnicate')).toEqual({ out: '', err: 'sh: frobnicate: not found\n', status: 127, exit: false });
    expect(run('echo a; exit 3; echo b')).toEqual({ out: 'a\n', err: '', status: 3, exit: true });
    expect(run('exit 300').status).toBe(44);
  });
});
