// The PUTs of the edit screen (fieldManager=kubeglass, fieldValidation=Strict, the base resourceVersion) with
// the mistakes users make while editing YAML: 409 on a stale resourceVersion, 422 with causes for invalid
// values, 400 for values of the wrong JSON type, the namespace check. Demo cluster vs kube-apiserver 1.37.2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, must, openPair, send, str, field } from './harness.js';
import type { Json, JsonObject, Pair, Response, Target } from './harness.js';

let pair: Pair;
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'edited', labels: { app: 'edited' } },
  spec: {
    selector: { matchLabels: { app: 'edited' } },
    template: { metadata: { labels: { app: 'edited' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }] }] } },
  },
};

beforeAll(async () => {
  pair = await openPair('kgc-edit');
  await pair.each(async (t) => {
    await must(t, { method: 'POST', path: deps(), body: deployment });
    await must(t, { method: 'POST', path: cms(), body: { metadata: { name: 'settings' }, data: { a: '1' } } });
  });
});
afterAll(async () => {
  await pair?.close();
});

const deps = (): string => `/apis/apps/v1/namespaces/${pair.ns}/deployments`;
const cms = (): string => `/api/v1/namespaces/${pair.ns}/configmaps`;
const SAVE_QUERY = { fieldManager: 'kubeglass', fieldValidation: 'Strict' };

/**
 * GET, edit, PUT as the edit screen does, on each server. A controller that writes the object between the GET and
 * the PUT (the real tier's deployment controller, rolling it out) makes it a 409: then again from a fresh GET.
 */
function putEdited(path: string, edit: (o: JsonObject) => void): Promise<{ real: Response; demo: Response }> {
  return pair.each(async (t: Target) => {
    for (let attempt = 1; ; attempt++) {
      const current = structuredClone((await must(t, { path })).body) as JsonObject;
      const fetched = (current.metadata as JsonObject).resourceVersion;
      edit(current);
      const answer = await send(t, { method: 'PUT', path, query: SAVE_QUERY, body: current });
      // A deliberately stale resourceVersion is the case itself, not a race.
      const raced = answer.status === 409 && (current.metadata as JsonObject).resourceVersion === fetched;
      if (!raced || attempt === 5) return answer;
    }
  });
}

const spec = (o: JsonObject): JsonObject => o.spec as JsonObject;
const container = (o: JsonObject): JsonObject => ((spec(spec(o).template as JsonObject).containers as Json[])[0] as JsonObject);

describe('422 Invalid with causes', () => {
  it('negative replicas and a container name that is not a DNS label', () =>
    putEdited(`${deps()}/edited`, (o) => {
      spec(o).replicas = -1;
      container(o).name = 'Bad_Name';
    }).then(({ real, demo }) => compare('replicas -1 + Bad_Name', real, demo)));

  it('a changed selector (immutable in apps/v1)', () =>
    putEdited(`${deps()}/edited`, (o) => {
      spec(o).selector = { matchLabels: { app: 'other' } };
      (spec(o).template as JsonObject).metadata = { labels: { app: 'other' } };
    }).then(({ real, demo }) => compare('selector immutable', real, demo)));

  it('pod template: port range, env name, pull policy, restart policy', () =>
    putEdited(`${deps()}/edited`, (o) => {
      container(o).ports = [{ containerPort: 70000 }];
      // 1.37 (RelaxedEnvironmentVariableValidation) takes any printable ASCII but '='.
      ((container(o).env as Json[])[0] as JsonObject).name = '1 BAD=x';
      container(o).imagePullPolicy = 'Sometimes';
      (spec(spec(o).template as JsonObject) as JsonObject).restartPolicy = 'Never';
    }).then(({ real, demo }) => compare('pod template', real, demo)));

  it('strategy with maxSurge and maxUnavailable both 0, a negative revisionHistoryLimit', () =>
    putEdited(`${deps()}/edited`, (o) => {
      spec(o).strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } };
      spec(o).revisionHistoryLimit = -1;
    }).then(({ real, demo }) => compare('strategy', real, demo)));

  it('an invalid label on update: one cause, however many validation passes see it (Deployment, ConfigMap)', async () => {
    const d = await putEdited(`${deps()}/edited`, (o) => {
      (o.metadata as JsonObject).labels = { app: 'edited', bad: 'not valid!' };
      spec(o).replicas = -1;
    });
    compare('deployment label', d.real, d.demo);
    const c = await putEdited(`${cms()}/settings`, (o) => {
      (o.metadata as JsonObject).labels = { bad: 'not valid!' };
      o.data = { 'bad key!': 'x' };
    });
    compare('configmap label and key', c.real, c.demo);
  });
});

describe('409 Conflict on a stale resourceVersion', () => {
  it('Deployment and ConfigMap', async () => {
    for (const path of [`${deps()}/edited`, `${cms()}/settings`]) {
      const { real, demo } = await putEdited(path, (o) => {
        (o.metadata as JsonObject).resourceVersion = '1';
      });
      expect(real.status).toBe(409);
      compare(`conflict ${path}`, real, demo);
    }
  });
});

describe('400 BadRequest: a value of the wrong JSON type never becomes a silent success', () => {
  // sigs.k8s.io/json's UnmarshalTypeError: the Go struct, the JSON path without indices, the Go type.
  const message = (r: Response): string => str(field(r.body, 'message'));

  for (const [name, edit] of [
    ['replicas "three"', (o: JsonObject) => (spec(o).replicas = 'three')],
    ['replicas 1.5', (o: JsonObject) => (spec(o).replicas = 1.5)],
    ['paused "yes"', (o: JsonObject) => (spec(o).paused = 'yes')],
  ] as const) {
    it(name, async () => {
      const { real, demo } = await putEdited(`${deps()}/edited`, edit);
      expect([demo.status, field(demo.body, 'reason')]).toEqual([real.status, field(real.body, 'reason')]);
      expect(real.status).toBe(400);
      expect(message(demo)).toBe(message(real));
    });
  }

  it('an unquoted number for a string (env value, data value)', async () => {
    for (const [path, edit] of [
      [`${deps()}/edited`, (o: JsonObject) => (((container(o).env as Json[])[0] as JsonObject).value = 8080)],
      [`${cms()}/settings`, (o: JsonObject) => (o.data = { a: 1 })],
    ] as const) {
      const { real, demo } = await putEdited(path, edit);
      expect(real.status).toBe(400);
      compare(`number for a string ${path}`, real, demo);
    }
  });
});

it('a PUT whose body names another namespace: 400 with the update handler\'s wording', async () => {
  const { real, demo } = await putEdited(`${cms()}/settings`, (o) => {
    (o.metadata as JsonObject).namespace = 'default';
  });
  compare('namespace mismatch', real, demo);
});
