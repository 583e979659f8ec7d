// What a PUT of an edited object gets back, with Status bodies as kube-apiserver 1.20.2 answered the same
// requests (recorded with tests/real-apiserver): wrong JSON types (400), Deployment spec and pod template
// checks and the immutable selector (422), metadata errors repeated per validation pass, the namespace check.
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

describe('a value of the wrong JSON type: 400 BadRequest, as the typed decoder answers', () => {
  const prefix = 'Deployment in version "v1" cannot be handled as a Deployment: ';

  it('a string replica count', async () => {
    const res = await putDeployment((d) => (d.spec.replicas = 'three'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'BadRequest', code: 400 });
    expect(res.body.message).toBe(`${prefix}v1.Deployment.Spec: v1.DeploymentSpec.Replicas: readUint32: unexpected character: \ufffd`);
  });

  it('a fractional number, a string for a bool, an unquoted env value, an object for a list, a bad quantity', async () => {
    const cases: Array<[(d: Json) => void, string]> = [
      [(d) => (d.spec.replicas = 1.5), 'v1.Deployment.Spec: v1.DeploymentSpec.Replicas: assertInteger: can not decode float as int'],
      [(d) => (d.spec.paused = 'yes'), 'v1.Deployment.Spec: v1.DeploymentSpec.Paused: ReadBool: expect t or f, but found "'],
      [(d) => (d.spec.template.spec.containers[0].env[0].value = 8080), 'v1.EnvVar.Value: ReadString: expects " or n, but found 8'],
      [(d) => (d.spec.template.spec.containers = { name: 'x' }), 'v1.PodSpec.Containers: []v1.Container: decode slice: expect [ or n, but found {'],
      [
        (d) => (d.spec.template.spec.containers[0].resources = { limits: { cpu: 'abc' } }),
        "v1.ResourceRequirements.Limits: unmarshalerDecoder: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      ],
    ];
    for (const [edit, tail] of cases) {
      const res = await putDeployment(edit);
      expect(res.status, tail).toBe(400);
      const message = res.body.message as string;
      expect(message.startsWith(prefix) && message.endsWith(tail), message).toBe(true);
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
  it('a changed selector is immutable, rendered as Go prints a v1.LabelSelector', async () => {
    const res = await putDeployment((d) => {
      d.spec.selector = { matchLabels: { app: 'other' } };
      d.spec.template.metadata.labels = { app: 'other' };
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Deployment.apps "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    );
    expect(res.body.details).toMatchObject({ name: 'web', group: 'apps', kind: 'Deployment' });
  });

  it('strategy, history limit, pod template restart policy, ports, env names and pull policy', async () => {
    const res = await putDeployment((d) => {
      const c = d.spec.template.spec.containers[0];
      c.ports = [{ containerPort: 70000 }];
      c.env[0].name = '1 BAD';
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
        "Invalid value: \"1 BAD\": a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')",
      ],
      ['spec.template.spec.containers[0].imagePullPolicy', 'Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"'],
      ['spec.template.spec.restartPolicy', 'Unsupported value: "Never": supported values: "Always"'],
      ['spec.strategy.rollingUpdate.maxUnavailable', 'Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0'],
      ['spec.revisionHistoryLimit', 'Invalid value: -1: must be greater than or equal to 0'],
    ]);
  });

  it('an unsupported strategy type', async () => {
    const res = await putDeployment((d) => (d.spec.strategy = { type: 'Bogus' }));
    expect(causes(res.body)).toEqual([
      ['spec.strategy', 'Unsupported value: apps.DeploymentStrategy{Type:"Bogus", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"'],
    ]);
  });
});

describe('metadata errors on update are repeated once per validation pass; the message lists them once', () => {
  const badLabel =
    "Invalid value: \"not valid!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

  it('Deployment: three times, before the spec errors', async () => {
    const res = await putDeployment((d) => {
      d.metadata.labels.bad = 'not valid!';
      d.spec.replicas = -1;
    });
    expect(causes(res.body).map(([f]) => f)).toEqual(['metadata.labels', 'metadata.labels', 'metadata.labels', 'spec.replicas']);
    expect(res.body.message).toBe(`Deployment.apps "web" is invalid: [metadata.labels: ${badLabel}, spec.replicas: Invalid value: -1: must be greater than or equal to 0]`);
  });

  it('ConfigMap: four times; once on create', async () => {
    const current = (await api(`${CM}/settings`)).body;
    current.metadata.labels = { bad: 'not valid!' };
    const res = await api(`${CM}/settings`, { method: 'PUT', body: current });
    expect(causes(res.body)).toEqual(Array.from({ length: 4 }, () => ['metadata.labels', badLabel]));
    expect(res.body.message).toBe(`ConfigMap "settings" is invalid: metadata.labels: ${badLabel}`);
    const created = await api(CM, { method: 'POST', body: { metadata: { name: 'other', labels: { bad: 'not valid!' } } } });
    expect(causes(created.body)).toEqual([['metadata.labels', badLabel]]);
  });
});

it('a PUT whose body names another namespace: the update handler\'s wording', async () => {
  const current = (await api(`${CM}/settings`)).body;
  current.metadata.namespace = 'kube-system';
  const res = await api(`${CM}/settings`, { method: 'PUT', body: current });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('the namespace of the object (kube-system) does not match the namespace on the request (default)');
});
