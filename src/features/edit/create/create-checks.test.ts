import { describe, expect, it } from 'vitest';
import { checkNewObject, type CreateCollection } from './create-checks';

const deployments: CreateCollection = { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment', namespaced: true, namespace: 'default' };
const clusterRoles: CreateCollection = { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles', kind: 'ClusterRole', namespaced: false, namespace: null };

const deployment = (metadata: string, head = 'apiVersion: apps/v1\nkind: Deployment\n') => `${head}metadata:\n${metadata}spec:\n  replicas: 1\n`;

describe('checkNewObject', () => {
  it('accepts a matching object, fills in the namespace and names the collection to POST to', () => {
    const result = checkNewObject(deployment('  generateName: web-\n'), deployments);
    expect(result).toEqual({
      ok: true,
      collectionPath: '/apis/apps/v1/namespaces/default/deployments',
      object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { generateName: 'web-', namespace: 'default' }, spec: { replicas: 1 } },
    });
    const empty = checkNewObject(deployment('  name: web\n  namespace: ""\n'), deployments);
    expect(empty.ok && empty.object.metadata.namespace).toBe('default');
  });

  it('says which apiVersion and kind the collection takes', () => {
    const result = checkNewObject(deployment('  name: web\n', 'apiVersion: apps/v1beta1\nkind: StatefulSet\n'), deployments);
    expect(result).toEqual({
      ok: false,
      kind: 'object',
      problems: [
        { field: 'apiVersion', message: 'apiVersion is "apps/v1beta1", but deployments in apps/v1 takes apiVersion "apps/v1".' },
        { field: 'kind', message: 'kind is "StatefulSet", but deployments in apps/v1 holds kind "Deployment".' },
      ],
    });
    const missing = checkNewObject('metadata:\n  name: web\n', deployments);
    expect(!missing.ok && missing.problems).toEqual([
      { field: 'apiVersion', message: 'apiVersion is missing, but deployments in apps/v1 takes apiVersion "apps/v1".' },
      { field: 'kind', message: 'kind is missing, but deployments in apps/v1 holds kind "Deployment".' },
    ]);
  });

  it('requires a name or generateName and refuses a resourceVersion', () => {
    const result = checkNewObject(deployment('  labels: {a: b}\n  resourceVersion: "12"\n'), deployments);
    expect(!result.ok && result.kind === 'object' && result.problems).toEqual([
      { field: 'metadata', message: expect.stringMatching(/^metadata.name or metadata.generateName is required/) },
      { field: 'metadata.resourceVersion', message: expect.stringMatching(/^metadata.resourceVersion must not be set/) },
    ]);
  });

  it('refuses another namespace than the URL\'s, and wants one on an all-namespaces URL', () => {
    const other = checkNewObject(deployment('  name: web\n  namespace: prod\n'), deployments);
    expect(!other.ok && other.problems).toEqual([
      { field: 'metadata.namespace', message: 'metadata.namespace is "prod", but you are creating in namespace "default". Change it, or remove it to create in "default".' },
    ]);
    const all = { ...deployments, namespace: null };
    expect(checkNewObject(deployment('  name: web\n'), all)).toMatchObject({ ok: false, problems: [{ field: 'metadata', message: expect.stringMatching(/^metadata.namespace is required/) }] });
    expect(checkNewObject(deployment('  name: web\n  namespace: prod\n'), all)).toMatchObject({ ok: true, collectionPath: '/apis/apps/v1/namespaces/prod/deployments' });
  });

  it('refuses a namespace on a cluster-scoped kind', () => {
    const text = 'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: r\n';
    expect(checkNewObject(text, clusterRoles)).toMatchObject({ ok: true, collectionPath: '/apis/rbac.authorization.k8s.io/v1/clusterroles' });
    expect(checkNewObject(`${text}  namespace: default\n`, clusterRoles)).toMatchObject({
      ok: false,
      problems: [{ field: 'metadata.namespace', message: 'ClusterRole is cluster-scoped: remove metadata.namespace (the server would ignore it).' }],
    });
  });

  it('reports syntax errors and a second document with their lines', () => {
    const bad = checkNewObject('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: a: b\n', deployments);
    expect(bad).toMatchObject({ ok: false, kind: 'yaml', problems: [{ line: 5 }] });
    const two = checkNewObject(`${deployment('  name: a\n')}---\n${deployment('  name: b\n')}`, deployments);
    expect(two).toEqual({ ok: false, kind: 'yaml', problems: [{ line: 7, column: 1, message: expect.stringContaining('Create makes one object at a time') }] });
    expect(checkNewObject(`---\n${deployment('  name: a\n')}`, deployments).ok).toBe(true);
    expect(checkNewObject('- a\n- b\n', deployments)).toMatchObject({ ok: false, kind: 'yaml' });
  });
});
