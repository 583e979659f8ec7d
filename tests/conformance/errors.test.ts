// Error answers: Status bodies (reason, message, details, code) of the demo cluster against
// kube-apiserver 1.37.2 for the same failing requests.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { compare, field, must, openPair, send, str } from './harness.js';
import type { Pair } from './harness.js';

let pair: Pair;
beforeAll(async () => {
  pair = await openPair('kgc-err');
  await pair.each((t) =>
    must(t, { method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'present' }, data: { a: '1' } } }),
  );
});
afterAll(async () => {
  await pair?.close();
});

const cm = (name: string): string => `/api/v1/namespaces/${pair.ns}/configmaps/${name}`;

describe('errors', () => {
  it('GET a missing configmap: 404 NotFound', async () => {
    const { real, demo } = await pair.both({ path: cm('missing') });
    compare('404 configmap', real, demo);
  });

  it('GET a missing deployment: 404 NotFound with the group', async () => {
    const { real, demo } = await pair.both({ path: `/apis/apps/v1/namespaces/${pair.ns}/deployments/missing` });
    compare('404 deployment', real, demo);
  });

  it('GET a missing namespace: 404 NotFound', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}-missing` });
    compare('404 namespace', real, demo);
  });

  it('GET an unknown API group: the mux 404 text', async () => {
    const { real, demo } = await pair.both({ path: '/apis/bogus.example.com/v1/things' });
    compare('404 unknown group', real, demo);
  });

  it('POST an existing name: 409 AlreadyExists', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'present' } } });
    compare('409 AlreadyExists', real, demo);
  });

  it('PUT with a stale resourceVersion: 409 Conflict', async () => {
    const { real, demo } = await pair.each(async (t) => {
      const got = await must(t, { path: cm('present') });
      const rv = str(field(got.body, 'metadata', 'resourceVersion'));
      await must(t, { method: 'PUT', path: cm('present'), body: { metadata: { name: 'present', resourceVersion: rv }, data: { a: '2' } } });
      return send(t, { method: 'PUT', path: cm('present'), body: { metadata: { name: 'present', resourceVersion: rv }, data: { a: '3' } } });
    });
    compare('409 Conflict on PUT', real, demo);
  });

  it('DELETE with a mismatched uid precondition: 409 Conflict', async () => {
    const body = { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: '00000000-0000-0000-0000-000000000000' } };
    const { real, demo } = await pair.both({ method: 'DELETE', path: cm('present'), body });
    compare('409 delete precondition', real, demo);
  });

  it('viewer lists secrets: 403 Forbidden', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/secrets`, as: 'viewer' });
    compare('403 list secrets', real, demo);
  });

  it('viewer gets a secret by name: 403 Forbidden with the name', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/secrets/x`, as: 'viewer' });
    compare('403 get secret', real, demo);
  });

  it('viewer gets a missing pod (allowed by view): 404', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/pods/x`, as: 'viewer' });
    compare('viewer 404', real, demo);
  });

  it('viewer creates a configmap: 403 Forbidden', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, as: 'viewer', body: { metadata: { name: 'v' } } });
    compare('403 create', real, demo);
  });

  it('viewer deletes a namespace: 403 at the cluster scope', async () => {
    const { real, demo } = await pair.both({ method: 'DELETE', path: `/api/v1/namespaces/${pair.ns}`, as: 'viewer' });
    compare('403 cluster scope', real, demo);
  });

  it('a wrong token: 401 Unauthorized', async () => {
    const { real, demo } = await pair.both({ path: `/api/v1/namespaces/${pair.ns}/pods`, as: 'anonymous', headers: { Authorization: 'Bearer not-a-token' } });
    compare('401 wrong token', real, demo);
  });

  it('POST into a missing namespace: 404 for the namespace', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}-gone/configmaps`, body: { metadata: { name: 'x' } } });
    compare('create in missing namespace', real, demo);
  });

  it('PATCH with an unsupported Content-Type: 415', async () => {
    const { real, demo } = await pair.both({ method: 'PATCH', path: cm('present'), headers: { 'Content-Type': 'text/plain' }, body: 'a=b' });
    compare('415 patch', real, demo);
  });

  it('GET with an unknown as= transform: 406 listing the media types', async () => {
    const { real, demo } = await pair.both({ path: cm('present'), headers: { Accept: 'application/json;as=Foo;v=v1;g=meta.k8s.io' } });
    compare('406 unknown transform', real, demo);
  });

  it('POST a configmap with an invalid name: 422 Invalid', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { metadata: { name: 'Bad_Name' } } });
    compare('422 invalid name', real, demo);
  });

  it('POST a configmap with an invalid label value and data key: 422 with every cause', async () => {
    const body = { metadata: { name: 'badlabel', labels: { app: 'has space', 'bad key/x/y': 'v' } }, data: { 'no/slash': 'x' } };
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body });
    // Two bad labels: kube-apiserver ranges over the labels map, so its own cause order varies between runs.
    compare('422 invalid labels', real, demo, { unorderedCauses: true });
  });

  it('POST without a name: 422 name or generateName is required', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body: { data: { a: 'b' } } });
    compare('422 no name', real, demo);
  });

  it('POST a body of another kind: 400', async () => {
    const body = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'wrongkind' } };
    const { real, demo } = await pair.both({ method: 'POST', path: `/api/v1/namespaces/${pair.ns}/configmaps`, body });
    compare('400 wrong kind', real, demo);
  });

  it('POST an invalid Deployment (dryRun): 422 with the recorded causes', async () => {
    const body = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'Bad_Name' },
      spec: {
        replicas: -1,
        selector: { matchLabels: { a: 'b' } },
        template: { metadata: { labels: { a: 'c' } }, spec: { containers: [{ name: 'c' }] } },
      },
    };
    const { real, demo } = await pair.both({ method: 'POST', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`, query: { dryRun: 'All' }, body });
    compare('422 invalid deployment', real, demo);
  });

  it('POST a Deployment invalid in the ways the error panel marks (list index, dotted label key, port): same causes, same repeats', async () => {
    const labels = { app: 'web', 'app.kubernetes.io/na me': 'web' };
    const body = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'marked', labels },
      spec: {
        replicas: -1,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels },
          spec: { containers: [{ name: 'Bad_Name', image: ' nginx:1.25', ports: [{ containerPort: 70000 }] }] },
        },
      },
    };
    const { real, demo } = await pair.both({ method: 'POST', path: `/apis/apps/v1/namespaces/${pair.ns}/deployments`, query: { dryRun: 'All' }, body });
    compare('422 invalid deployment with marked causes', real, demo);
  });

  it('PUT to a method the subresource lacks: 405', async () => {
    const { real, demo } = await pair.both({ method: 'POST', path: cm('present') });
    compare('405 POST on a named object', real, demo);
  });
});
