// A Helm 3 release as helm stores it (helm.sh/helm/v3/pkg/release): the JSON inside a release Secret, read into
// typed fields. Unknown or missing fields are tolerated as helm's own json.Unmarshal does; a wrong shape is an error.

export type HelmStatus =
  | 'unknown'
  | 'deployed'
  | 'uninstalled'
  | 'superseded'
  | 'failed'
  | 'uninstalling'
  | 'pending-install'
  | 'pending-upgrade'
  | 'pending-rollback'
  | (string & {});

export interface HelmReleaseInfo {
  status: HelmStatus;
  /** RFC 3339 times as helm wrote them; '' when absent. */
  firstDeployed: string;
  lastDeployed: string;
  description: string;
  notes: string;
}

export interface HelmChartMetadata {
  name: string;
  version: string;
  appVersion: string;
  description: string;
}

export type HelmValues = Record<string, unknown>;

export interface HelmRelease {
  name: string;
  namespace: string;
  /** The release's `version`: its revision number. */
  revision: number;
  info: HelmReleaseInfo;
  chart: HelmChartMetadata;
  /** The values the user supplied (helm get values). */
  config: HelmValues;
  /** The chart's values.yaml (helm get values --all merges these under config). */
  chartValues: HelmValues;
  /** The rendered templates, `---` separated, as helm applied them. */
  manifest: string;
}

/** The release data could not be read: not base64, not gzip, not JSON, or not a release. */
export class HelmReleaseDataError extends Error {
  override name = 'HelmReleaseDataError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new HelmReleaseDataError(`The release's ${field} is not an object`);
  return value;
}

/** Reads helm's release JSON (already parsed) into a HelmRelease. */
export function toHelmRelease(json: unknown): HelmRelease {
  if (!isRecord(json)) throw new HelmReleaseDataError('The release data is JSON but not a release object');
  if (typeof json.name !== 'string' || json.name === '') throw new HelmReleaseDataError('The release data has no name');
  const info = record(json.info, 'info');
  const chart = record(json.chart, 'chart');
  const metadata = record(chart.metadata, 'chart metadata');
  const revision = typeof json.version === 'number' && Number.isInteger(json.version) ? json.version : 0;
  return {
    name: json.name,
    namespace: text(json.namespace),
    revision,
    info: {
      status: text(info.status) || 'unknown',
      firstDeployed: text(info.first_deployed),
      lastDeployed: text(info.last_deployed),
      description: text(info.description),
      notes: text(info.notes),
    },
    chart: { name: text(metadata.name), version: text(metadata.version), appVersion: text(metadata.appVersion), description: text(metadata.description) },
    config: record(json.config, 'config'),
    chartValues: record(chart.values, 'chart values'),
    manifest: text(json.manifest),
  };
}

/** `name-version`, as helm list prints the chart column. */
export function chartLabel(chart: Pick<HelmChartMetadata, 'name' | 'version'>): string {
  return chart.name ? `${chart.name}-${chart.version}` : '';
}
