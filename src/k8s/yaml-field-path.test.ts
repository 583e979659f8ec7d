import { describe, expect, it } from 'vitest';
import { causeMarker, positionOfCause, positionOfFieldPath, shortFieldName, splitFieldPath } from './yaml-field-path';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app.kubernetes.io/na me: web
    tier: "a b"
spec:
  replicas: -1
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: Bad_Name
          image: nginx:1.25
          ports:
            - containerPort: 70000
        - name: sidecar
          image: "busy box"
      volumes: []
data:
  a.b: one
  x/y: two
  "c[d]": three
  "0": zero
`;

describe('splitFieldPath', () => {
  it('splits names, list indexes and bracketed keys', () => {
    expect(splitFieldPath('spec.template.spec.containers[1].image')).toEqual(['spec', 'template', 'spec', 'containers', 1, 'image']);
    expect(splitFieldPath('metadata.labels[app.kubernetes.io/name]')).toEqual(['metadata', 'labels', 'app.kubernetes.io/name']);
    expect(splitFieldPath('data[a.b]')).toEqual(['data', 'a.b']);
    expect(splitFieldPath('spec.containers[0].ports[2]')).toEqual(['spec', 'containers', 0, 'ports', 2]);
  });

  it('takes a leading dot, keys holding brackets, and the whole object', () => {
    expect(splitFieldPath('.spec.replicas')).toEqual(['spec', 'replicas']);
    expect(splitFieldPath('data[c[d]]')).toEqual(['data', 'c[d]']);
    expect(splitFieldPath('data[a]b].x')).toEqual(['data', 'a]b', 'x']);
    expect(splitFieldPath('data[unclosed')).toEqual(['data', 'unclosed']);
    expect(splitFieldPath('')).toEqual([]);
    expect(splitFieldPath('<nil>')).toEqual([]);
    expect(splitFieldPath(' . ')).toEqual([]);
  });
});

describe('positionOfFieldPath', () => {
  it('lands on the key of a present field, at the key\'s column', () => {
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.replicas')).toEqual({ line: 9, column: 3, exact: true, landedOn: 'spec.replicas' });
    expect(positionOfFieldPath(DEPLOYMENT, '.spec.replicas')).toEqual({ line: 9, column: 3, exact: true, landedOn: 'spec.replicas' });
    expect(positionOfFieldPath(DEPLOYMENT, 'metadata.name')).toMatchObject({ line: 4, column: 3, exact: true });
  });

  it('follows list indexes to the item and the key inside it', () => {
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[0]')).toEqual({ line: 16, column: 11, exact: true, landedOn: 'spec.template.spec.containers[0]' });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[0].name')).toMatchObject({ line: 16, column: 11, exact: true });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[0].image')).toMatchObject({ line: 17, column: 11, exact: true });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[1].image')).toMatchObject({ line: 21, column: 11, exact: true });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[0].ports[0].containerPort')).toMatchObject({ line: 19, column: 15, exact: true });
  });

  it('finds map keys holding dots, slashes, spaces, brackets and digits', () => {
    expect(positionOfFieldPath(DEPLOYMENT, 'metadata.labels[app.kubernetes.io/na me]')).toMatchObject({ line: 6, column: 5, exact: true });
    expect(positionOfFieldPath(DEPLOYMENT, 'data[a.b]')).toMatchObject({ line: 24, column: 3, exact: true, landedOn: 'data[a.b]' });
    expect(positionOfFieldPath(DEPLOYMENT, 'data[x/y]')).toMatchObject({ line: 25, exact: true });
    expect(positionOfFieldPath(DEPLOYMENT, 'data[c[d]]')).toMatchObject({ line: 26, exact: true });
    expect(positionOfFieldPath(DEPLOYMENT, 'data[0]')).toMatchObject({ line: 27, exact: true });
  });

  it('lands on the nearest existing parent when the field is absent', () => {
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[0].ports[2]')).toEqual({
      line: 18,
      column: 11,
      exact: false,
      landedOn: 'spec.template.spec.containers[0].ports',
    });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.containers[5].image')).toEqual({ line: 15, column: 7, exact: false, landedOn: 'spec.template.spec.containers' });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.template.spec.volumes[0].name')).toMatchObject({ line: 22, exact: false, landedOn: 'spec.template.spec.volumes' });
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.selector')).toMatchObject({ line: 8, column: 1, exact: false, landedOn: 'spec' });
    // A key under a scalar, an index into a map: as absent.
    expect(positionOfFieldPath(DEPLOYMENT, 'spec.replicas.x')).toMatchObject({ line: 9, exact: false, landedOn: 'spec.replicas' });
    expect(positionOfFieldPath(DEPLOYMENT, 'metadata[3]')).toMatchObject({ line: 3, exact: false, landedOn: 'metadata' });
  });

  it('puts the whole object, and a field absent from the top, on line 1', () => {
    expect(positionOfFieldPath(DEPLOYMENT, '')).toEqual({ line: 1, column: 1, exact: true, landedOn: '' });
    expect(positionOfFieldPath(DEPLOYMENT, '<nil>')).toEqual({ line: 1, column: 1, exact: true, landedOn: '' });
    expect(positionOfFieldPath(DEPLOYMENT, 'status.replicas')).toEqual({ line: 1, column: 1, exact: false, landedOn: '' });
    expect(positionOfFieldPath('', 'spec')).toEqual({ line: 1, column: 1, exact: false, landedOn: '' });
    expect(positionOfFieldPath('{not: [yaml', 'spec')).toMatchObject({ line: 1, exact: false });
  });
});

describe('positionOfCause', () => {
  it('picks the label whose key (or value) a map-level label cause quotes', () => {
    const key = { reason: 'FieldValueInvalid', field: 'metadata.labels', message: 'Invalid value: "app.kubernetes.io/na me": name part must consist of alphanumeric characters' };
    expect(positionOfCause(DEPLOYMENT, key)).toEqual({ line: 6, column: 5, exact: true, landedOn: 'metadata.labels[app.kubernetes.io/na me]' });
    const value = { reason: 'FieldValueInvalid', field: 'metadata.labels', message: 'Invalid value: "a b": a valid label must be ...' };
    expect(positionOfCause(DEPLOYMENT, value)).toMatchObject({ line: 7, column: 5, exact: true });
  });

  it('stays on the field when the quoted value names no entry, or the field is no map', () => {
    const other = { field: 'spec.template.metadata.labels', message: 'Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`' };
    expect(positionOfCause(DEPLOYMENT, other)).toMatchObject({ line: 12, column: 7, exact: true, landedOn: 'spec.template.metadata.labels' });
    const image = { field: 'spec.template.spec.containers[1].image', message: 'Invalid value: "busy box": must not have leading or trailing whitespace' };
    expect(positionOfCause(DEPLOYMENT, image)).toMatchObject({ line: 21, column: 11, exact: true });
  });
});

describe('fields the server names in another form', () => {
  const TEMPLATE = `spec:
  template:
    metadata:
      labels:
        app: web
        app.kubernetes.io/na me: web
      annotations:
        a b: c
    spec: {}
`;

  it('finds a template\'s labels and annotations, which 1.20.2 names spec.template.labels, under its metadata', () => {
    expect(positionOfFieldPath(TEMPLATE, 'spec.template.labels')).toEqual({ line: 4, column: 7, exact: true, landedOn: 'spec.template.labels' });
    expect(positionOfFieldPath(TEMPLATE, 'spec.template.annotations')).toMatchObject({ line: 7, column: 7, exact: true });
    const cause = { field: 'spec.template.labels', message: 'Invalid value: "app.kubernetes.io/na me": name part must consist of ...' };
    expect(causeMarker(TEMPLATE, cause)).toEqual({ line: 6, column: 9, message: `spec.template.labels: ${cause.message}` });
    // Only labels and annotations: other absent fields stay absent.
    expect(positionOfFieldPath(TEMPLATE, 'spec.template.name')).toMatchObject({ line: 2, exact: false, landedOn: 'spec.template' });
  });
});

describe('causeMarker', () => {
  it('says field and message, and where it was marked when the field is absent', () => {
    expect(causeMarker(DEPLOYMENT, { field: 'spec.replicas', message: 'Invalid value: -1: must be greater than or equal to 0' })).toEqual({
      line: 9,
      column: 3,
      message: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    });
    expect(causeMarker(DEPLOYMENT, { field: 'spec.template.spec.containers[0].ports[2]', message: 'Required value' })).toEqual({
      line: 18,
      column: 11,
      message: 'spec.template.spec.containers[0].ports[2]: Required value (not in the text; marked on its nearest parent containers[0].ports)',
    });
    expect(causeMarker(DEPLOYMENT, { field: 'spec.template.spec.containers[3]', reason: 'FieldValueRequired' })).toMatchObject({
      line: 15,
      message: 'spec.template.spec.containers[3]: FieldValueRequired (not in the text; marked on its nearest parent containers)',
    });
    expect(causeMarker(DEPLOYMENT, { field: 'status', message: 'x' })).toEqual({ line: 1, column: 1, message: 'status: x (not in the text; marked on the first line)' });
    expect(causeMarker(DEPLOYMENT, { field: '<nil>', message: 'the object is invalid' })).toEqual({ line: 1, column: 1, message: 'the object is invalid' });
  });
});

describe('shortFieldName', () => {
  it('keeps the last name with the keys and indexes after it', () => {
    expect(shortFieldName('spec.template.spec.containers[0]')).toBe('containers[0]');
    expect(shortFieldName('spec.template.spec.containers[0].ports')).toBe('containers[0].ports');
    expect(shortFieldName('spec.template.spec.containers[0].ports[1].name')).toBe('ports[1].name');
    expect(shortFieldName('metadata.labels[app.kubernetes.io/name]')).toBe('labels[app.kubernetes.io/name]');
    expect(shortFieldName('spec')).toBe('spec');
    expect(shortFieldName('')).toBe('the whole object');
  });
});
