// Test support: a kubeconfig file on disk, for tests that hand kubeglass a path. Not used at runtime.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes a Config (apiVersion v1) with `body` (clusters, users, contexts...) in a fresh temporary folder; returns its path. */
export function kubeconfigFile(body: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kubeglass-test-')), 'config');
  writeFileSync(path, `apiVersion: v1\nkind: Config\n${body}`);
  return path;
}
