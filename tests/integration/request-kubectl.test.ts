// The request console's kubectl equivalents, run as printed by a shell with kubectl from PATH against the demo
// cluster through a running kubeglass: each must succeed and do what the recorded request did.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningKubeglass } from '../../server/cli.js';
import { kubectlCommandOfRequest, kubectlCommandOfWatch, type KubectlRequest } from '../../src/k8s/kubectl-command-of-request.js';
import type { KubectlTarget } from '../../src/k8s/kubectl-command.js';
import { recordBody } from '../../src/k8s/request-recorder.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';
import { startHarness, uniqueName } from './kubeglass-harness.js';

let kg: RunningKubeglass;
let target: KubectlTarget;
let env: NodeJS.ProcessEnv;
const NS = 'default';
const CM = uniqueName('console-cm');
const DEPLOY = uniqueName('console-deploy');

beforeAll(async () => {
  kg = await startHarness();
  target = { context: 'demo', info: kg.contexts.contexts.find((c) => c.name === 'demo'), origin: kg.url };
  const home = mkdtempSync(join(tmpdir(), 'kubeglass-request-kubectl-'));
  // No kubeconfig of the user's: the printed command must carry everything it needs.
  env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: join(home, 'none') };
});

afterAll(async () => {
  await kg?.close();
});

function recorded(method: string, path: string, body?: string, contentType: string | null = body === undefined ? null : 'application/json'): KubectlRequest {
  return { method, context: 'demo', path, contentType, requestBody: body === undefined ? null : recordBody(body) };
}

/** Builds the command for a recorded request and runs it as a user pastes it, with the request body on stdin. */
async function run(request: KubectlRequest): Promise<ProcessResult> {
  const built = kubectlCommandOfRequest(target, request);
  if (!built) throw new Error(`no kubectl equivalent for ${request.method} ${request.path}`);
  const result = await runProcess('sh', ['-c', `${built.command} --request-timeout 20s`], { env, input: built.readsBody ? (request.requestBody?.text ?? '') : '' });
  if (result.code !== 0) throw new Error(`${built.command}\nexit ${result.code}: ${result.stderr}`);
  return result;
}

const configMap = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CM, namespace: NS, labels: { console: 'yes' } }, data: { a: '1' } });
const deployment = JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: DEPLOY, namespace: NS },
  spec: { replicas: 1, selector: { matchLabels: { app: DEPLOY } }, template: { metadata: { labels: { app: DEPLOY } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

describe('kubectl equivalents of recorded requests, run for real', () => {
  it('create: a server dry run creates nothing, then the create does', async () => {
    const dry = await run(recorded('POST', `/api/v1/namespaces/${NS}/configmaps?dryRun=All`, configMap));
    expect(dry.stdout).toMatch(new RegExp(`^  name: ${CM}$`, 'm'));
    await expect(fetch(`${kg.url}/k8s/demo/api/v1/namespaces/${NS}/configmaps/${CM}`).then((r) => r.status)).resolves.toBe(404);
    await run(recorded('POST', `/api/v1/namespaces/${NS}/configmaps`, configMap));
    await run(recorded('POST', `/apis/apps/v1/namespaces/${NS}/deployments`, deployment));
  });

  it('get: an object, a labelled list in one namespace and across all, a scale subresource, discovery', async () => {
    expect((await run(recorded('GET', `/api/v1/namespaces/${NS}/configmaps/${CM}`))).stdout).toMatch(/^kind: ConfigMap$/m);
    const list = await run(recorded('GET', `/api/v1/namespaces/${NS}/configmaps?limit=500&labelSelector=console%3Dyes`));
    expect(list.stdout).toContain(`name: ${CM}`);
    expect((await run(recorded('GET', `/api/v1/configmaps?labelSelector=console%3Dyes`))).stdout).toContain(`name: ${CM}`);
    expect((await run(recorded('GET', `/apis/apps/v1/namespaces/${NS}/deployments/${DEPLOY}/scale`))).stdout).toMatch(/^kind: Scale$/m);
    expect((await run(recorded('GET', '/apis/apps/v1'))).stdout).toContain('"deployments"');
  });

  it('patch (merge and json), apply --server-side and scale change the object as the request did', async () => {
    const cmPath = `/api/v1/namespaces/${NS}/configmaps/${CM}`;
    await run(recorded('PATCH', `${cmPath}?fieldManager=kubeglass`, JSON.stringify({ data: { b: "it's" } }), 'application/merge-patch+json'));
    await run(recorded('PATCH', cmPath, JSON.stringify([{ op: 'add', path: '/data/c', value: '3' }]), 'application/json-patch+json'));
    const applied = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${CM}\n  namespace: ${NS}\ndata:\n  d: "4"\n`;
    await run(recorded('PATCH', `${cmPath}?fieldManager=console-test&force=true`, applied, 'application/apply-patch+yaml'));
    await run(recorded('PUT', `/apis/apps/v1/namespaces/${NS}/deployments/${DEPLOY}/scale`, JSON.stringify({ kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name: DEPLOY, namespace: NS }, spec: { replicas: 2 } })));
    const cm = (await (await fetch(`${kg.url}/k8s/demo${cmPath}`)).json()) as { data: Record<string, string> };
    expect(cm.data).toEqual({ a: '1', b: "it's", c: '3', d: '4' });
    const scale = (await (await fetch(`${kg.url}/k8s/demo/apis/apps/v1/namespaces/${NS}/deployments/${DEPLOY}/scale`)).json()) as { spec: { replicas: number } };
    expect(scale.spec.replicas).toBe(2);
  });

  it('auth can-i answers the access review the app asked', async () => {
    const review = JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { verb: 'delete', resource: 'configmaps', namespace: NS } } });
    expect((await run(recorded('POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', review))).stdout.trim()).toBe('yes');
  });

  it('get -w prints the watched objects', async () => {
    const command = kubectlCommandOfWatch(target, { path: `/api/v1/namespaces/${NS}/configmaps`, query: { labelSelector: 'console=yes' }, as: 'Table' });
    // A watch runs until stopped: let it print for a few seconds.
    const result = await runProcess('sh', ['-c', `timeout 4 ${command}`], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(124);
    expect(result.stdout).toMatch(new RegExp(`^${CM}\\s+4\\s`, 'm'));
  });

  it('delete: a server dry run keeps the object, then the delete removes it', async () => {
    const path = `/api/v1/namespaces/${NS}/configmaps/${CM}`;
    await run(recorded('DELETE', `${path}?dryRun=All`));
    await expect(fetch(`${kg.url}/k8s/demo${path}`).then((r) => r.status)).resolves.toBe(200);
    await run(recorded('DELETE', path));
    await expect(fetch(`${kg.url}/k8s/demo${path}`).then((r) => r.status)).resolves.toBe(404);
  });
});
