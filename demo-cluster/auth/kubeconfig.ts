// Renders a kubeconfig for a running demo cluster: contexts "demo" (admin) and "demo-viewer".
import { stringify } from 'yaml';
import { DEMO_DEVELOPER_NAMESPACE, type DemoClusterHandle } from '../../wire/demo-cluster.js';

export type KubeconfigSource = Pick<DemoClusterHandle, 'url' | 'tokens'> & { httpsUrl?: string; certificateAuthority?: string };

/**
 * kubeconfig YAML with two users/contexts; current-context "demo". Uses the HTTPS endpoint when the
 * handle has one: client-go drops bearer tokens on plain-HTTP clusters.
 */
export function renderKubeconfig(handle: KubeconfigSource, namespace = 'default'): string {
  const cluster =
    handle.httpsUrl && handle.certificateAuthority
      ? { server: handle.httpsUrl, 'certificate-authority-data': Buffer.from(handle.certificateAuthority).toString('base64') }
      : { server: handle.url };
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'demo', cluster }],
    users: [
      { name: 'demo-admin', user: { token: handle.tokens.admin } },
      { name: 'demo-viewer', user: { token: handle.tokens.viewer } },
      { name: 'demo-developer', user: { token: handle.tokens.developer } },
    ],
    contexts: [
      { name: 'demo', context: { cluster: 'demo', user: 'demo-admin', namespace } },
      { name: 'demo-viewer', context: { cluster: 'demo', user: 'demo-viewer', namespace } },
      { name: 'demo-developer', context: { cluster: 'demo', user: 'demo-developer', namespace: DEMO_DEVELOPER_NAMESPACE } },
    ],
    'current-context': 'demo',
    preferences: {},
  };
  return stringify(config);
}
