import { describe, expect, it } from 'vitest';
import type { ApiResource } from '../../k8s/discovery/types';
import { readJsonFixture } from '../../testing/fixtures';
import { accessMatrix, confirmingQuestions, grantedVerbs } from './access-matrix';
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

  describe('cluster-scoped rows', () => {
    // What a RoleBinding of the view role puts in the namespace's rules review, beside a ClusterRoleBinding's grant.
    const rules: ResourceRule[] = [
      { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['namespaces', 'configmaps'] },
      { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews'] },
      { verbs: ['get'], apiGroups: [''], resources: ['nodes'], resourceNames: ['node-1'] },
    ];
    const resources = [
      resource('', 'configmaps', ALL),
      resource('', 'namespaces', ALL, false),
      resource('', 'nodes', ALL, false),
      resource('authorization.k8s.io', 'selfsubjectaccessreviews', ['create'], false),
    ];

    it('asks the server to confirm each cluster-scoped grant of the rules, without namespace, by name where only names are granted', () => {
      expect(confirmingQuestions(resources, rules)).toEqual([
        { verb: 'get', group: '', resource: 'namespaces' },
        { verb: 'list', group: '', resource: 'namespaces' },
        { verb: 'watch', group: '', resource: 'namespaces' },
        { verb: 'get', group: '', resource: 'nodes', name: 'node-1' },
        { verb: 'create', group: 'authorization.k8s.io', resource: 'selfsubjectaccessreviews' },
      ]);
    });

    it('shows a cluster-scoped grant as asking until confirmed, and as no when the server denies it', () => {
      const byName = (rows: ReturnType<typeof accessMatrix>, name: string) => rows.find((r) => r.name === name)!;
      const asking = accessMatrix(resources, rules);
      expect(byName(asking, 'namespaces').cells).toMatchObject({ get: 'asking', list: 'asking', create: 'no' });
      expect(byName(asking, 'configmaps').cells.get).toBe('yes');

      const answered = accessMatrix(resources, rules, (q) => (q.resource === 'selfsubjectaccessreviews' ? 'allowed' : q.resource === 'nodes' ? 'unknown' : 'denied'));
      expect(grantedVerbs(byName(answered, 'namespaces'))).toEqual([]);
      expect(byName(answered, 'namespaces').cells.watch).toBe('no');
      expect(byName(answered, 'selfsubjectaccessreviews.authorization.k8s.io').cells.create).toBe('yes');
      // No answer to be had: the rules' word stands, and the cell's explanation shows why.
      expect(byName(answered, 'nodes').cells.get).toBe('some');
      expect(byName(answered, 'configmaps').cells.list).toBe('yes');
    });
  });
});
