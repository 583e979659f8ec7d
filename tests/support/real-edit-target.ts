// The real tier's edit target (kube-apiserver 1.20.2 through KUBECONFIG_REAL, namespace fx) and the objects a
// spec creates there, deleted after each test.
import { expect, test } from '@playwright/test';
import type { EditTarget } from './edit-flows.js';
import { kubectl } from './kubectl.js';
import { settledDeployment } from '../real-apiserver/settle.js';

const kubeconfig = process.env.KUBECONFIG_REAL ?? '';

export function realEditTarget(shots: string): EditTarget {
  const k: EditTarget['kubectl'] = (...args) => kubectl(['--kubeconfig', kubeconfig, ...args]);
  return { context: 'real', namespace: 'fx', kubectl: k, shots, settled: (name) => settledDeployment(k, 'fx', name) };
}

/** Registers the hooks and returns `unique(prefix, resource)`: a fresh name, its object deleted after the test. */
export function createdInFx(target: EditTarget, defaultResource = 'deployment'): (prefix: string, resource?: string) => string {
  const created: Array<[string, string]> = [];
  test.beforeEach(() => {
    expect(kubeconfig, 'KUBECONFIG_REAL is set by run.sh').not.toBe('');
  });
  test.afterEach(async () => {
    for (const [resource, name] of created.splice(0)) await target.kubectl('-n', 'fx', 'delete', resource, name, '--ignore-not-found');
  });
  return (prefix, resource = defaultResource) => {
    const name = `${prefix}-${Date.now()}`;
    created.push([resource, name]);
    return name;
  };
}
