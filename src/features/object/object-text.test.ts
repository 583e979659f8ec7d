import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../k8s/kube-object';
import { readJsonFixture } from '../../testing/fixtures';
import { managedFieldsCount, objectText } from './object-text';

const deployment = readJsonFixture<KubeObject>('objects/apis__apps__v1__namespaces__fx__deployments__web.json');

describe('objectText', () => {
  it('hides managedFields by default and keeps everything else in server order', () => {
    const yaml = objectText(deployment, 'yaml', false);
    expect(yaml).not.toContain('managedFields');
    expect(yaml.split('\n').slice(0, 4)).toEqual(['kind: Deployment', 'apiVersion: apps/v1', 'metadata:', '  name: web']);
    const { managedFields: _hidden, ...metadata } = deployment.metadata;
    expect(parse(yaml)).toEqual({ ...deployment, metadata });
    // The object itself is not changed (the cache holds it).
    expect(deployment.metadata.managedFields).toHaveLength(1);
  });

  it('shows managedFields when asked, in YAML and JSON', () => {
    expect(managedFieldsCount(deployment)).toBe(1);
    const yaml = objectText(deployment, 'yaml', true);
    expect(yaml).toContain('managedFields:');
    expect(yaml).toContain('manager: kubectl-client-side-apply');
    expect(parse(yaml)).toEqual(deployment);
    expect(JSON.parse(objectText(deployment, 'json', true))).toEqual(deployment);
    expect(objectText(deployment, 'json', false)).not.toContain('managedFields');
  });

  it('keeps a long annotation value on one line instead of folding it', () => {
    const lines = objectText(deployment, 'yaml', false).split('\n');
    // Like kubectl: a value ending in a newline becomes a block scalar whose JSON line stays whole.
    const at = lines.findIndex((l) => l.includes('last-applied-configuration'));
    expect(lines[at]).toMatch(/: \|$/);
    expect(lines[at + 1]?.trim()).toBe(deployment.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']?.trim());
  });

  it('quotes strings YAML 1.1 readers (kubectl) would take for booleans or timestamps', () => {
    const object: KubeObject = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'c', labels: { enabled: 'yes', mode: 'on' } }, data: { at: '2026-11-21T22:22:10Z' } };
    const yaml = objectText(object, 'yaml', false);
    expect(yaml).toContain('enabled: "yes"');
    expect(yaml).toContain('mode: "on"');
    expect(yaml).toContain('at: "2026-11-21T22:22:10Z"');
  });
});
