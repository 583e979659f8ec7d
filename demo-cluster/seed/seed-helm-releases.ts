// Helm releases, stored as helm 3 stores them (pkg/storage/driver): a Secret of type helm.sh/release.v1 per revision,
// named sh.helm.release.v1.<name>.v<revision>, its data.release base64(gzip(JSON)) at gzip's best compression. The
// manifests render objects the seed creates: release shop (an upgrade that changed the frontend's image and the
// tax rate) and release hello.
import { gzipSync } from 'node:zlib';
import { rfc3339 } from '../resources/duration.js';
import { storageKey } from '../resources/registry.js';
import type { JsonObject } from '../resources/types.js';
import type { Store } from '../store/store.js';
import { makeSecret } from './seed-workloads.js';

const SECRETS = storageKey({ group: '', resource: 'secrets' });
const MINUTE = 60_000;

interface Revision {
  name: string;
  namespace: string;
  version: number;
  status: 'deployed' | 'superseded';
  description: string;
  firstDeployed: number;
  lastDeployed: number;
  chart: { name: string; version: string; appVersion: string; description: string };
  chartValues: JsonObject;
  config: JsonObject;
  manifest: string;
  notes: string;
  /** createdAt for the newest revision; an older one was rewritten (modifiedAt) when the next superseded it. */
  labelTime: { createdAt: number } | { modifiedAt: number };
}

const deployment = (chart: string, app: string, image: string, replicas: number, port: number) => `---
# Source: ${chart}/templates/${app}-deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${app}
  labels:
    app: ${app}
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: ${app}
  template:
    metadata:
      labels:
        app: ${app}
    spec:
      containers:
        - name: ${app}
          image: "${image}"
          ports:
            - containerPort: ${port}
              protocol: TCP
`;

const service = (chart: string, app: string, port: number, targetPort: number, type: string) => `---
# Source: ${chart}/templates/${app}-service.yaml
apiVersion: v1
kind: Service
metadata:
  name: ${app}
  labels:
    app: ${app}
spec:
  type: ${type}
  selector:
    app: ${app}
  ports:
    - port: ${port}
      targetPort: ${targetPort}
      protocol: TCP
`;

const settings = (currency: string, taxRate: string) => `---
# Source: shop/templates/settings.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-settings
data:
  currency: "${currency}"
  taxRate: "${taxRate}"
`;

const SHOP_DEFAULTS: JsonObject = {
  frontend: { image: 'ghcr.io/kubeglass/shop-frontend', tag: '1.1.0', replicas: 2, service: { type: 'LoadBalancer', port: 80 } },
  cart: { image: 'ghcr.io/kubeglass/shop-cart', tag: '1.2.0', replicas: 2 },
  settings: { currency: 'EUR', taxRate: '0.16' },
};

function shopManifest(frontendTag: string, taxRate: string): string {
  return (
    settings('EUR', taxRate) +
    service('shop', 'cart', 8080, 8080, 'ClusterIP') +
    service('shop', 'frontend', 80, 3000, 'LoadBalancer') +
    deployment('shop', 'cart', 'ghcr.io/kubeglass/shop-cart:1.2.0', 2, 8080) +
    deployment('shop', 'frontend', `ghcr.io/kubeglass/shop-frontend:${frontendTag}`, 2, 3000)
  );
}

const SHOP_NOTES = 'The shop is up.\n\nOpen the frontend:\n  kubectl -n shop get service frontend\n';

function revisions(now: number): Revision[] {
  const installed = now - 4 * 60 * MINUTE;
  const upgraded = now - 40 * MINUTE;
  const shop = { name: 'shop', namespace: 'shop', firstDeployed: installed, chartValues: SHOP_DEFAULTS, notes: SHOP_NOTES };
  const helloInstalled = now - 20 * 60 * MINUTE;
  return [
    {
      ...shop,
      version: 1,
      status: 'superseded',
      description: 'Install complete',
      lastDeployed: installed,
      chart: { name: 'shop', version: '0.2.0', appVersion: '1.1.0', description: 'The demo shop: frontend, cart and their settings' },
      config: { settings: { currency: 'EUR' } },
      manifest: shopManifest('1.1.0', '0.16'),
      labelTime: { modifiedAt: upgraded },
    },
    {
      ...shop,
      version: 2,
      status: 'deployed',
      description: 'Upgrade complete',
      lastDeployed: upgraded,
      chart: { name: 'shop', version: '0.3.0', appVersion: '1.2.0', description: 'The demo shop: frontend, cart and their settings' },
      config: { settings: { currency: 'EUR', taxRate: '0.19' }, frontend: { tag: '1.2.0' } },
      manifest: shopManifest('1.2.0', '0.19'),
      labelTime: { createdAt: upgraded },
    },
    {
      name: 'hello',
      namespace: 'default',
      version: 1,
      status: 'deployed',
      description: 'Install complete',
      firstDeployed: helloInstalled,
      lastDeployed: helloInstalled,
      chart: { name: 'hello', version: '0.1.0', appVersion: '1.19', description: 'nginx saying hello' },
      chartValues: { image: 'nginx:1.19', replicas: 1 },
      config: {},
      manifest: service('hello', 'hello', 80, 80, 'ClusterIP') + deployment('hello', 'hello', 'nginx:1.19', 1, 80),
      notes: '',
      labelTime: { createdAt: helloInstalled },
    },
  ];
}

/** The JSON helm marshals for a release (its release.Release struct's json tags). */
function releaseJson(r: Revision): JsonObject {
  return {
    name: r.name,
    info: { first_deployed: rfc3339(r.firstDeployed), last_deployed: rfc3339(r.lastDeployed), deleted: '', description: r.description, status: r.status, notes: r.notes },
    chart: {
      metadata: { name: r.chart.name, version: r.chart.version, description: r.chart.description, apiVersion: 'v2', appVersion: r.chart.appVersion, type: 'application' },
      lock: null,
      templates: [],
      values: r.chartValues,
      schema: null,
      files: [],
    },
    config: r.config,
    manifest: r.manifest,
    version: r.version,
    namespace: r.namespace,
  };
}

/** helm's encodeRelease: base64 of gzip (best compression) of the JSON. */
export function encodeHelmRelease(json: JsonObject): string {
  return gzipSync(Buffer.from(JSON.stringify(json)), { level: 9 }).toString('base64');
}

export function seedHelmReleases(store: Store, now: number): void {
  for (const r of revisions(now)) {
    const secret = makeSecret(`sh.helm.release.v1.${r.name}.v${r.version}`, r.namespace, 'helm.sh/release.v1', { release: encodeHelmRelease(releaseJson(r)) }, r.lastDeployed);
    const time: Record<string, string> = 'createdAt' in r.labelTime ? { createdAt: String(Math.floor(r.labelTime.createdAt / 1000)) } : { modifiedAt: String(Math.floor(r.labelTime.modifiedAt / 1000)) };
    secret.metadata.labels = { name: r.name, owner: 'helm', status: r.status, version: String(r.version), ...time };
    store.seed(SECRETS, secret);
  }
}
