import { describe, expect, it } from 'vitest';
import type { ApiResource } from '../../k8s/discovery/types';
import { readJsonFixture } from '../../testing/fixtures';
import { accessMatrix, grantedVerbs } from './access-matrix';
import type { ResourceRule } from '../../../wire/rbac';

const resource = (group: string, name: string, verbs: string[], namespaced = true): ApiResource => ({
  group,
  version: 'v1',
  resource: name,
  kind: name,
  singularName: name,
  namespaced,
  verbs,
  shortNames: [],
  categories: [],
  subresources: [],
  preferredVersion: true,
  groupVersion: group ? `${group}/v1` : 'v1',
});
const ALL = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

describe('access matrix', () => {
  it('reads the recorded developer rules of 1.20.2 like kubectl auth can-i --list', () => {
    const rules = readJsonFixture<{ status: { resourceRules: ResourceRule[] } }>('rbac/selfsubjectrulesreview-developer-fx.json').status.resourceRules;
    const rows = accessMatrix(
      [resource('apps', 'deployments', ALL), resource('', 'configmaps', ALL), resource('rbac.authorization.k8s.io', 'roles', ALL), resource('', 'nodes', ALL, false)],
      rules,
    );
    expect(rows.map((r) => r.name)).toEqual(['configmaps', 'nodes', 'deployments.apps', 'roles.rbac.authorization.k8s.io']);
    expect(grantedVerbs(rows[0]!)).toEqual(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection']);
    expect(grantedVerbs(rows[2]!)).toEqual(grantedVerbs(rows[0]!));
    expect(grantedVerbs(rows[3]!)).toEqual([]);
    expect(rows[1]!.cells.get).toBe('no');
  });

  it('marks verbs a resource does not serve, and grants limited to named objects', () => {
    const rows = accessMatrix([resource('', 'configmaps', ['get', 'list'])], [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['a'] }]);
    expect(rows[0]!.cells).toMatchObject({ get: 'some', list: 'no', create: 'absent' });
  });

  it('leaves out subresources and versions kubectl would not pick', () => {
    expect(accessMatrix([{ ...resource('', 'pods/log', ['get']) }, { ...resource('', 'pods', ['get']), preferredVersion: false }], [])).toEqual([]);
  });
});
