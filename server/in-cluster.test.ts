import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextRegistry, loadKubeconfig } from './contexts.js';
import { inClusterKubeconfig } from './in-cluster.js';

function podRoot(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kubeglass-pod-'));
  const dir = join(root, 'var/run/secrets/kubernetes.io/serviceaccount');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return root;
}

const env = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };

describe('inClusterKubeconfig', () => {
  it('adds context in-cluster: the service address, the CA file, the token file read by the client, the namespace', async () => {
    const root = podRoot({ 'ca.crt': '-----BEGIN CERTIFICATE-----pod-----END CERTIFICATE-----', token: 'pod-token-1', namespace: 'kubeglass\n' });
    const kubeconfig = loadKubeconfig('none');
    inClusterKubeconfig(kubeconfig, root, env);
    const registry = buildContextRegistry({ kubeconfig, defaultContext: 'in-cluster' });
    expect(registry.list()).toMatchObject({ default: 'in-cluster', contexts: [{ name: 'in-cluster', server: 'https://10.96.0.1:443', namespace: 'kubeglass' }] });
    const options: { headers?: Record<string, string>; ca?: Buffer } = {};
    await registry.get('in-cluster')?.kubeConfig.applyToHTTPSOptions(options);
    expect(options.headers?.Authorization).toBe('Bearer pod-token-1');
    expect(options.ca?.toString()).toContain('pod');
  });

  it('in team mode keeps the pod\'s CA and drops its token', async () => {
    const root = podRoot({ 'ca.crt': '-----BEGIN CERTIFICATE-----pod-----END CERTIFICATE-----', token: 'pod-token-1' });
    const kubeconfig = loadKubeconfig('none');
    inClusterKubeconfig(kubeconfig, root, { KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '6443' });
    const registry = buildContextRegistry({ kubeconfig, team: true });
    expect(registry.list().contexts[0]?.server).toBe('https://[fd00::1]:6443');
    const options: { headers?: Record<string, string>; ca?: Buffer } = {};
    await registry.get('in-cluster')?.kubeConfig.applyToHTTPSOptions(options);
    expect(options.headers?.Authorization).toBeUndefined();
    expect(options.ca?.toString()).toContain('pod');
  });

  it('says what is missing outside a pod', () => {
    expect(() => inClusterKubeconfig(loadKubeconfig('none'), podRoot({}), {})).toThrow('KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are not set');
    expect(() => inClusterKubeconfig(loadKubeconfig('none'), podRoot({ 'ca.crt': 'x' }), env)).toThrow(/serviceaccount\/token is missing/);
  });
});
