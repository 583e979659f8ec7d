// The deployment artefacts against the current control plane: the chart lints and renders (defaults, every option,
// each auth mode), its pods meet the restricted Pod Security Standard and hold the security settings, the API
// server accepts every render and the plain manifests (server-side dry run), and an install in a fresh namespace
// makes the objects as rendered, its pods scheduled onto the KWOK node, its session keys kept across an upgrade.
// helm comes from tests/deploy/build-helm.sh, kubectl from the control plane's own build (run.sh builds both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseAllDocuments } from 'yaml';

const kubeconfig = process.env.KUBECONFIG_REAL;
if (!kubeconfig) throw new Error('KUBECONFIG_REAL is not set: run through tests/real-apiserver/run.sh');
const version = process.env.REAL_K8S_VERSION ?? '';
if (!version.startsWith('v1.37.')) throw new Error(`the chart test needs kube-apiserver v1.37 (this tier runs ${version || 'an unknown version'})`);

const ROOT = join(import.meta.dirname, '..', '..');
const CHART = join(ROOT, 'deploy', 'helm', 'kubeglass');
const MANIFESTS = join(ROOT, 'deploy', 'manifests', 'kubeglass.yaml');
const CACHE = process.env.KUBEGLASS_CACHE ?? join(homedir(), '.cache', 'kubeglass');
const envValue = (file: string, name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(readFileSync(join(ROOT, file), 'utf8'))?.[1] ?? '';
const HELM = join(CACHE, `helm-${envValue('tests/deploy/versions.env', 'HELM_VERSION')}`, 'helm');
const KUBECTL = join(CACHE, `k8s-${envValue('tests/modern-apiserver/versions.env', 'K8S_VERSION')}`, 'kubectl');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kubernetes objects, read field by field
type Obj = Record<string, any>;
interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

const scratch = mkdtempSync(join(tmpdir(), 'kubeglass-chart-'));
// helm keeps its caches and repositories here, not in the home folder.
const helmEnv = { ...process.env, HELM_CACHE_HOME: join(scratch, 'cache'), HELM_CONFIG_HOME: join(scratch, 'config'), HELM_DATA_HOME: join(scratch, 'data') };

function run(bin: string, args: string[], input?: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(bin, args, { env: helmEnv, timeout: 90_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: String(stdout), stderr: String(stderr) });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}
const helm = (...args: string[]) => run(HELM, args);
const kubectl = (args: string[], input?: string) => run(KUBECTL, ['--kubeconfig', kubeconfig, '--context', 'real', '--cache-dir', join(scratch, 'kube-cache'), ...args], input);
const ok = (r: Result, what: string) => {
  expect(r.code, `${what}: ${r.stderr}`).toBe(0);
  return r.stdout;
};

const docs = (text: string): Obj[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);
const only = (objects: Obj[], kind: string): Obj => {
  const found = objects.filter((o) => o.kind === kind);
  expect(found.map((o) => o.kind)).toEqual([kind]);
  return found[0] as Obj;
};

// Every option the chart has, in the OIDC mode (the one with the most of them).
const everything = {
  replicaCount: 3,
  image: { repository: 'registry.test/kubeglass', tag: 'test', pullPolicy: 'Always' },
  imagePullSecrets: [{ name: 'registry' }],
  logFormat: 'text',
  auth: {
    mode: 'oidc',
    oidc: {
      issuer: 'https://issuer.test/realms/team',
      clientId: 'kubeglass',
      clientSecret: { existingSecret: 'kubeglass-oidc', key: 'secret' },
      ca: { configMap: 'issuer-ca', key: 'ca.pem' },
      scopes: ['openid', 'email', 'groups'],
    },
  },
  sessionKeys: { create: true },
  kubeconfig: { existingSecret: 'more-clusters', key: 'kubeconfig' },
  limits: { maxWatchesPerPerson: 50, maxRequestsPerPerson: 20 },
  extraArgs: ['--context=prod'],
  extraEnv: [{ name: 'NODE_OPTIONS', value: '--max-old-space-size=384' }],
  serviceAccount: { annotations: { 'example.test/role': 'none' } },
  service: { annotations: { 'example.test/svc': 'yes' } },
  ingress: {
    enabled: true,
    className: 'nginx',
    annotations: { 'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600' },
    hosts: [{ host: 'kubeglass.test', paths: [{ path: '/', pathType: 'Prefix' }] }],
    tls: [{ secretName: 'kubeglass-tls', hosts: ['kubeglass.test'] }],
  },
  podDisruptionBudget: { minAvailable: 2 },
  networkPolicy: {
    ingressFrom: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }],
    egress: {
      apiServer: { cidrs: ['10.0.0.1/32'], ports: [6443] },
      oidcIssuer: { cidrs: ['203.0.113.10/32'] },
      extra: [{ to: [{ ipBlock: { cidr: '198.51.100.0/24' } }], ports: [{ port: 443, protocol: 'TCP' }] }],
    },
  },
  podAnnotations: { 'example.test/pod': 'yes' },
  podLabels: { team: 'platform' },
  nodeSelector: { 'kubernetes.io/os': 'linux' },
  tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'tools', effect: 'NoSchedule' }],
};
const proxy = { auth: { mode: 'proxy', proxy: { trustedProxies: ['10.0.0.0/8', '192.168.1.5'] } }, publicUrl: 'https://kubeglass.corp.test' };
const variants: Record<string, object> = { defaults: {}, everything, proxy, none: { auth: { mode: 'none' } } };
const valuesFile = (name: string) => join(scratch, `${name}.json`);

const namespace = `kubeglass-chart-${randomBytes(3).toString('hex')}`;
const release = 'kg';
const restricted = { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' };

beforeAll(async () => {
  for (const bin of [HELM, KUBECTL]) if (!existsSync(bin)) throw new Error(`${bin} is missing: tests/real-apiserver/run.sh builds it`);
  // JSON, which helm reads as YAML 1.1 without surprises (a plain `yes` would be a boolean there).
  for (const [name, values] of Object.entries(variants)) writeFileSync(valuesFile(name), JSON.stringify(values));
  const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels: restricted } };
  ok(await kubectl(['create', '-f', '-'], JSON.stringify(ns)), 'create the namespace');
}, 60_000);
afterAll(async () => {
  // Gone before the next file runs: its pods would show in other tests' cluster-wide lists.
  await kubectl(['delete', 'namespace', namespace, '--ignore-not-found', '--timeout=60s']);
  rmSync(scratch, { recursive: true, force: true });
}, 90_000);

const template = (name: string) => helm('template', release, CHART, '--namespace', namespace, '-f', valuesFile(name));
const rendered = async (name: string) => docs(ok(await template(name), `helm template (${name})`));
const deploymentOf = async (name: string) => only(await rendered(name), 'Deployment');

describe(`chart deploy/helm/kubeglass against kube-apiserver ${version}`, () => {
  it('lints clean with defaults and with every option', async () => {
    for (const name of Object.keys(variants)) {
      const r = await helm('lint', CHART, '--strict', '-f', valuesFile(name));
      expect(r.code, `helm lint (${name}): ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).not.toMatch(/\[(ERROR|WARNING)\]/);
    }
  }, 60_000);

  it('carries package.json version as appVersion and into the image tag', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(readFileSync(join(CHART, 'Chart.yaml'), 'utf8')).toMatch(new RegExp(`^appVersion: "${pkg.version.replaceAll('.', '\\.')}"$`, 'm'));
    expect((await deploymentOf('defaults')).spec.template.spec.containers[0].image).toBe(`kubeglass:${pkg.version}`);
  });

  it('renders, by default, the objects of a team install and no RBAC at all', async () => {
    const objects = await rendered('defaults');
    expect(objects.map((o) => o.kind).sort()).toEqual(['Deployment', 'NetworkPolicy', 'PodDisruptionBudget', 'Service', 'ServiceAccount']);
    for (const o of objects) expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe(namespace);
    // RBAC kinds are absent in every variant: the ServiceAccount keeps what every pod's has.
    for (const name of Object.keys(variants)) {
      expect((await rendered(name)).filter((o) => /Role(Binding)?$/.test(o.kind as string))).toEqual([]);
    }
    expect(only(objects, 'ServiceAccount').automountServiceAccountToken).toBe(true);
    expect(only(objects, 'PodDisruptionBudget').spec.minAvailable).toBe(1);
  });

  it('holds the security settings and probes in every variant', async () => {
    for (const name of Object.keys(variants)) {
      const pod = (await deploymentOf(name)).spec.template.spec;
      expect(pod.securityContext, name).toMatchObject({ runAsNonRoot: true, runAsUser: 65532, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken).toBe(true);
      expect(pod.containers).toHaveLength(1);
      const c = pod.containers[0];
      expect(c.securityContext, name).toEqual({
        runAsNonRoot: true,
        runAsUser: 65532,
        runAsGroup: 65532,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        privileged: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/-/healthz', port: 'http' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/-/readyz', port: 'http' });
      expect(c.ports).toEqual([{ name: 'http', containerPort: 7070, protocol: 'TCP' }]);
      expect(Object.keys(c.resources).sort()).toEqual(['limits', 'requests']);
      for (const k of ['limits', 'requests']) expect(Object.keys(c.resources[k] as Obj).sort(), `${name} ${k}`).toEqual(['cpu', 'memory']);
      // Mounted files are the only ones the container reads besides the image.
      for (const m of c.volumeMounts ?? []) expect(m.readOnly, `${name} ${m.name}`).toBe(true);
    }
  });

  it('builds the default arguments: in-cluster, no demo, all addresses, token sign-in, json logs', async () => {
    const d = await deploymentOf('defaults');
    expect(d.spec.replicas).toBe(2);
    expect(d.spec.template.spec.containers[0].args).toEqual([
      '--in-cluster',
      '--no-demo',
      '--host=0.0.0.0',
      '--port=7070',
      '--auth=token',
      '--session-keys-file=/etc/kubeglass/session-keys/keys',
      '--log-format=json',
    ]);
    expect(d.spec.template.spec.volumes).toEqual([
      { name: 'session-keys', secret: { secretName: 'kg-kubeglass-session-keys', defaultMode: 0o440, items: [{ key: 'keys', path: 'keys' }] } },
    ]);
    // Spread over nodes and zones, still schedulable on one node.
    const spread = d.spec.template.spec.topologySpreadConstraints as Obj[];
    expect(spread.map((s) => [s.topologyKey, s.whenUnsatisfiable])).toEqual([
      ['kubernetes.io/hostname', 'ScheduleAnyway'],
      ['topology.kubernetes.io/zone', 'ScheduleAnyway'],
    ]);
    for (const s of spread) expect(s.labelSelector.matchLabels).toEqual(d.spec.selector.matchLabels);
    expect(d.spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey).toBe('kubernetes.io/hostname');
  });

  it('turns every option into its flag, volume and object', async () => {
    const objects = await rendered('everything');
    const d = only(objects, 'Deployment');
    const pod = d.spec.template.spec;
    expect(pod.containers[0].args).toEqual([
      '--in-cluster',
      '--no-demo',
      '--host=0.0.0.0',
      '--port=7070',
      '--auth=oidc',
      '--session-keys-file=/etc/kubeglass/session-keys/keys',
      '--public-url=https://kubeglass.test',
      '--oidc-issuer=https://issuer.test/realms/team',
      '--oidc-client-id=kubeglass',
      '--oidc-client-secret-file=/etc/kubeglass/oidc-client-secret/client-secret',
      '--oidc-ca-file=/etc/kubeglass/oidc-ca/ca.crt',
      '--oidc-scopes=openid email groups',
      '--kubeconfig=/etc/kubeglass/kubeconfig/config',
      '--log-format=text',
      '--max-watches-per-person=50',
      '--max-requests-per-person=20',
      '--context=prod',
    ]);
    // Each file flag names a file some volume puts there.
    const mounts = new Map((pod.containers[0].volumeMounts as Obj[]).map((m) => [m.name as string, m.mountPath as string]));
    const files = (pod.volumes as Obj[]).flatMap((v) => ((v.secret ?? v.configMap).items as Obj[]).map((i) => `${mounts.get(v.name as string)}/${i.path}`));
    const fileFlags = (pod.containers[0].args as string[]).filter((a) => /^--[a-z-]*(file|kubeconfig)=/.test(a)).map((a) => a.split('=')[1]);
    expect(fileFlags.sort()).toEqual(files.sort());
    expect(pod.volumes.map((v: Obj) => v.secret?.secretName ?? v.configMap?.name)).toEqual(['kg-kubeglass-session-keys', 'kubeglass-oidc', 'issuer-ca', 'more-clusters']);
    expect(d.spec.replicas).toBe(3);
    expect(pod.containers[0].image).toBe('registry.test/kubeglass:test');
    expect(pod.containers[0].env).toEqual(everything.extraEnv);
    expect(pod.nodeSelector).toEqual(everything.nodeSelector);
    expect(pod.tolerations).toEqual(everything.tolerations);
    expect(d.spec.template.metadata.labels.team).toBe('platform');

    const ingress = only(objects, 'Ingress');
    expect(ingress.spec.tls).toEqual(everything.ingress.tls);
    expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({ name: 'kg-kubeglass', port: { name: 'http' } });

    // The chart's session keys: one random line, and the pods' checksum is of exactly that Secret.
    const secret = only(objects, 'Secret');
    const keys = Buffer.from(secret.data.keys as string, 'base64').toString();
    expect(keys).toMatch(/^[A-Za-z0-9]{64}\n$/);
    expect(d.spec.template.metadata.annotations['checksum/session-keys']).toBe(createHash('sha256').update(secret.data.keys as string).digest('hex'));

    const policy = only(objects, 'NetworkPolicy').spec;
    expect(policy.ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }], from: everything.networkPolicy.ingressFrom }]);
    expect(policy.egress.slice(1)).toEqual([
      { ports: [{ port: 6443, protocol: 'TCP' }], to: [{ ipBlock: { cidr: '10.0.0.1/32' } }] },
      { ports: [{ port: 443, protocol: 'TCP' }], to: [{ ipBlock: { cidr: '203.0.113.10/32' } }] },
      ...everything.networkPolicy.egress.extra,
    ]);
    expect(only(objects, 'PodDisruptionBudget').spec.minAvailable).toBe(2);
  });

  it('passes the trusted proxies in proxy mode, and mounts nothing without sign-in', async () => {
    const args = (await deploymentOf('proxy')).spec.template.spec.containers[0].args as string[];
    expect(args).toContain('--trusted-proxy=10.0.0.0/8,192.168.1.5');
    expect(args).toContain('--public-url=https://kubeglass.corp.test');
    expect(args.filter((a) => a.startsWith('--oidc-'))).toEqual([]);
    const none = (await deploymentOf('none')).spec.template.spec;
    expect(none.containers[0].args).toContain('--auth=none');
    expect(none.containers[0].args.filter((a: string) => a.startsWith('--session-keys-file'))).toEqual([]);
    expect(none.volumes).toBeUndefined();
  });

  it('refuses settings the server would refuse', async () => {
    const cases: [string[], RegExp][] = [
      // values.schema.json: enums and typos.
      [['--set', 'auth.mode=ldap'], /\/auth\/mode': value must be one of 'none', 'token', 'oidc', 'proxy'/],
      [['--set', 'logFormat=xml'], /\/logFormat': value must be one of 'text', 'json'/],
      [['--set', 'replicas=3'], /additional properties 'replicas' not allowed/],
      // The templates: what depends on the mode.
      [['--set', 'auth.mode=proxy'], /needs auth.proxy.trustedProxies/],
      [['--set', 'auth.mode=oidc', '--set', 'auth.oidc.issuer=https://issuer.test'], /needs auth.oidc.issuer, auth.oidc.clientId and auth.oidc.clientSecret.existingSecret/],
      [['--set', 'auth.mode=oidc', '--set', 'auth.oidc.issuer=https://i.test', '--set', 'auth.oidc.clientId=k', '--set', 'auth.oidc.clientSecret.existingSecret=s'], /needs publicUrl/],
    ];
    for (const [set, message] of cases) {
      const r = await helm('template', release, CHART, ...set);
      expect(r.code, set.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(message);
    }
  }, 60_000);

  it('keeps deploy/manifests/kubeglass.yaml equal to a fresh render', async () => {
    const fresh = ok(await run('bash', [join(ROOT, 'deploy', 'render-manifests.sh'), '--stdout']), 'render-manifests.sh');
    expect(readFileSync(MANIFESTS, 'utf8'), 'run deploy/render-manifests.sh').toBe(fresh);
    const objects = docs(fresh);
    expect(objects[0]).toMatchObject({ kind: 'Namespace', metadata: { name: 'kubeglass', labels: restricted } });
    for (const o of objects.slice(1)) expect(o.metadata.namespace).toBe('kubeglass');
  }, 60_000);

  it('runs the image the Dockerfile builds: its files, its user, its port', async () => {
    // No container engine here: the Dockerfile is checked against the repository and the chart instead.
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    const stages = dockerfile.split(/^FROM /m).slice(1);
    const runtime = stages.at(-1) ?? '';
    for (const [, from, sources] of dockerfile.matchAll(/^COPY (--from=\S+ )?(.+) \S+$/gm)) {
      if (from) continue;
      for (const source of (sources ?? '').split(' ')) {
        expect(existsSync(join(ROOT, source)), `COPY ${source}`).toBe(true);
        expect(ignored, `COPY ${source} is in .dockerignore`).not.toContain(source);
      }
    }
    // What npm run build reads stays in the build context.
    for (const input of ['server', 'demo-cluster', 'wire', 'src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'tsconfig.build.json']) {
      expect(ignored, input).not.toContain(input);
    }
    expect(runtime).toMatch(/^COPY --from=build \/src\/dist \.\/dist$/m);
    expect(runtime).toMatch(/^COPY package\.json \.\/$/m);
    const entrypoint = JSON.parse(/^ENTRYPOINT (.+)$/m.exec(runtime)?.[1] ?? '[]') as string[];
    expect(entrypoint.slice(1)).toEqual(['bin/kubeglass.js']);
    expect(runtime).toMatch(/^COPY bin \.\/bin$/m);
    const uid = Number(/^USER (\d+):(\d+)$/m.exec(runtime)?.[1]);
    const pod = (await deploymentOf('defaults')).spec.template.spec;
    expect(pod.containers[0].securityContext.runAsUser).toBe(uid);
    expect(runtime).toMatch(new RegExp(`^EXPOSE ${pod.containers[0].ports[0].containerPort as number}$`, 'm'));
  });

  it('is accepted by the API server in every variant (server-side dry run, no Pod Security warning)', async () => {
    for (const name of Object.keys(variants)) {
      const r = await kubectl(['apply', '--dry-run=server', '-f', '-'], ok(await template(name), name));
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stderr, name).toBe('');
    }
  }, 120_000);

  it('accepts the plain manifests (server-side dry run in namespace kubeglass)', async () => {
    const text = readFileSync(MANIFESTS, 'utf8');
    // A dry-run Namespace is not there for the objects in it: the Namespace is made for real, then dropped.
    const existed = (await kubectl(['get', 'namespace', 'kubeglass'])).code === 0;
    ok(await kubectl(['apply', '-f', '-'], JSON.stringify(docs(text)[0])), 'the kubeglass namespace');
    try {
      const r = await kubectl(['apply', '--dry-run=server', '-f', '-'], text);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/deployment\.apps\/kubeglass (created|configured|unchanged) \(server dry run\)/);
    } finally {
      if (!existed) await kubectl(['delete', 'namespace', 'kubeglass', '--timeout=60s']);
    }
  }, 120_000);

  it('installs in a fresh namespace as rendered, schedules its pods and keeps its session keys across an upgrade', async () => {
    const install = ['--namespace', namespace, '--kubeconfig', kubeconfig, '--kube-context', 'real', '-f', valuesFile('everything')];
    ok(await helm('install', release, CHART, ...install), 'helm install');
    const manifest = docs(ok(await helm('get', 'manifest', release, ...install.slice(0, 6)), 'helm get manifest'));
    expect(manifest.map((o) => o.kind).sort()).toEqual(['Deployment', 'Ingress', 'NetworkPolicy', 'PodDisruptionBudget', 'Secret', 'Service', 'ServiceAccount']);
    for (const o of manifest) {
      const live = JSON.parse(ok(await kubectl(['-n', namespace, 'get', o.kind as string, o.metadata.name as string, '-o', 'json']), `${o.kind} ${o.metadata.name}`)) as Obj;
      expect(differences(o, live), `${o.kind} ${o.metadata.name}: rendered fields the server holds otherwise`).toEqual([]);
    }

    // The restricted namespace admits the pods; the scheduler binds them to the KWOK node.
    const selector = 'app.kubernetes.io/instance=kg,app.kubernetes.io/name=kubeglass';
    let pods: Obj[] = [];
    for (let i = 0; i < 60 && !(pods.length === 3 && pods.every((p) => p.spec.nodeName)); i++) {
      if (i > 0) await sleep(1_000);
      pods = (JSON.parse(ok(await kubectl(['-n', namespace, 'get', 'pods', '-l', selector, '-o', 'json']), 'pods')) as Obj).items as Obj[];
    }
    expect(pods.map((p) => p.spec.nodeName)).toEqual(['kwok-node-0', 'kwok-node-0', 'kwok-node-0']);
    for (const p of pods) expect(p.spec.serviceAccountName).toBe('kg-kubeglass');

    // What the ServiceAccount may do: its own reviews, nothing over users' objects.
    const sa = `system:serviceaccount:${namespace}:kg-kubeglass`;
    for (const [verb, resource, answer] of [
      ['create', 'selfsubjectaccessreviews.authorization.k8s.io', 'yes'],
      ['get', 'secrets', 'no'],
      ['list', 'pods', 'no'],
      ['list', 'namespaces', 'no'],
      ['create', 'deployments.apps', 'no'],
    ] as const) {
      const r = await kubectl(['auth', 'can-i', verb, resource, '-n', namespace, '--as', sa]);
      expect(r.stdout.trim(), `${sa} ${verb} ${resource}`).toBe(answer);
    }

    const keys = async () => ok(await kubectl(['-n', namespace, 'get', 'secret', 'kg-kubeglass-session-keys', '-o', 'jsonpath={.data.keys}']), 'session keys');
    const before = await keys();
    const podAnnotations = async () => ok(await kubectl(['-n', namespace, 'get', 'deployment', 'kg-kubeglass', '-o', 'jsonpath={.spec.template.metadata.annotations}']), 'pod annotations');
    const annotationsBefore = await podAnnotations();
    ok(await helm('upgrade', release, CHART, ...install), 'helm upgrade');
    expect(await keys()).toBe(before);
    // Same keys, same checksum: an upgrade that changes nothing rolls no pod.
    expect(await podAnnotations()).toBe(annotationsBefore);
  }, 180_000);
});

/** Paths where `live` lacks or differs from what `rendered` sets (what the server adds, defaults and status, is not compared). */
function differences(rendered: unknown, live: unknown, path = ''): string[] {
  if (Array.isArray(rendered)) {
    if (!Array.isArray(live) || live.length !== rendered.length) return [`${path}: ${JSON.stringify(rendered)} vs ${JSON.stringify(live)}`];
    return rendered.flatMap((r, i) => differences(r, live[i], `${path}[${i}]`));
  }
  if (rendered !== null && typeof rendered === 'object') {
    if (live === null || typeof live !== 'object') return [`${path}: missing`];
    return Object.entries(rendered).flatMap(([k, v]) => differences(v, (live as Obj)[k], `${path}.${k}`));
  }
  return rendered === live ? [] : [`${path}: ${JSON.stringify(rendered)} vs ${JSON.stringify(live)}`];
}
