import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_GVK, fixtureKindSchema } from '../../k8s/openapi/openapi-test-support';
import { findUnknownFields } from './unknown-fields';

const deployment = fixtureKindSchema(DEPLOYMENT_GVK).jsonSchema;
const configMap = fixtureKindSchema({ group: '', version: 'v1', kind: 'ConfigMap' }).jsonSchema;

const DEPLOYMENT_YAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  labels:
    app.kubernetes.io/name: web
  annotations:
    any.thing/goes: "yes"
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 25%
  template:
    metadata:
      creationTimestamp: null
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.25
          env:
            - name: A
              value: "1"
          resources:
            limits:
              cpu: 500m
      nodeSelector:
        disk: ssd
`;

describe('findUnknownFields', () => {
  it('finds nothing in a valid Deployment: maps (labels, annotations, nodeSelector, limits) take any key', () => {
    expect(findUnknownFields(DEPLOYMENT_YAML, deployment)).toEqual([]);
  });

  it('reports a misspelled field with its Kubernetes path and the line of its key', () => {
    const text = DEPLOYMENT_YAML.replace('  replicas: 2', '  replicaz: 2');
    expect(findUnknownFields(text, deployment)).toEqual([{ path: 'spec.replicaz', line: 11, column: 3 }]);
  });

  it('walks list items, $refs and nested objects; every unknown field is listed in document order', () => {
    const text = DEPLOYMENT_YAML.replace('          image: nginx:1.25', '          imagez: nginx:1.25')
      .replace('              value: "1"', '              value: "1"\n              valueFromm: x')
      .replace('      maxSurge: 1', '      maxSurge: 1\n      maxSurgee: 2')
      .replace('  name: web\n  namespace', '  name: web\n  lables: {a: b}\n  namespace');
    expect(findUnknownFields(text, deployment).map((f) => f.path)).toEqual([
      'metadata.lables',
      'spec.strategy.rollingUpdate.maxSurgee',
      'spec.template.spec.containers[0].imagez',
      'spec.template.spec.containers[0].env[0].valueFromm',
    ]);
  });

  it('reports a top-level unknown field of a ConfigMap, but not keys under data', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  anything: x\ndatta:\n  b: y\n';
    expect(findUnknownFields(text, configMap)).toEqual([{ path: 'datta', line: 7, column: 1 }]);
  });

  it('does not look inside a field whose value has the wrong shape (the server refuses those itself)', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels: [a, b]\ndata: 3\n';
    expect(findUnknownFields(text, configMap)).toEqual([]);
  });

  it('honours x-kubernetes-preserve-unknown-fields, additionalProperties and schemas without properties (custom resources)', () => {
    const schema = {
      type: 'object',
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        metadata: { $ref: '#/definitions/Meta' },
        spec: {
          type: 'object',
          properties: {
            size: { type: 'integer' },
            free: { 'x-kubernetes-preserve-unknown-fields': true },
            labels: { type: 'object', additionalProperties: { type: 'string' } },
            open: { type: 'object', additionalProperties: true },
            untyped: { type: 'object' },
            items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
            byName: { type: 'object', additionalProperties: { type: 'object', properties: { port: { type: 'integer' } } } },
            merged: { allOf: [{ $ref: '#/definitions/Part' }], description: 'with siblings' },
          },
        },
      },
      definitions: {
        Meta: { type: 'object', properties: { name: { type: 'string' } } },
        Part: { type: 'object', properties: { a: { type: 'string' } } },
      },
    };
    const text = `apiVersion: fx.example.com/v1
kind: Gadget
metadata:
  name: g
spec:
  size: 3
  free: {any: {thing: [1, 2]}}
  labels: {a: b}
  open: {x: {y: z}}
  untyped: {whatever: 1}
  items:
    - name: one
      nam: typo
  byName:
    http: {port: 80, prot: TCP}
  merged: {a: x, b: y}
  sise: 4
`;
    expect(findUnknownFields(text, schema)).toEqual([
      { path: 'spec.items[0].nam', line: 13, column: 7 },
      { path: 'spec.byName[http].prot', line: 15, column: 22 },
      { path: 'spec.merged.b', line: 16, column: 18 },
      { path: 'spec.sise', line: 17, column: 3 },
    ]);
  });
});
