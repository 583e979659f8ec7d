// The official Kubernetes Python client against the demo cluster: a third client nobody here wrote, beside
// kubectl and @kubernetes/client-node, at the release of tests/clients/python-requirements.txt. The expected
// lines are what kube-apiserver v1.37.2 answers the same script (tests/conformance/python-client.test.ts
// compares the two servers line by line).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCluster } from '../../demo-cluster/index.js';
import type { DemoClusterHandle } from '../../wire/demo-cluster.js';
import { runPythonClientCalls, writeTokenKubeconfig, type PythonStep } from '../support/python-client.js';

let demo: DemoClusterHandle;
let steps: PythonStep[];

beforeAll(async () => {
  demo = await startDemoCluster({ activityIntervalMs: 0 });
  steps = await runPythonClientCalls(writeTokenKubeconfig(demo.url, 'demo', demo.tokens.admin), 'demo', 'python-client', 'default');
}, 60_000);

afterAll(async () => {
  await demo?.close();
});

const step = (name: string) => {
  const found = steps.find((s) => s.step === name);
  if (!found) throw new Error(`no step "${name}" in ${JSON.stringify(steps.map((s) => s.step))}`);
  return found;
};
const ok = (name: string, value: unknown) => expect(step(name)).toEqual({ step: name, ok: true, value });
const refused = (name: string, status: number, reason: string, causes: Array<[string, string]> = []) =>
  expect(step(name)).toEqual({ step: name, ok: false, status, reason, causes });

describe('the official Python client against the demo cluster', () => {
  it('creates, reads, lists by label and field, patches both ways, replaces', () => {
    ok('create namespace', 'python-client');
    ok('create', { a: '1' });
    ok('read', { a: '1' });
    ok('list by label', ['cm']);
    ok('list by field', ['cm']);
    ok('patch (dict body)', { a: '1', b: '2' });
    ok('patch (JSON patch list)', { a: '1', b: '2', c: '3' });
    ok('replace', { replaced: 'yes' });
  });

  it('gets the API errors as kube-apiserver sends them: stale replace, dry run, invalid, existing, missing', () => {
    refused('replace with a stale resourceVersion', 409, 'Conflict');
    ok('create dryRun=All', 'dry');
    refused('read what dryRun did not create', 404, 'NotFound');
    refused('create invalid', 422, 'Invalid', [['metadata.name', 'FieldValueInvalid']]);
    refused('create existing', 409, 'AlreadyExists');
    refused('delete again', 404, 'NotFound');
    refused('read missing', 404, 'NotFound');
  });

  it('scales a Deployment through its scale subresource and lists pods by its selector', () => {
    ok('create deployment', 1);
    ok("pods by the deployment's selector", true);
    ok('read scale', 1);
    ok('patch scale', 2);
    ok('replace scale', 3);
    ok('strategic merge patch', { patched: 'py' });
  });

  it('watches from a list resourceVersion (watch=True), pages with limit/continue, deletes a collection', () => {
    ok("watch from a list's resourceVersion", [['ADDED', 'watched']]);
    ok('paging with limit and continue', [['page-0', 'page-1'], true, ['page-2'], null]);
    ok('delete', 'Success');
    ok('delete collection', 'ConfigMapList');
    ok('list after delete collection', []);
    ok('delete namespace', 'Namespace');
  });

  it("reads a running pod's log", () => {
    ok('logs', 1);
  });
});
