import { describe, expect, it } from 'vitest';
import { defaultPatchKind, groupOf, isBuiltInTarget, unavailableReason } from './patch-kinds';

describe('patch kinds', () => {
  it('tells built-in types from custom resources by the API group', () => {
    expect(groupOf('v1')).toBe('');
    expect(groupOf('apps/v1')).toBe('apps');
    expect(isBuiltInTarget('/apis/apps/v1/namespaces/d/deployments/web', 'apps/v1', 'Deployment')).toBe(true);
    expect(isBuiltInTarget('/api/v1/namespaces/d/configmaps/c', 'v1', 'ConfigMap')).toBe(true);
    expect(isBuiltInTarget('/apis/networking.k8s.io/v1/namespaces/d/ingresses/i', 'networking.k8s.io/v1', 'Ingress')).toBe(true);
    // CRD groups, including ones under k8s.io that are not served by kube-apiserver itself.
    expect(isBuiltInTarget('/apis/fx.example.com/v1/namespaces/fx/widgets/w1', 'fx.example.com/v1', 'Widget')).toBe(false);
    expect(isBuiltInTarget('/apis/snapshot.storage.k8s.io/v1/namespaces/d/volumesnapshots/s', 'snapshot.storage.k8s.io/v1', 'VolumeSnapshot')).toBe(false);
  });

  it('treats the /scale subresource as the built-in autoscaling/v1 Scale, even of a custom resource', () => {
    expect(isBuiltInTarget('/apis/fx.example.com/v1/namespaces/fx/widgets/w1/scale', 'autoscaling/v1', 'Scale')).toBe(true);
    expect(isBuiltInTarget('/apis/fx.example.com/v1/namespaces/fx/widgets/w1/status', 'fx.example.com/v1', 'Widget')).toBe(false);
  });

  it('disables strategic merge for custom resources with the reason, and picks the default', () => {
    expect(unavailableReason('strategic', false)).toMatch(/415/);
    expect(unavailableReason('strategic', true)).toBeNull();
    expect(unavailableReason('merge', false)).toBeNull();
    expect(defaultPatchKind(undefined, true)).toBe('strategic');
    expect(defaultPatchKind(undefined, false)).toBe('merge');
    expect(defaultPatchKind('apply', true)).toBe('apply');
    expect(defaultPatchKind('strategic', false)).toBe('merge');
  });
});
