import { describe, expect, it } from 'vitest';
import { lineOfFieldPath, parseEditedYaml, splitFieldPath } from './yaml-position';

const TEXT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app.kubernetes.io/name: web
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: a
          image: nginx
        - name: b
          image: busybox
`;

describe('parseEditedYaml', () => {
  it('parses a mapping with metadata', () => {
    const r = parseEditedYaml(TEXT);
    expect(r.ok && r.object.metadata.name).toBe('web');
  });

  it('points syntax errors at their line and column', () => {
    const r = parseEditedYaml('kind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b: c\n  d: e\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatchObject({ line: 5, column: 6 });
    const bad = parseEditedYaml('metadata:\n  name: x\n bad: [1\n');
    expect(!bad.ok && bad.problems[0]!.line).toBeGreaterThanOrEqual(3);
  });

  it('reports duplicate keys and non-objects', () => {
    const dup = parseEditedYaml('metadata:\n  name: x\ndata:\n  a: 1\n  a: 2\n');
    expect(!dup.ok && dup.problems[0]).toMatchObject({ line: 5 });
    expect(parseEditedYaml('- a\n- b\n').ok).toBe(false);
    expect(parseEditedYaml('kind: X\n').ok).toBe(false);
  });
});

describe('Status cause field -> YAML line', () => {
  it('splits Kubernetes field paths', () => {
    expect(splitFieldPath('spec.template.spec.containers[1].image')).toEqual(['spec', 'template', 'spec', 'containers', 1, 'image']);
    expect(splitFieldPath('.spec.replicas')).toEqual(['spec', 'replicas']);
    expect(splitFieldPath('metadata.labels[app.kubernetes.io/name]')).toEqual(['metadata', 'labels', 'app.kubernetes.io/name']);
  });

  it('finds the line of the deepest present node', () => {
    expect(lineOfFieldPath(TEXT, 'spec.replicas')).toBe(8);
    expect(lineOfFieldPath(TEXT, 'spec.template.spec.containers[1].image')).toBe(15);
    expect(lineOfFieldPath(TEXT, 'spec.template.spec.containers[1]')).toBe(14);
    expect(lineOfFieldPath(TEXT, 'metadata.labels[app.kubernetes.io/name]')).toBe(6);
    expect(lineOfFieldPath(TEXT, 'spec.template.spec.volumes[0]')).toBe(10);
    expect(lineOfFieldPath(TEXT, 'data.x')).toBeNull();
  });
});
