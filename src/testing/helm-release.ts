// Releases encoded as helm's storage driver writes them (pkg/storage/driver/util.go encodeRelease, secrets.go):
// JSON, gzip, base64 into the Secret's data.release, which the Secret's own encoding base64s again.
import type { KubeObject } from '../k8s/kube-object';

export interface ReleaseFixture {
  name: string;
  namespace: string;
  version: number;
  status?: string;
  chart?: { name: string; version: string; appVersion?: string };
  config?: Record<string, unknown>;
  chartValues?: Record<string, unknown>;
  manifest?: string;
  notes?: string;
  description?: string;
  lastDeployed?: string;
}

/** The JSON helm marshals for a release (the fields it writes, snake_case in info as helm's struct tags say). */
export function releaseJson(r: ReleaseFixture): Record<string, unknown> {
  const at = r.lastDeployed ?? '2026-12-01T10:00:00.123456789Z';
  return {
    name: r.name,
    info: { first_deployed: '2026-12-01T09:00:00Z', last_deployed: at, deleted: '', description: r.description ?? 'Install complete', status: r.status ?? 'deployed', notes: r.notes ?? '' },
    chart: {
      metadata: { name: r.chart?.name ?? 'demo', version: r.chart?.version ?? '0.1.0', appVersion: r.chart?.appVersion ?? '1.0.0', apiVersion: 'v2', type: 'application' },
      lock: null,
      templates: [{ name: 'templates/configmap.yaml', data: btoa('kind: ConfigMap') }],
      values: r.chartValues ?? {},
      schema: null,
      files: [],
    },
    config: r.config ?? {},
    manifest: r.manifest ?? '',
    version: r.version,
    namespace: r.namespace,
  };
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export async function gzipBytes(bytes: Uint8Array): Promise<Uint8Array> {
  // Written and read by hand: jsdom's Blob has no stream().
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>);
  void writer.close();
  const chunks: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** helm's stored string: base64(gzip(JSON)). */
export async function helmEncode(json: unknown): Promise<string> {
  return bytesToBase64(await gzipBytes(new TextEncoder().encode(JSON.stringify(json))));
}

/** The Secret helm writes for a revision, data.release as the API returns it. */
export async function releaseSecret(r: ReleaseFixture): Promise<KubeObject> {
  const status = r.status ?? 'deployed';
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'helm.sh/release.v1',
    metadata: {
      name: `sh.helm.release.v1.${r.name}.v${r.version}`,
      namespace: r.namespace,
      labels: { name: r.name, owner: 'helm', status, version: String(r.version), modifiedAt: '1764583200' },
      creationTimestamp: '2026-12-01T09:00:00Z',
    },
    data: { release: btoa(await helmEncode(releaseJson(r))) },
  };
}
