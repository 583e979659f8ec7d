import { describe, expect, it } from 'vitest';
import { decodeErrorCauses } from './decode-error-causes';
import { causeMarker } from './yaml-field-path';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: three
  template:
    spec:
      containers:
        - name: a
          env:
            - name: A
              value: "1"
        - name: b
          env:
            - name: B
              value: 8080
`;
const PREFIX = 'Deployment in version "v1" cannot be handled as a Deployment: ';

describe('decodeErrorCauses', () => {
  it('names the field of a 1.37 type error, with the list indices of the item that has the wrong kind', () => {
    const env = decodeErrorCauses(`${PREFIX}json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string`, DEPLOYMENT);
    expect(env).toEqual([{ field: 'spec.template.spec.containers[1].env[0].value', message: 'cannot unmarshal number into string' }]);
    expect(causeMarker(DEPLOYMENT, env[0] ?? {})).toEqual({ line: 17, column: 15, message: 'spec.template.spec.containers[1].env[0].value: cannot unmarshal number into string' });
    expect(decodeErrorCauses(`${PREFIX}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`, DEPLOYMENT)).toEqual([
      { field: 'spec.replicas', message: 'cannot unmarshal string into int32' },
    ]);
  });

  it('keeps the literal of a number that does not fit, and the path as sent when the text lacks it', () => {
    expect(decodeErrorCauses(`${PREFIX}json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.minReadySeconds of type int32`, DEPLOYMENT)).toEqual([
      { field: 'spec.minReadySeconds', message: 'cannot unmarshal number 1.5 into int32' },
    ]);
  });

  it('lists the unknown and duplicate fields of a strict decoding error in order', () => {
    const message = `${PREFIX}strict decoding error: unknown field "spec.template.spec.containers[0].bogus", duplicate field "metadata.labels.a\\"b"`;
    expect(decodeErrorCauses(message, DEPLOYMENT)).toEqual([
      { field: 'spec.template.spec.containers[0].bogus', message: 'unknown field' },
      { field: 'metadata.labels.a"b', message: 'duplicate field' },
    ]);
  });

  it('gives nothing for json-iterator wording (1.20) or other messages', () => {
    expect(decodeErrorCauses(`${PREFIX}v1.Deployment.Spec: v1.DeploymentSpec.Replicas: readUint32: unexpected character: \ufffd`, DEPLOYMENT)).toEqual([]);
    expect(decodeErrorCauses('the namespace of the provided object does not match the namespace sent on the request', DEPLOYMENT)).toEqual([]);
  });
});
