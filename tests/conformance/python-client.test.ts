// The official Python client's everyday calls, line by line: the demo cluster must answer them as
// kube-apiserver v1.37.2 does (the same script, the same namespace name on each server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPythonClientCalls, writeTokenKubeconfig, type PythonStep } from '../support/python-client.js';
import { openPair, type Pair, type Target } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-py');
});
afterAll(async () => {
  await pair?.close();
});

describe('Python client', () => {
  it('every call gets the same outcome from both servers', async () => {
    // The script creates and deletes its own namespace.
    const namespace = `${pair.ns}-own`;
    const { real, demo } = await pair.each(
      (t: Target): Promise<PythonStep[]> => runPythonClientCalls(writeTokenKubeconfig(t.baseUrl, t.name, t.adminToken), t.name, namespace),
    );
    expect(real.length).toBeGreaterThan(25);
    expect(real.every((line) => line.ok || line.status !== null)).toBe(true);
    expect(demo).toEqual(real);
  }, 60_000);
});
