// The one key factory for server data: every cache key is built here, rooted at the context (docs/architecture.md
// "Data flow rules"), so invalidating `['k8s', ctx]` or `['k8s', ctx, 'table']` reaches everything below it.
import { gvrKey } from '../k8s/discovery/gvr';
import { gvrOf, parseApiPath } from '../k8s/paths';
import type { ListSelectors } from '../k8s/table';

// Parsed, so that equivalent spellings of one API path share one entry; an unparsable path stands for itself.
function pathParts(path: string) {
  const parsed = parseApiPath(path);
  return { gvr: parsed ? gvrKey(gvrOf(parsed)) : path, namespace: parsed?.namespace ?? null, name: parsed?.name ?? null };
}

export const k8sKeys = {
  /** Discovery (groups and resources) of one context. */
  discovery: (context: string) => ['k8s', context, 'discovery'] as const,
  /** GET /version of one context (what the server supports). */
  version: (context: string) => ['k8s', context, 'version'] as const,
  /** One Table list at a collection path: gvr is gvrKey(...) (`/v1/pods`); namespace null = cluster-scoped or all namespaces. */
  table: (context: string, collectionPath: string, selectors: ListSelectors) => {
    const { gvr, namespace } = pathParts(collectionPath);
    return ['k8s', context, 'table', gvr, namespace, { labelSelector: selectors.labelSelector ?? '', fieldSelector: selectors.fieldSelector ?? '' }] as const;
  },
  /** A namespace's ControllerRevisions as a workload's history reads them, per resourceVersion of the workload. */
  controllerRevisions: (context: string, namespace: string, workloadResourceVersion: string | undefined) =>
    ['k8s', context, 'controllerrevisions', namespace, workloadResourceVersion ?? ''] as const,
  /** A plain JSON GET of an object or a whole list, not watched (a comparison's sides, a workload's template). */
  snapshot: (context: string, apiPath: string) => ['k8s', context, 'snapshot', apiPath] as const,
  /** One object at its API path. */
  object: (context: string, objectPath: string) => {
    const { gvr, namespace, name } = pathParts(objectPath);
    return ['k8s', context, 'object', gvr, namespace, name] as const;
  },
  /** The object's own Table row (what `kubectl get` prints for it), per resourceVersion of the object. */
  printedRow: (context: string, objectPath: string, resourceVersion: string | undefined) =>
    [...k8sKeys.object(context, objectPath), 'printed', resourceVersion ?? ''] as const,
  /** The scale subresource of an object, per resourceVersion of the object (the Scale shares it). */
  scale: (context: string, objectPath: string, resourceVersion: string | undefined) =>
    [...k8sKeys.object(context, objectPath), 'scale', resourceVersion ?? ''] as const,
  /** core/v1 Events about one object (namespace null: a cluster-scoped object, events from every namespace). */
  events: (context: string, namespace: string | null, involvedObject: { name: string; uid: string }) =>
    ['k8s', context, 'events', namespace, { involvedObjectName: involvedObject.name, involvedObjectUid: involvedObject.uid }] as const,
  /** A metrics.k8s.io PodMetricsList / NodeMetricsList beside a list (namespace null: all namespaces or nodes). */
  metrics: (context: string, metricsListPath: string) => {
    const { gvr, namespace } = pathParts(metricsListPath);
    return ['k8s', context, 'metrics', gvr, namespace] as const;
  },
  /** Names (namespace, name) of a collection's first objects, for finding objects by name. */
  names: (context: string, collectionPath: string) => {
    const { gvr, namespace } = pathParts(collectionPath);
    return ['k8s', context, 'names', gvr, namespace] as const;
  },
  /** The OpenAPI schema of one kind (JSON Schema for the editor, list merge keys for merges). */
  kindSchema: (context: string, apiVersion: string, kind: string) => ['k8s', context, 'openapi', apiVersion, kind] as const,
  /** Explain of one resource version (gvrKey): its schema, or the deprecation warnings a probe of its collection got. */
  explain: (context: string, gvr: string, part: 'schema' | 'deprecation') => ['k8s', context, 'explain', gvr, part] as const,
  /** Mutation: the PUT of an edited object (one at a time). */
  update: (context: string, objectPath: string) => [...k8sKeys.object(context, objectPath), 'update'] as const,
  /** Mutation: a POST into a collection, dry run or not (one at a time). */
  create: (context: string, collectionPath: string) => {
    const { gvr, namespace } = pathParts(collectionPath);
    return ['k8s', context, 'create', gvr, namespace] as const;
  },
  /** Helm release Secrets' metadata in a namespace (null: every namespace), narrowed by a label selector. */
  helmReleases: (context: string, namespace: string | null, labelSelector: string) => ['k8s', context, 'helm', 'list', namespace, labelSelector] as const,
  /** One decoded Helm release revision. */
  helmRevision: (context: string, namespace: string, release: string, revision: number) => ['k8s', context, 'helm', 'revision', namespace, release, revision] as const,
  /** The server's kubeconfig contexts: above any one context. */
  contexts: () => ['contexts'] as const,
  /** The pods a Service's selector picks, for forwarding its ports (kubectl port-forward svc/). */
  servicePods: (context: string, namespace: string, labelSelector: string) => ['k8s', context, 'service-pods', namespace, labelSelector] as const,
  /** The kubeglass server's port forwards for this person (every context). */
  portForwards: () => ['port-forwards'] as const,
  /** Every permission answer of one context (dropped together after a contradicting 403). */
  accessAll: (context: string) => ['k8s', context, 'access'] as const,
  /** One SelfSubjectAccessReview answer; key is accessKey(attributes). */
  access: (context: string, key: string) => ['k8s', context, 'access', key] as const,
  /** SelfSubjectRulesReview of one namespace. */
  rules: (context: string, namespace: string) => ['k8s', context, 'access', 'rules', namespace] as const,
  /** SelfSubjectReview: who the server says the user is. */
  self: (context: string) => ['k8s', context, 'self'] as const,
};
