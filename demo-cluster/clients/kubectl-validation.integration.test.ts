// kubectl 1.20.2 and v1.37.2 create, apply and delete a ConfigMap and a Deployment against the demo cluster with
// validation on: 1.20 validates on the client with /openapi/v2 in protobuf (gnostic's Document), 1.37 asks the
// server (fieldValidation=Strict) after reading /openapi/v3. A typo in a field is refused either way.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';
import { MODERN_KUBECTL, deletedLine } from '../testing/kubectls.js';
import type { Kubectl } from '../testing/kubectls.js';

/** Built by tests/real-apiserver/build.sh --kubectl (scripts/ensure-test-clients.mjs runs it). */
const KUBECTL_1_20: Kubectl = { name: 'kubectl v1.20.2', binary: join(process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache', 'kubeglass'), 'bin', 'kubectl-1.20.2'), minor: 20 };

const NS = 'demo';
const configMap = (value: string): string => `apiVersion: v1
kind: ConfigMap
metadata:
  name: validated
  namespace: ${NS}
data:
  key: "${value}"
`;
const deployment = (replicas: number, field = 'replicas'): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: validated
  namespace: ${NS}
spec:
  ${field}: ${replicas}
  selector:
    matchLabels: {app: validated}
  template:
    metadata:
      labels: {app: validated}
    spec:
      containers:
      - name: app
        image: nginx:1.27
        ports:
        - containerPort: 80
`;

describe.each([KUBECTL_1_20, MODERN_KUBECTL])('$name with validation', (k) => {
  const cluster = useCluster({ podTerminationMs: 100, namespaceTerminationMs: 100 });
  const { api } = cluster;
  const { harness, kubectl } = useKubectl(cluster, 'kubectl-validation', {}, k.binary);

  it('creates a ConfigMap and a Deployment from files, validating them as the release does', async () => {
    const files = [harness().file('cm.yaml', configMap('one')), harness().file('deploy.yaml', deployment(1))];
    const created = await kubectl('create', '-f', files[0] ?? '', '-f', files[1] ?? '', '-v=6');
    expect(created.stderr).not.toMatch(/error/i);
    expect(created.code).toBe(0);
    expect(created.stdout).toBe('configmap/validated created\ndeployment.apps/validated created\n');
    // 1.20 fetched the protobuf document to validate with; 1.37 the v3 one, then strict server-side validation.
    if (k.minor === 20) expect(created.stderr).toMatch(/GET https:\/\/[^ ]+\/openapi\/v2\?timeout=10s 200 OK/);
    else expect(created.stderr).toMatch(/verb="POST" url="[^"]+\/apis\/apps\/v1\/namespaces\/demo\/deployments\?[^"]*fieldValidation=Strict/);
    expect((await api(`/apis/apps/v1/namespaces/${NS}/deployments/validated`)).body.spec.replicas).toBe(1);
  });

  it('refuses a field the schema does not have', async () => {
    const bad = await kubectl('create', '-f', harness().file('typo.yaml', deployment(1, 'replicaz').replace('name: validated', 'name: typo')));
    expect(bad.code).toBe(1);
    if (k.minor === 20) {
      expect(bad.stderr).toContain('error validating data: ValidationError(Deployment.spec): unknown field "replicaz" in io.k8s.api.apps.v1.DeploymentSpec');
    } else {
      expect(bad.stderr).toContain('strict decoding error: unknown field "spec.replicaz"');
    }
    expect((await api(`/apis/apps/v1/namespaces/${NS}/deployments/typo`)).status).toBe(404);
  });

  it('applies changed files (configured), then deletes them', async () => {
    const files = [harness().file('cm.yaml', configMap('two')), harness().file('deploy.yaml', deployment(2))];
    const applied = await kubectl('apply', '-f', files[0] ?? '', '-f', files[1] ?? '');
    expect(applied.stderr).toBe(
      // kubectl apply on an object kubectl create made without the last-applied annotation warns, then patches it.
      [
        ...['configmaps/validated', 'deployments/validated'].map(
          (o) =>
            `Warning: resource ${o} is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`,
        ),
      ].join(''),
    );
    expect(applied.code).toBe(0);
    expect(applied.stdout).toBe('configmap/validated configured\ndeployment.apps/validated configured\n');
    expect((await api(`/api/v1/namespaces/${NS}/configmaps/validated`)).body.data).toEqual({ key: 'two' });
    expect((await api(`/apis/apps/v1/namespaces/${NS}/deployments/validated`)).body.spec.replicas).toBe(2);

    const deleted = await kubectl('delete', '-f', files[0] ?? '', '-f', files[1] ?? '');
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`${deletedLine(k, 'configmap "validated"', NS)}\n${deletedLine(k, 'deployment.apps "validated"', NS)}\n`);
    expect((await api(`/api/v1/namespaces/${NS}/configmaps/validated`)).status).toBe(404);
  });
});
