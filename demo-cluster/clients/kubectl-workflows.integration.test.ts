// kubectl against the demo cluster, the machine's (v1.32 on PATH) and v1.37.2 (each on a cluster of its own):
// the everyday workflows an API explorer's users also run
// from a terminal (api-resources, describe, explain, client-side and server-side apply with conflicts,
// diff, edit, the three patch types, delete). If kubectl cannot do these, the demo cluster is wrong.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';
import { KUBECTLS, deletedLine } from '../testing/kubectls.js';

describe.each(KUBECTLS)('$name', (k) => {
  const cluster = useCluster({ podTerminationMs: 100, namespaceTerminationMs: 100 });
  const { api } = cluster;
  const { harness, kubectl, path } = useKubectl(cluster, 'kubectl-workflows', {}, k.binary);
  const NS = 'demo';

  const deploymentYaml = (name: string, replicas: number, image: string): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: ${NS}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: app
        image: ${image}
      - name: sidecar
        image: busybox:1.36
`;

  /** A jsonpath read of one object. */
  const jp = async (resource: string, path: string): Promise<string> => (await kubectl('get', resource, '-n', NS, '-o', `jsonpath=${path}`)).stdout;

  /** A merge patch as the admin (what "someone else" does while kubectl waits); the status. */
  const adminPatch = async (path: string, body: unknown): Promise<number> => (await api(path, { method: 'PATCH', body, contentType: 'application/merge-patch+json' })).status;

  describe(`${k.name} workflows against the demo cluster`, () => {
    it('api-resources lists built-in types with short names, groups, scope and kind', async () => {
      const { code, stdout, stderr } = await kubectl('api-resources');
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout.split('\n')[0]).toMatch(/^NAME\s+SHORTNAMES\s+APIVERSION\s+NAMESPACED\s+KIND$/);
      expect(stdout).toMatch(/^pods\s+po\s+v1\s+true\s+Pod$/m);
      expect(stdout).toMatch(/^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
      expect(stdout).toMatch(/^nodes\s+no\s+v1\s+false\s+Node$/m);
      expect(stdout).toMatch(/^customresourcedefinitions\s+crd,crds\s+apiextensions\.k8s\.io\/v1\s+false\s+CustomResourceDefinition$/m);
      const listable = await kubectl('api-resources', '--verbs=list', '--namespaced=true', '-o', 'name');
      expect(listable.stdout.split('\n')).toEqual(expect.arrayContaining(['configmaps', 'pods', 'deployments.apps', 'cronjobs.batch']));
      expect(listable.stdout.split('\n')).not.toContain('nodes');
    });

    it('describe a Deployment and one of its pods', async () => {
      const dep = await kubectl('describe', 'deployment', 'web', '-n', NS);
      expect(dep.stderr).toBe('');
      expect(dep.stdout).toMatch(/^Name:\s+web$/m);
      expect(dep.stdout).toMatch(/^Namespace:\s+demo$/m);
      expect(dep.stdout).toMatch(/^Replicas:\s+\d+ desired \| \d+ updated \| \d+ total \| \d+ available \| \d+ unavailable$/m);
      expect(dep.stdout).toMatch(/^NewReplicaSet:\s+web-\S+ \(\d+\/\d+ replicas created\)$/m);
      const pod = (await kubectl('get', 'pods', '-n', NS, '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}')).stdout;
      const described = await kubectl('describe', 'pod', pod, '-n', NS);
      expect(described.stderr).toBe('');
      expect(described.stdout).toMatch(new RegExp(`^Name:\\s+${pod}$`, 'm'));
      expect(described.stdout).toMatch(/^Controlled By:\s+ReplicaSet\/web-\S+$/m);
      expect(described.stdout).toMatch(/^Containers:$/m);
      expect(described.stdout).toMatch(/^Events:/m);
    });

    it('explain deployment.spec.replicas reads the served OpenAPI', async () => {
      const { code, stdout, stderr } = await kubectl('explain', 'deployment.spec.replicas');
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^GROUP:\s+apps$/m);
      expect(stdout).toMatch(/^FIELD:\s+replicas <integer>$/m);
      expect(stdout).toContain('Number of desired pods.');
      const recursive = await kubectl('explain', 'pod.spec.containers', '--recursive');
      expect(recursive.stdout).toMatch(/^\s+image\s+<string>$/m);
    });

    it('client-side apply: created, configured, unchanged, with the last-applied annotation', async () => {
      const file = harness().file('csa.yaml', deploymentYaml('kc-csa', 1, 'nginx:1.25'));
      expect((await kubectl('apply', '-f', file)).stdout.trim()).toBe('deployment.apps/kc-csa created');
      writeFileSync(file, deploymentYaml('kc-csa', 2, 'nginx:1.25'));
      expect((await kubectl('apply', '-f', file)).stdout.trim()).toBe('deployment.apps/kc-csa configured');
      expect((await kubectl('apply', '-f', file)).stdout.trim()).toBe('deployment.apps/kc-csa unchanged');
      expect(await jp('deployment/kc-csa', '{.spec.replicas}')).toBe('2');
      const lastApplied = JSON.parse(await jp('deployment/kc-csa', '{.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}')) as { spec: { replicas: number } };
      expect(lastApplied.spec.replicas).toBe(2);
    });

    it('diff shows what apply would change (exit 1), nothing when in sync (exit 0)', async () => {
      const file = harness().file('diff.yaml', deploymentYaml('kc-csa', 2, 'nginx:1.25'));
      const same = await kubectl('diff', '-f', file);
      expect(same.stderr).toBe('');
      expect([same.code, same.stdout]).toEqual([0, '']);
      writeFileSync(file, deploymentYaml('kc-csa', 3, 'nginx:1.26'));
      const changed = await kubectl('diff', '-f', file);
      expect(changed.stderr).toBe('');
      expect(changed.code).toBe(1);
      expect(changed.stdout).toMatch(/^-\s+replicas: 2$/m);
      expect(changed.stdout).toMatch(/^\+\s+replicas: 3$/m);
      expect(changed.stdout).toMatch(/^\+\s+- image: nginx:1\.26$/m);
      // diff is a dry run: nothing stored.
      expect(await jp('deployment/kc-csa', '{.spec.replicas}')).toBe('2');
    });

    it('server-side apply: a conflict with another manager names it and the field; --force-conflicts takes the field', async () => {
      const mine = harness().file('ssa.yaml', deploymentYaml('kc-ssa', 1, 'nginx:1.25'));
      const first = await kubectl('apply', '--server-side', '-f', mine);
      expect(first.stdout.trim()).toBe('deployment.apps/kc-ssa serverside-applied');
      const theirs = harness().file('ssa-other.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: kc-ssa, namespace: demo}\nspec: {replicas: 5}\n');
      const conflict = await kubectl('apply', '--server-side', '--field-manager=ci-bot', '-f', theirs);
      expect(conflict.code).not.toBe(0);
      // An Apply manager is named bare; "using apps/v1" is only for Update managers (printManager in apimachinery).
      expect(conflict.stderr).toContain('error: Apply failed with 1 conflict: conflict with "kubectl": .spec.replicas');
      expect(conflict.stderr).toContain('--force-conflicts');
      expect(await jp('deployment/kc-ssa', '{.spec.replicas}')).toBe('1');
      const forced = await kubectl('apply', '--server-side', '--field-manager=ci-bot', '--force-conflicts', '-f', theirs);
      expect(forced.stdout.trim()).toBe('deployment.apps/kc-ssa serverside-applied');
      expect(await jp('deployment/kc-ssa', '{.spec.replicas}')).toBe('5');
      const managers = (await jp('deployment/kc-ssa', '{range .metadata.managedFields[*]}{.manager}/{.operation} {end}')).trim().split(' ').sort();
      expect(managers).toEqual(['ci-bot/Apply', 'kubectl/Apply']);
    });

    it('patch: JSON patch (with test), merge patch, strategic merge patch by container name', async () => {
      const json = await kubectl('patch', 'deployment', 'kc-csa', '-n', NS, '--type', 'json', '-p', '[{"op":"test","path":"/spec/replicas","value":2},{"op":"replace","path":"/spec/replicas","value":4}]');
      expect(json.stdout.trim()).toBe('deployment.apps/kc-csa patched');
      expect(await jp('deployment/kc-csa', '{.spec.replicas}')).toBe('4');
      const failedTest = await kubectl('patch', 'deployment', 'kc-csa', '-n', NS, '--type', 'json', '-p', '[{"op":"test","path":"/spec/replicas","value":2}]');
      expect(failedTest.code).not.toBe(0);
      // 1.20's patch handler answers a failed op with a bare 422 (NewGenericServerResponse drops the op's error).
      expect(failedTest.stderr.trim()).toBe('The request is invalid: the server rejected our request due to an error in our request');
      expect(await jp('deployment/kc-csa', '{.spec.replicas}')).toBe('4');
      const merge = await kubectl('patch', 'deployment', 'kc-csa', '-n', NS, '--type', 'merge', '-p', '{"metadata":{"labels":{"tier":"front"}}}');
      expect(merge.stdout.trim()).toBe('deployment.apps/kc-csa patched');
      // Strategic: the containers list merges on name, so the sidecar stays.
      const strategic = await kubectl('patch', 'deployment', 'kc-csa', '-n', NS, '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"app","image":"nginx:1.27"}]}}}}');
      expect(strategic.stdout.trim()).toBe('deployment.apps/kc-csa patched');
      expect(await jp('deployment/kc-csa', '{range .spec.template.spec.containers[*]}{.name}={.image} {end}')).toBe('app=nginx:1.27 sidecar=busybox:1.36 ');
      expect(await jp('deployment/kc-csa', '{.metadata.labels.tier}')).toBe('front');
      const noop = await kubectl('patch', 'deployment', 'kc-csa', '-n', NS, '--type', 'merge', '-p', '{"metadata":{"labels":{"tier":"front"}}}');
      expect(noop.stdout.trim()).toBe('deployment.apps/kc-csa patched (no change)');
    });

    it('edit: a change made while the editor is open survives; a stale resourceVersion is a conflict that keeps the edit', async () => {
      await kubectl('create', 'configmap', 'kc-edit', '-n', NS, '--from-literal=a=1', '--from-literal=b=1');
      // The "editor": changes key a, and meanwhile someone else changes key b on the server.
      const editor = harness().file('editor.mjs', `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[process.argv.length - 1];
let text = readFileSync(file, 'utf8').replace(/^  a: "1"$/m, '  a: "edited"');
if (process.env.STALE_RV) text = text.replace(/^  resourceVersion: "\\d+"$/m, '  resourceVersion: "1"');
const res = await fetch(process.env.OTHER_URL, { method: 'PATCH', headers: { Authorization: 'Bearer ' + process.env.OTHER_TOKEN, 'Content-Type': 'application/merge-patch+json' }, body: process.env.OTHER_BODY });
if (res.status !== 200) throw new Error('concurrent change failed: ' + res.status);
writeFileSync(file, text);
`);
      const path = `/api/v1/namespaces/${NS}/configmaps/kc-edit`;
      const env = { KUBE_EDITOR: `node ${editor}`, OTHER_URL: `${cluster.handle.url}${path}`, OTHER_TOKEN: cluster.handle.tokens.admin };
      const edited = await harness().kubectlWith({ env: { ...env, OTHER_BODY: '{"data":{"b":"theirs"}}' } }, 'edit', 'configmap', 'kc-edit', '-n', NS);
      expect(edited.stderr).toBe('');
      expect(edited.stdout.trim()).toBe('configmap/kc-edit edited');
      expect(await jp('configmap/kc-edit', '{.data.a} {.data.b}')).toBe('edited theirs');

      expect(await adminPatch(path, { data: { a: '1' } })).toBe(200);
      const stale = await harness().kubectlWith({ env: { ...env, STALE_RV: '1', OTHER_BODY: '{"data":{"b":"again"}}' } }, 'edit', 'configmap', 'kc-edit', '-n', NS);
      expect(stale.code).not.toBe(0);
      expect(stale.stderr).toContain('Operation cannot be fulfilled on configmaps "kc-edit": the object has been modified; please apply your changes to the latest version and try again');
      // kubectl keeps the user's text in a temp file and says how to retry it.
      expect(stale.stderr).toMatch(/You can run `kubectl replace -f \S+kubectl-edit-\d+\.yaml` to try this update again\./);
      expect(await jp('configmap/kc-edit', '{.data.a} {.data.b}')).toBe('1 again');
    });

    it('delete by file and by label, then get says NotFound', async () => {
      const byFile = await kubectl('delete', '-f', path('ssa.yaml'));
      expect(byFile.stdout.trim()).toBe(deletedLine(k, 'deployment.apps "kc-ssa"', NS));
      const byLabel = await kubectl('delete', 'deployment', '-n', NS, '-l', 'tier=front');
      expect(byLabel.stdout.trim()).toBe(deletedLine(k, 'deployment.apps "kc-csa"', NS));
      const gone = await kubectl('get', 'deployment', 'kc-csa', '-n', NS);
      expect(gone.code).not.toBe(0);
      expect(gone.stderr.trim()).toBe('Error from server (NotFound): deployments.apps "kc-csa" not found');
      const missing = await kubectl('delete', 'configmap', 'never-was', '-n', NS);
      expect(missing.stderr.trim()).toBe('Error from server (NotFound): configmaps "never-was" not found');
      expect((await kubectl('delete', 'configmap', 'never-was', '-n', NS, '--ignore-not-found')).code).toBe(0);
    });
  });
});
