// The version kubeglass reports: its package.json's, found beside the code (the single executable passes its own).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPackageRoot } from './static.js';

export function kubeglassVersion(): string {
  const root = findPackageRoot();
  if (root === undefined) return 'unknown';
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
}
