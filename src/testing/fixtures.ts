/// <reference types="node" />
// Test-only: reads the recorded real-apiserver responses in shared/fixtures (a sibling of the repo).
import { readFileSync } from 'node:fs';

const root = new URL('../../../shared/fixtures/k8s-1.20.2/', import.meta.url);

/** Text of a fixture file, e.g. readFixture('errors/403-forbidden.json'). */
export function readFixture(relativePath: string): string {
  return readFileSync(new URL(relativePath, root), 'utf8');
}

/** A fixture file parsed as JSON. */
export function readJsonFixture<T>(relativePath: string): T {
  return JSON.parse(readFixture(relativePath)) as T;
}
