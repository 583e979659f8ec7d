import { describe, expect, it } from 'vitest';
import type { ContextInfo } from '../../../wire/contexts';
import type { ApiPath } from '../../k8s/paths';
import { kubectlGetCommand } from './kubectl-command';

const ORIGIN = 'http://127.0.0.1:7070';
const deployment: ApiPath = { group: 'apps', version: 'v1', namespace: 'fx', resource: 'deployments', name: 'web', subresource: null };
const node: ApiPath = { group: '', version: 'v1', namespace: null, resource: 'nodes', name: 'node-a', subresource: null };

function kubeconfigContext(name: string, extra: Partial<ContextInfo> = {}): ContextInfo {
  return { name, server: 'https://k8s.example:6443', demo: false, ...extra };
}

describe('kubectlGetCommand', () => {
  it('names the group outside core, the namespace when namespaced, and quotes what the shell would split', () => {
    expect(kubectlGetCommand({ context: 'demo', info: undefined, origin: ORIGIN }, deployment)).toBe('kubectl --context demo get deployments.apps web -n fx -o yaml');
    expect(kubectlGetCommand({ context: 'my ctx', info: kubeconfigContext('my ctx'), origin: ORIGIN }, node)).toBe("kubectl --context 'my ctx' get nodes node-a -o yaml");
  });

  it('reaches a demo context through the kubeglass proxy at the page origin, with an empty kubeconfig', () => {
    const info: ContextInfo = { name: 'demo-viewer', server: 'http://127.0.0.1:40000', user: 'demo-viewer', demo: true };
    expect(kubectlGetCommand({ context: 'demo-viewer', info, origin: 'http://localhost:7070' }, deployment)).toBe(
      'kubectl --kubeconfig=/dev/null --server http://localhost:7070/k8s/demo-viewer get deployments.apps web -n fx -o yaml',
    );
  });

  it('passes the kubeconfig file kubeglass read, quoted when the shell would split it', () => {
    const info = kubeconfigContext('prod', { kubeconfigPath: "/home/me/my configs/it's.yaml" });
    expect(kubectlGetCommand({ context: 'prod', info, origin: ORIGIN }, node)).toBe(
      `kubectl --kubeconfig '/home/me/my configs/it'\\''s.yaml' --context prod get nodes node-a -o yaml`,
    );
  });

  it('sets the same KUBECONFIG list when kubeglass merged several files', () => {
    const info = kubeconfigContext('prod', { kubeconfigEnv: '/k/a:/k/b c' });
    expect(kubectlGetCommand({ context: 'prod', info, origin: ORIGIN }, node)).toBe("KUBECONFIG='/k/a:/k/b c' kubectl --context prod get nodes node-a -o yaml");
  });
});
