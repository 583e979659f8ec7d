// Runs tests/clients/python_client_calls.py (the official Kubernetes Python client at the release pinned in
// tests/clients/python-requirements.txt) against a kubeconfig context and returns its step lines.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './run-process.js';

/** The venv scripts/ensure-python-client.mjs installs the client into (from PyPI). */
export const CLIENT_PYTHON = join(process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache', 'kubeglass'), 'python-client', 'bin', 'python');
const SCRIPT = join(import.meta.dirname, '..', 'clients', 'python_client_calls.py');

export type PythonStep =
  | { step: string; ok: true; value: unknown }
  | { step: string; ok: false; status: number | null; reason: string | null; causes: Array<[string | null, string | null]> };

/** One step line per call, in order; throws with the script's stderr when it did not run to its end. */
export async function runPythonClientCalls(kubeconfig: string, context: string, namespace: string, logsNamespace?: string): Promise<PythonStep[]> {
  const result = await runProcess(CLIENT_PYTHON, [SCRIPT, kubeconfig, context, namespace, ...(logsNamespace ? [logsNamespace] : [])]);
  if (result.code !== 0) throw new Error(`python client script exited ${String(result.code)}:\n${result.stderr.slice(-2000)}`);
  return result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PythonStep);
}

/** A kubeconfig with one token-authenticated context (TLS unverified: the test servers' certificates are self-signed). */
export function writeTokenKubeconfig(server: string, context: string, token: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kubeglass-py-')), 'kubeconfig');
  writeFileSync(
    path,
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters: [{name: c, cluster: {server: "${server}"${server.startsWith('https:') ? ', insecure-skip-tls-verify: true' : ''}}}]`,
      `users: [{name: u, user: {token: "${token}"}}]`,
      `contexts: [{name: ${context}, context: {cluster: c, user: u}}]`,
      `current-context: ${context}`,
      '',
    ].join('\n'),
  );
  return path;
}
