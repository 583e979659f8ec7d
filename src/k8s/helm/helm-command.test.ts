import { describe, expect, it } from 'vitest';
import { helmRollbackLine } from './helm-command';

const ORIGIN = 'http://127.0.0.1:7080';

describe('helmRollbackLine', () => {
  it('points helm at the context as kubectl lines do, with helm flag names', () => {
    expect(helmRollbackLine({ context: 'prod', info: { name: 'prod', server: 'https://prod:6443', demo: false, kubeconfigPath: '/home/me/.kube/config' }, origin: ORIGIN }, 'shop', 1, 'shop')).toBe(
      'helm rollback shop 1 -n shop --kubeconfig /home/me/.kube/config --kube-context prod',
    );
    expect(helmRollbackLine({ context: "it's", info: { name: "it's", server: 'https://x:6443', demo: false, kubeconfigEnv: '/a:/b' }, origin: ORIGIN }, 'web', 3, 'demo')).toBe(
      "KUBECONFIG=/a:/b helm rollback web 3 -n demo --kube-context 'it'\\''s'",
    );
  });

  it('reaches a demo context through the kubeglass proxy', () => {
    expect(helmRollbackLine({ context: 'demo', info: { name: 'demo', server: 'demo://', demo: true }, origin: ORIGIN }, 'shop', 1, 'shop')).toBe(
      'helm rollback shop 1 -n shop --kubeconfig=/dev/null --kube-apiserver http://127.0.0.1:7080/k8s/demo',
    );
  });
});
