// `kubectl exec` against the demo cluster (v1.32 on PATH; v1.37.2 for the first cases): WebSocket v5 first (no SPDY fallback needed),
// output on stdout/stderr, the exit code through the error channel's Status, stdin, and RBAC.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';
import { MODERN_KUBECTL } from '../testing/kubectls.js';

const cluster = useCluster();
const { kubectl, harness } = useKubectl(cluster, 'exec');
const modern = useKubectl(cluster, 'exec-modern', {}, MODERN_KUBECTL.binary);

/** The first seeded pod with one container, as namespace and name. */
async function aPod(): Promise<[string, string]> {
  const { stdout } = await kubectl('get', 'pods', '-A', '--field-selector=status.phase=Running', '-o', 'jsonpath={range .items[*]}{.metadata.namespace} {.metadata.name} {.spec.containers[*].name}{"\\n"}{end}');
  const line = stdout.split('\n').find((l) => l.trim().split(' ').length === 3);
  const [ns = '', name = ''] = (line ?? '').split(' ');
  return [ns, name];
}

describe('kubectl exec against the demo cluster', () => {
  it('runs a command and prints its output', async () => {
    const [ns, pod] = await aPod();
    const { code, stdout, stderr } = await kubectl('exec', '-n', ns, pod, '--', 'echo', 'hi', 'there');
    expect(stderr).toBe('');
    expect(stdout).toBe('hi there\n');
    expect(code).toBe(0);
    const host = await kubectl('exec', '-n', ns, pod, '--', 'cat', '/etc/hostname');
    expect(host.stdout).toBe(`${pod}\n`);
  });

  it('propagates the exit code of sh -c', async () => {
    const [ns, pod] = await aPod();
    const { code, stderr } = await kubectl('exec', '-n', ns, pod, '--', 'sh', '-c', 'echo oops >&2; exit 3');
    expect(code).toBe(3);
    expect(stderr).toContain('command terminated with exit code 3');
  });

  it('an unknown command in sh is not found (127) on stderr', async () => {
    const [ns, pod] = await aPod();
    const { code, stdout, stderr } = await kubectl('exec', '-n', ns, pod, '--', 'sh', '-c', 'nosuchthing');
    expect(stdout).toBe('');
    expect(stderr).toContain('sh: nosuchthing: not found');
    expect(code).toBe(127);
  });

  it('reads stdin (-i) until it ends', async () => {
    const [ns, pod] = await aPod();
    const { code, stdout } = await harness().kubectlWith({ input: 'echo from-stdin\nhostname\nexit 4\n' }, 'exec', '-i', '-n', ns, pod, '--', 'sh');
    expect(stdout).toBe(`from-stdin\n${pod}\n`);
    expect(code).toBe(4);
    const cat = await harness().kubectlWith({ input: 'line one\nline two\n' }, 'exec', '-i', '-n', ns, pod, '--', 'cat');
    expect(cat.stdout).toBe('line one\nline two\n');
    expect(cat.code).toBe(0);
  });

  it('refuses the viewer (no create on pods/exec) and a missing pod', async () => {
    const [ns, pod] = await aPod();
    const viewer = await kubectl('--context', 'demo-viewer', 'exec', '-n', ns, pod, '--', 'echo', 'hi');
    expect(viewer.code).not.toBe(0);
    expect(viewer.stderr).toContain('cannot create resource "pods/exec"');
    const missing = await kubectl('exec', '-n', ns, 'no-such-pod-x', '--', 'echo', 'hi');
    expect(missing.stderr).toContain('pods "no-such-pod-x" not found');
  });
});

describe(`${MODERN_KUBECTL.name} exec against the demo cluster`, () => {
  it('runs a command and prints its output, and feeds stdin to cat', async () => {
    const [ns, pod] = await aPod();
    const { code, stdout, stderr } = await modern.kubectl('exec', '-n', ns, pod, '--', 'echo', 'hi', 'there');
    expect(stderr).toBe('');
    expect(stdout).toBe('hi there\n');
    expect(code).toBe(0);
    const piped = await modern.harness().kubectlWith({ input: 'one\ntwo\n' }, 'exec', '-i', '-n', ns, pod, '--', 'cat');
    expect(piped.stdout).toBe('one\ntwo\n');
    expect(piped.code).toBe(0);
  });
});
