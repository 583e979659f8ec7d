/// <reference types="node" />
// Test-only: reads the recorded real-apiserver responses in shared/fixtures (a sibling of the repo).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Plain paths, not URL objects: under jsdom the global URL is not Node's and fs refuses it.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/k8s-1.20.2');

/** Text of a fixture file, e.g. readFixture('errors/403-forbidden.json'). */
export function readFixture(relativePath: string): string {
  return readFileSync(resolve(root, relativePath), 'utf8');
}

/** A fixture file parsed as JSON. */
export function readJsonFixture<T>(relativePath: string): T {
  return JSON.parse(readFixture(relativePath)) as T;
}
