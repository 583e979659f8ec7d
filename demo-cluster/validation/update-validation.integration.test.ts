// What a PUT of an edited object gets back, with Status bodies as kube-apiserver 1.37.2 answers the same
// requests (tests/conformance/edit-save.test.ts compares them): wrong JSON types (400), Deployment spec and
// pod template checks and the immutable selector (422), one cause per invalid metadata value, the namespace check.
import { beforeAll, describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import type { Json } from '../testing/http.js';

const cluster = useCluster();
const { api } = cluster;

const DEPLOY = '/apis/apps/v1/namespaces/default/deployments';
const CM = '/api/v1/namespaces/default/configmaps';

beforeAll(async () => {
  const created = await api(DEPLOY, {
    method: 'POST',
    body: {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }] }] } },
      },
    },
  });
  expect(created.status).toBe(201);
  expect((await api(CM, { method: 'POST', body: { metadata: { name: 'settings' }, data: { a: '1' } } })).status).toBe(201);
});

/** PUTs the current Deployment after `edit`. */
async function putDeployment(edit: (d: Json) => void): Promise<{ status: number; body: Json }> {
  const current = (await api(`${DEPLOY}/web`)).body;
  edit(current);
  return api(`${DEPLOY}/web?fieldManager=kubeglass&fieldValidation=Strict`, { method: 'PUT', body: current });
}

const causes = (body: Json) => (body.details.causes as Json[]).map((c) => [c.field, c.message]);

describe('a value of the wrong JSON type: 400 BadRequest, as sigs.k8s.io/json answers', () => {
  const prefix = 'Deployment in version "v1" cannot be handled as a Deployment: ';

  it('a string replica count', async () => {
    const res = await putDeployment((d) => (d.spec.replicas = 'three'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'BadRequest', code: 400 });
    expect(res.body.message).toBe(`${prefix}json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`);
  });

  it('a fractional number, a string for a bool, an unquoted env value, an object for a list, a bad quantity', async () => {
    const cases: Array<[(d: Json) => void, string]> = [
      [(d) => (d.spec.replicas = 1.5), 'json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32'],
      [(d) => (d.spec.paused = 'yes'), 'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.paused of type bool'],
      [(d) => (d.spec.template.spec.containers[0].env[0].value = 8080), 'json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string'],
      [(d) => (d.spec.template.spec.containers = { name: 'x' }), 'json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container'],
      [(d) => (d.spec.template.spec.containers[0].resources = { limits: { cpu: 'abc' } }), "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
    ];
    for (const [edit, reason] of cases) {
      const res = await putDeployment(edit);
      expect(res.status, reason).toBe(400);
      expect(res.body.message).toBe(`${prefix}${reason}`);
    }
  });

  it('accepts what the decoder accepts: numbers for quantities and int-or-string, null anywhere', async () => {
    const res = await putDeployment((d) => {
      d.spec.template.spec.containers[0].resources = { limits: { cpu: 2 } };
      d.spec.strategy.rollingUpdate.maxSurge = 1;
      d.spec.template.spec.nodeSelector = null;
    });
    expect(res.status).toBe(200);
  });
});

describe('Deployment validation on update (422 Invalid)', () => {
  it('a changed selector is immutable, the selector rendered as its JSON', async () => {
    const res = await putDeployment((d) => {
      d.spec.selector = { matchLabels: { app: 'other' } };
      d.spec.template.metadata.labels = { app: 'other' };
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable',
    );
    expect(res.body.details).toMatchObject({ name: 'web', group: 'apps', kind: 'Deployment' });
  });

  it('strategy, history limit, pod template restart policy, ports, env names and pull policy', async () => {
    const res = await putDeployment((d) => {
      const c = d.spec.template.spec.containers[0];
      c.ports = [{ containerPort: 70000 }];
      c.env[0].name = '1 BAD=x';
      c.imagePullPolicy = 'Sometimes';
      d.spec.template.spec.restartPolicy = 'Never';
      d.spec.strategy.rollingUpdate = { maxSurge: 0, maxUnavailable: 0 };
      d.spec.revisionHistoryLimit = -1;
    });
    expect(res.status).toBe(422);
    expect(causes(res.body)).toEqual([
      ['spec.template.spec.containers[0].ports[0].containerPort', 'Invalid value: 70000: must be between 1 and 65535, inclusive'],
      [
        'spec.template.spec.containers[0].env[0].name',
        "Invalid value: \"1 BAD=x\": a valid environment variable name must consist only of printable ASCII characters other than '='",
      ],
      ['spec.template.spec.containers[0].imagePullPolicy', 'Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"'],
      ['spec.template.spec.restartPolicy', 'Unsupported value: "Never": supported values: "Always"'],
      ['spec.strategy.rollingUpdate.maxUnavailable', 'Invalid value: 0: may not be 0 when `maxSurge` is 0'],
      ['spec.revisionHistoryLimit', 'Invalid value: -1: must be greater than or equal to 0'],
    ]);
  });

  it('an unsupported strategy type', async () => {
    const res = await putDeployment((d) => (d.spec.strategy = { type: 'Bogus' }));
    expect(causes(res.body)).toEqual([
      ['spec.strategy', 'Unsupported value: {"Type":"Bogus","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"'],
    ]);
  });
});

describe('metadata errors on update: one cause each, as on create', () => {
  const badLabel =
    "Invalid value: \"not valid!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

  it('Deployment: before the spec errors', async () => {
    const res = await putDeployment((d) => {
      d.metadata.labels.bad = 'not valid!';
      d.spec.replicas = -1;
    });
    expect(causes(res.body).map(([f]) => f)).toEqual(['metadata.labels', 'spec.replicas']);
    expect(res.body.message).toBe(`Deployment.apps "web" is invalid: [metadata.labels: ${badLabel}, spec.replicas: Invalid value: -1: must be greater than or equal to 0]`);
  });

  it('ConfigMap: on update and on create', async () => {
    const current = (await api(`${CM}/settings`)).body;
    current.metadata.labels = { bad: 'not valid!' };
    const res = await api(`${CM}/settings`, { method: 'PUT', body: current });
    expect(causes(res.body)).toEqual([['metadata.labels', badLabel]]);
    expect(res.body.message).toBe(`ConfigMap "settings" is invalid: metadata.labels: ${badLabel}`);
    const created = await api(CM, { method: 'POST', body: { metadata: { name: 'other', labels: { bad: 'not valid!' } } } });
    expect(causes(created.body)).toEqual([['metadata.labels', badLabel]]);
  });
});

it('a PUT whose body names another namespace: the update handler\'s wording (its namespace check comes first)', async () => {
  const current = (await api(`${CM}/settings`)).body;
  current.metadata.namespace = 'kube-system';
  const res = await api(`${CM}/settings`, { method: 'PUT', body: current });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('the namespace of the provided object does not match the namespace sent on the request');
});
