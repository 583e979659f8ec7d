// What must hold before a new object is sent: one YAML document that parses, the collection's apiVersion and kind,
// its namespace (filled in when absent), and a name or generateName. Nothing here talks to the server.
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '../../../k8s/kube-object';
import { formatGroupVersion } from '../../../k8s/discovery/gvr';
import { buildApiPath } from '../../../k8s/paths';
import type { FieldProblem } from '../../../writes/draft/draft-model';
import { oversizeProblem } from '../../../writes/draft/request-size';
import { parseEditedYaml, type YamlProblem } from '../../../writes/draft/yaml-position';

/** The collection the URL points at. */
export interface CreateCollection {
  group: string;
  version: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  /** The URL's namespace; null for cluster-scoped kinds and for an all-namespaces URL. */
  namespace: string | null;
}

export type CreateCheck =
  | { ok: true; object: KubeObject; /** Collection to POST to (the object's namespace). */ collectionPath: string }
  /** The YAML does not parse (or holds several documents): positions to show. */
  | { ok: false; kind: 'yaml'; problems: YamlProblem[] }
  /** It parses, but is not an object this collection can create. */
  | { ok: false; kind: 'object'; problems: FieldProblem[] };

/** Line (1-based) where the second YAML document starts, or null when the text holds at most one. */
function secondDocumentLine(text: string): number | null {
  // uniqueKeys off: the library's check is quadratic (duplicates are parseEditedYaml's, in one pass).
  const docs = parseAllDocuments(text, { version: '1.1', uniqueKeys: false });
  if (!Array.isArray(docs) || docs.length < 2) return null;
  const start = docs[1]?.range[0] ?? 0;
  // The `---` marker sits on the line before the second document's content.
  const before = text.slice(0, start);
  const markerAt = before.lastIndexOf('---');
  return (markerAt === -1 ? before : before.slice(0, markerAt)).split('\n').length;
}

function describe(value: unknown): string {
  return value === undefined ? 'missing' : `"${String(value)}"`;
}

/** Checks the typed text against the collection; the object returned has the namespace filled in. */
export function checkNewObject(text: string, collection: CreateCollection): CreateCheck {
  const secondLine = secondDocumentLine(text);
  if (secondLine !== null) {
    return {
      ok: false,
      kind: 'yaml',
      problems: [
        {
          line: secondLine,
          column: 1,
          message: 'A second YAML document starts here (---). Create makes one object at a time: remove the other documents, or create them one by one.',
        },
      ],
    };
  }
  const parsed = parseEditedYaml(text);
  if (!parsed.ok) return { ok: false, kind: 'yaml', problems: parsed.problems };
  const oversize = oversizeProblem(parsed.object);
  if (oversize) return { ok: false, kind: 'yaml', problems: [oversize] };
  const object = parsed.object;
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const apiVersion = formatGroupVersion(collection.group, collection.version);
  const where = `${collection.resource} in ${apiVersion}`;
  if (object.apiVersion !== apiVersion) problem('apiVersion', `apiVersion is ${describe(object.apiVersion)}, but ${where} takes apiVersion "${apiVersion}".`);
  if (object.kind !== collection.kind) problem('kind', `kind is ${describe(object.kind)}, but ${where} holds kind "${collection.kind}".`);

  const metadata = { ...object.metadata };
  const hasName = typeof metadata.name === 'string' && metadata.name !== '';
  const hasGenerateName = typeof metadata.generateName === 'string' && metadata.generateName !== '';
  if (!hasName && !hasGenerateName) problem('metadata', 'metadata.name or metadata.generateName is required (generateName: a prefix the server completes with random characters).');
  if (metadata.resourceVersion !== undefined) problem('metadata.resourceVersion', 'metadata.resourceVersion must not be set on a new object: the server assigns it. Remove it.');

  // An empty namespace means "not set", as kubectl reads it.
  if (metadata.namespace === '') delete metadata.namespace;
  const namespace = metadata.namespace;
  if (collection.namespaced) {
    if (namespace !== undefined && typeof namespace !== 'string') {
      problem('metadata.namespace', 'metadata.namespace must be a string.');
    } else if (collection.namespace !== null && namespace !== undefined && namespace !== collection.namespace) {
      problem(
        'metadata.namespace',
        `metadata.namespace is "${namespace}", but you are creating in namespace "${collection.namespace}". Change it, or remove it to create in "${collection.namespace}".`,
      );
    } else if (collection.namespace === null && namespace === undefined) {
      problem('metadata', `metadata.namespace is required: this page lists ${collection.resource} of all namespaces, so the object must say which one it goes into.`);
    }
    if (namespace === undefined && collection.namespace !== null) metadata.namespace = collection.namespace;
  } else if (namespace !== undefined) {
    problem('metadata.namespace', `${collection.kind} is cluster-scoped: remove metadata.namespace (the server would ignore it).`);
  }

  if (problems.length > 0) return { ok: false, kind: 'object', problems };
  const targetNamespace = collection.namespaced ? (metadata.namespace as string) : null;
  const collectionPath = buildApiPath({ group: collection.group, version: collection.version, resource: collection.resource, namespace: targetNamespace, name: null, subresource: null });
  return { ok: true, object: { ...object, metadata }, collectionPath };
}
