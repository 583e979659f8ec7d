import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SKELETON_ID, requiredTopLevelFields, templatesFor, templateText, type CreateTarget } from './create-templates';

const target = (group: string, version: string, kind: string, namespaced = true, namespace: string | null = 'team-a'): CreateTarget => ({
  group,
  version,
  kind,
  namespaced,
  namespace,
});

describe('templatesFor', () => {
  it('offers the kind\'s templates first, in the collection\'s apiVersion and namespace, and the skeleton last', () => {
    const templates = templatesFor(target('apps', 'v1', 'Deployment'), null);
    expect(templates.map((t) => t.id)).toEqual(['deployment', SKELETON_ID]);
    const deployment = templates[0]!.object;
    expect(deployment).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { generateName: 'web-', namespace: 'team-a' } });
    const spec = deployment.spec as { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> } } };
    expect(spec.template.metadata.labels).toEqual(spec.selector.matchLabels);
    expect(templates[1]!.object).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { generateName: 'deployment-', namespace: 'team-a' } });
  });

  it('writes the text kubectl would read back: apiVersion, kind, metadata first', () => {
    const text = templateText(templatesFor(target('', 'v1', 'ConfigMap'), null)[0]!);
    expect(text.startsWith('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  generateName: config-\n  namespace: team-a\n')).toBe(true);
    expect(parse(text)).toEqual(templatesFor(target('', 'v1', 'ConfigMap'), null)[0]!.object);
  });

  it('gives Secrets stringData (plain text) and several Service flavours', () => {
    const secret = templatesFor(target('', 'v1', 'Secret'), null)[0]!.object;
    expect(secret).toMatchObject({ type: 'Opaque', stringData: { username: 'admin' } });
    expect(secret.data).toBeUndefined();
    expect(templatesFor(target('', 'v1', 'Service'), null).map((t) => t.id)).toEqual(['service-clusterip', 'service-nodeport', 'service-headless', SKELETON_ID]);
  });

  it('leaves out the namespace of cluster-scoped kinds, and templates whose version does not fit', () => {
    const ns = templatesFor(target('', 'v1', 'Namespace', false, null), null)[0]!.object;
    expect(ns).toEqual({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    expect(templatesFor(target('rbac.authorization.k8s.io', 'v1', 'ClusterRole', false, null), null)[0]!.object.metadata).toEqual({ name: 'node-reader' });
    expect(templatesFor(target('networking.k8s.io', 'v1beta1', 'Ingress'), null).map((t) => t.id)).toEqual([SKELETON_ID]);
    expect(templatesFor(target('autoscaling', 'v1', 'HorizontalPodAutoscaler'), null).map((t) => t.id)).toEqual(['hpa-v1', SKELETON_ID]);
    expect(templatesFor(target('batch', 'v1beta1', 'CronJob'), null)[0]!.object.apiVersion).toBe('batch/v1beta1');
  });

  it('binds the RoleBinding subject in the target namespace', () => {
    const binding = templatesFor(target('rbac.authorization.k8s.io', 'v1', 'RoleBinding', true, 'ops'), null)[0]!.object;
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'app-sa', namespace: 'ops' }]);
  });
});

describe('the skeleton of other kinds (CRDs)', () => {
  const widgetSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: {
        type: 'object',
        required: ['size', 'color', 'replicas', 'tags', 'mode', 'port', 'owner'],
        properties: {
          size: { type: 'string' },
          color: { type: 'string', enum: ['red', 'blue'] },
          replicas: { type: 'integer', default: 1 },
          tags: { type: 'array', items: { type: 'string' } },
          mode: { type: 'boolean' },
          port: { 'x-kubernetes-int-or-string': true },
          owner: { allOf: [{ $ref: '#/definitions/Owner' }], description: 'who' },
        },
      },
      status: { type: 'object', required: ['phase'] },
    },
    definitions: { Owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, team: { type: 'string' } } } },
  };

  it('fills required fields with defaults, first enum values or empty values', () => {
    expect(requiredTopLevelFields(widgetSchema)).toEqual({ spec: { size: '', color: 'red', replicas: 1, tags: [], mode: false, port: '', owner: { name: '' } } });
    const [skeleton] = templatesFor(target('fx.example.com', 'v1', 'Widget'), widgetSchema);
    expect(skeleton).toMatchObject({ id: SKELETON_ID, label: 'Minimal Widget' });
    expect(skeleton!.object).toMatchObject({ apiVersion: 'fx.example.com/v1', kind: 'Widget', metadata: { generateName: 'widget-', namespace: 'team-a' }, spec: { color: 'red' } });
  });

  it('adds nothing without a schema or required fields', () => {
    expect(requiredTopLevelFields(null)).toEqual({});
    expect(requiredTopLevelFields({ type: 'object', properties: { spec: { type: 'object' } } })).toEqual({});
  });
});
