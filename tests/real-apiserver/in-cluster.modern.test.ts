// kubeglass run as its pod would (1.37): the in-cluster environment, a ServiceAccount token from TokenRequest and the
// cluster's CA where a pod finds them. Alone (--auth none) it acts as its service account; in team mode the service
// account's token is never used: a request without a person's token is refused, a person's goes as theirs.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubeglassProcess, type KubeglassProcess } from '../support/kubeglass-process.js';
import { kubectl } from '../support/kubectl.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this tier with \`npm run test:real\``);
  return value;
};
const kubeconfig = env('KUBECONFIG_REAL');
const namespace = `kg-pod-${Date.now().toString(36)}`;
const admin = async (...args: string[]): Promise<string> => {
  const r = await kubectl(['--kubeconfig', kubeconfig, ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};

let root: string;
let podEnv: NodeJS.ProcessEnv;
const started: KubeglassProcess[] = [];

beforeAll(async () => {
  await admin('create', 'namespace', namespace);
  await admin('-n', namespace, 'create', 'serviceaccount', 'kubeglass');
  const token = (await admin('-n', namespace, 'create', 'token', 'kubeglass', '--duration', '10m')).trim();
  root = mkdtempSync(join(tmpdir(), 'kubeglass-pod-'));
  const dir = join(root, 'var/run/secrets/kubernetes.io/serviceaccount');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'token'), token);
  writeFileSync(join(dir, 'ca.crt'), readFileSync(env('REAL_CA_FILE')));
  writeFileSync(join(dir, 'namespace'), namespace);
  const api = new URL(env('REAL_API_URL'));
  const empty = join(root, 'kubeconfig');
  writeFileSync(empty, 'apiVersion: v1\nkind: Config\n');
  podEnv = { KUBERNETES_SERVICE_HOST: api.hostname, KUBERNETES_SERVICE_PORT: api.port, KUBEGLASS_IN_CLUSTER_ROOT: root, KUBECONFIG: empty };
});
afterAll(async () => {
  for (const process of started) await process.stop();
  await kubectl(['--kubeconfig', kubeconfig, 'delete', 'namespace', namespace, '--wait=false']);
});

const start = async (...args: string[]): Promise<KubeglassProcess> => {
  const process = await startKubeglassProcess(['--in-cluster', '--no-demo', '--log-format', 'json', ...args], podEnv);
  started.push(process);
  return process;
};

describe('kubeglass in a pod of the 1.37 control plane', () => {
  it('alone, acts as its service account, whose name the cluster gives in its refusal; logs are JSON lines', async () => {
    const kg = await start();
    const contexts = (await (await fetch(`${kg.url}/-/contexts`)).json()) as { default: string; contexts: Array<{ name: string; namespace?: string }> };
    expect(contexts.default).toBe('in-cluster');
    expect(contexts.contexts).toEqual([expect.objectContaining({ name: 'in-cluster', namespace })]);
    const denied = await fetch(`${kg.url}/k8s/in-cluster/api/v1/nodes`);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { message: string }).message).toContain(`User "system:serviceaccount:${namespace}:kubeglass" cannot list resource "nodes"`);
    for (const line of kg.output().trim().split('\n')) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
  });

  it('in team mode never uses the service account: without a person it is refused, with one it is theirs', async () => {
    const keys = join(root, 'keys');
    writeFileSync(keys, `${Buffer.alloc(32, 3).toString('base64')}\n`);
    const kg = await start('--auth', 'token', '--session-keys-file', keys);
    expect((await fetch(`${kg.url}/k8s/in-cluster/api/v1/namespaces`)).status).toBe(401);
    const viewer = await fetch(`${kg.url}/k8s/in-cluster/api/v1/namespaces`, { headers: { Authorization: `Bearer ${env('REAL_VIEWER_TOKEN')}` } });
    expect(viewer.status).toBe(200);
    const list = (await viewer.json()) as { items: Array<{ metadata: { name: string } }> };
    expect(list.items.map((n) => n.metadata.name)).toContain(namespace);
  });
});
