// The kubectls the client tests run: the machine's (on PATH, 1.32 on these machines) and the release the
// demo cluster claims (v1.37.2, built into ~/.cache/kubeglass by tests/modern-apiserver/build.sh
// --clients, which the test command runs through scripts/ensure-test-clients.mjs).
import { execFileSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface Kubectl {
  /** How a test title names it. */
  name: string;
  binary: string;
  /** The client's minor version (kubectl's output changes between releases). */
  minor: number;
}

function clientMinor(binary: string): number {
  try {
    const out = execFileSync(binary, ['version', '--client', '-o', 'json'], { encoding: 'utf8', timeout: 10_000 });
    return Number.parseInt((JSON.parse(out) as { clientVersion: { minor: string } }).clientVersion.minor, 10);
  } catch {
    // Missing or broken: its tests fail on running it, saying why.
    return 0;
  }
}

const MODERN_BINARY = process.env.KUBEGLASS_MODERN_KUBECTL ?? join(homedir(), '.cache', 'kubeglass', 'k8s-v1.37.2', 'kubectl');

export const MACHINE_KUBECTL: Kubectl = { name: 'kubectl on PATH', binary: 'kubectl', minor: clientMinor('kubectl') };
export const MODERN_KUBECTL: Kubectl = { name: 'kubectl v1.37.2', binary: MODERN_BINARY, minor: clientMinor(MODERN_BINARY) };
export const KUBECTLS: Kubectl[] = [MACHINE_KUBECTL, MODERN_KUBECTL];

/** `kubectl delete`'s line: since 1.33 it names the namespace of a namespaced object. */
export function deletedLine(k: Kubectl, object: string, namespace?: string): string {
  return namespace !== undefined && k.minor >= 33 ? `${object} deleted from ${namespace} namespace` : `${object} deleted`;
}
