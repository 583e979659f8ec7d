// A release's rendered manifest split into its objects, as helm's releaseutil.SplitManifests sees it: documents
// between `---` lines, each named by the `# Source: <chart>/templates/<file>` comment helm writes above it.
import { parse as parseYaml } from 'yaml';

export interface ManifestObject {
  /** The template it came from (the `# Source:` comment); null when helm wrote none. */
  source: string | null;
  /** The document as stored, without the `---` line. */
  text: string;
  apiVersion: string;
  kind: string;
  name: string;
  /** metadata.namespace as written; null when absent (helm installs it in the release's namespace). */
  namespace: string | null;
  /** Why the document could not be read as an object, if it could not. */
  problem: string | null;
}

const SEPARATOR = /^---[ \t]*(?:#.*)?$/m;
const SOURCE = /^#\s*Source:\s*(.+?)\s*$/m;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readObject(text: string): Pick<ManifestObject, 'apiVersion' | 'kind' | 'name' | 'namespace' | 'problem'> {
  const none = { apiVersion: '', kind: '', name: '', namespace: null };
  let doc: unknown;
  try {
    doc = parseYaml(text, { prettyErrors: false });
  } catch (error) {
    return { ...none, problem: `Not YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { ...none, problem: 'Not a Kubernetes object (no mapping)' };
  const o = doc as Record<string, unknown>;
  const meta = typeof o.metadata === 'object' && o.metadata !== null ? (o.metadata as Record<string, unknown>) : {};
  const result = { apiVersion: str(o.apiVersion), kind: str(o.kind), name: str(meta.name), namespace: str(meta.namespace) || null };
  const missing = (['apiVersion', 'kind', 'name'] as const).filter((k) => result[k] === '');
  return { ...result, problem: missing.length > 0 ? `No ${missing.join(', ')}` : null };
}

/** Only comments and blank lines: what helm leaves for a template that rendered to nothing. */
function isEmptyDocument(text: string): boolean {
  return text.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('#'));
}

/** The objects of a rendered manifest, in the order helm wrote them; empty documents are left out. */
export function splitManifest(manifest: string): ManifestObject[] {
  const objects: ManifestObject[] = [];
  for (const part of manifest.replace(/\r\n/g, '\n').split(SEPARATOR)) {
    const text = part.replace(/^\n+/, '').replace(/\s+$/, '');
    if (isEmptyDocument(text)) continue;
    const source = SOURCE.exec(text)?.[1] ?? null;
    objects.push({ source, text: `${text}\n`, ...readObject(text) });
  }
  return objects;
}

export type ManifestChange = 'added' | 'removed' | 'changed';

/** Which objects one manifest adds, removes or changes against another, matched by apiVersion, kind, namespace and name. */
export function manifestChanges(from: readonly ManifestObject[], to: readonly ManifestObject[]): Array<{ object: ManifestObject; change: ManifestChange }> {
  const key = (o: ManifestObject) => `${o.apiVersion}/${o.kind}/${o.namespace ?? ''}/${o.name}/${o.name === '' ? o.text : ''}`;
  const body = (o: ManifestObject) => o.text.replace(SOURCE, '').trim();
  const before = new Map(from.map((o) => [key(o), o]));
  const after = new Set(to.map(key));
  const changes: Array<{ object: ManifestObject; change: ManifestChange }> = [];
  for (const o of to) {
    const old = before.get(key(o));
    if (!old) changes.push({ object: o, change: 'added' });
    else if (body(old) !== body(o)) changes.push({ object: o, change: 'changed' });
  }
  for (const o of from) if (!after.has(key(o))) changes.push({ object: o, change: 'removed' });
  return changes;
}
