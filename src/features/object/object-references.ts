// Other objects an object points at: owners (metadata.ownerReferences) and spec references (node, service
// account, ConfigMaps, Secrets, PVCs), each resolved to an API path the UI can link to.
import type { KubeObject } from '../../k8s/kube-object';
import type { ResourceIndex } from '../../k8s/discovery/resource-index';
import { parseGroupVersion } from '../../k8s/discovery/gvr';
import { buildApiPath } from '../../k8s/paths';

/** apiVersion + kind -> the resource serving it and whether it is namespaced. */
export type KindResolver = (apiVersion: string, kind: string) => { resource: string; namespaced: boolean } | null;

// Used until discovery answers (and for servers whose discovery failed): the built-in kinds objects refer to most.
const KNOWN_KINDS: Record<string, { resource: string; namespaced: boolean }> = {
  '/Pod': { resource: 'pods', namespaced: true },
  '/Service': { resource: 'services', namespaced: true },
  '/ConfigMap': { resource: 'configmaps', namespaced: true },
  '/Secret': { resource: 'secrets', namespaced: true },
  '/ServiceAccount': { resource: 'serviceaccounts', namespaced: true },
  '/PersistentVolumeClaim': { resource: 'persistentvolumeclaims', namespaced: true },
  '/PersistentVolume': { resource: 'persistentvolumes', namespaced: false },
  '/Node': { resource: 'nodes', namespaced: false },
  '/Namespace': { resource: 'namespaces', namespaced: false },
  '/Endpoints': { resource: 'endpoints', namespaced: true },
  '/Event': { resource: 'events', namespaced: true },
  '/ReplicationController': { resource: 'replicationcontrollers', namespaced: true },
  'apps/Deployment': { resource: 'deployments', namespaced: true },
  'apps/ReplicaSet': { resource: 'replicasets', namespaced: true },
  'apps/StatefulSet': { resource: 'statefulsets', namespaced: true },
  'apps/DaemonSet': { resource: 'daemonsets', namespaced: true },
  'apps/ControllerRevision': { resource: 'controllerrevisions', namespaced: true },
  'batch/Job': { resource: 'jobs', namespaced: true },
  'batch/CronJob': { resource: 'cronjobs', namespaced: true },
};

/** Resolves core, apps and batch kinds without discovery; null for anything else. */
export const fallbackKindResolver: KindResolver = (apiVersion, kind) => {
  const { group } = parseGroupVersion(apiVersion);
  return KNOWN_KINDS[`${group}/${kind}`] ?? null;
};

/** Resolves through discovery (exact group/version/kind), falling back to the built-in table. */
export function discoveryKindResolver(index: ResourceIndex | undefined): KindResolver {
  if (!index) return fallbackKindResolver;
  return (apiVersion, kind) => {
    const { group, version } = parseGroupVersion(apiVersion);
    const found = index.resources.find((r) => r.group === group && r.version === version && r.kind === kind);
    return found ? { resource: found.resource, namespaced: found.namespaced } : fallbackKindResolver(apiVersion, kind);
  };
}

/** API path of an object given its apiVersion, kind, name and (for namespaced kinds) namespace; null when the kind is unknown. */
export function objectPathFor(resolve: KindResolver, apiVersion: string, kind: string, name: string, namespace: string | null): string | null {
  const resolved = resolve(apiVersion, kind);
  if (!resolved) return null;
  if (resolved.namespaced && namespace === null) return null;
  const { group, version } = parseGroupVersion(apiVersion);
  return buildApiPath({ group, version, resource: resolved.resource, namespace: resolved.namespaced ? namespace : null, name, subresource: null });
}

export interface OwnerLink {
  apiVersion: string;
  kind: string;
  name: string;
  controller: boolean;
  /** null when the owner's kind could not be resolved to a resource. */
  apiPath: string | null;
}

interface OwnerReference {
  apiVersion?: unknown;
  kind?: unknown;
  name?: unknown;
  controller?: unknown;
}

/** metadata.ownerReferences with API paths. Owners live in the object's namespace or are cluster-scoped. */
export function ownerLinks(object: KubeObject, resolve: KindResolver): OwnerLink[] {
  const refs = object.metadata.ownerReferences;
  if (!Array.isArray(refs)) return [];
  const namespace = object.metadata.namespace ?? null;
  return (refs as OwnerReference[]).flatMap((ref) => {
    if (typeof ref.apiVersion !== 'string' || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return [];
    return [
      {
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        name: ref.name,
        controller: ref.controller === true,
        apiPath: objectPathFor(resolve, ref.apiVersion, ref.kind, ref.name, namespace),
      },
    ];
  });
}

export interface ObjectReference {
  kind: string;
  name: string;
  /** null for cluster-scoped targets (nodes, persistent volumes). */
  namespace: string | null;
  apiPath: string;
  /** Every field that names it, e.g. `spec.volumes[0].configMap`, `spec.containers[1].envFrom[0].secretRef`. */
  fields: string[];
}

type Json = Record<string, unknown>;

function obj(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function arr(value: unknown): Json[] {
  return Array.isArray(value) ? value.flatMap((v) => (obj(v) ? [v as Json] : [])) : [];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const CORE_TARGETS: Record<string, { resource: string; namespaced: boolean }> = {
  Node: { resource: 'nodes', namespaced: false },
  ServiceAccount: { resource: 'serviceaccounts', namespaced: true },
  ConfigMap: { resource: 'configmaps', namespaced: true },
  Secret: { resource: 'secrets', namespaced: true },
  PersistentVolumeClaim: { resource: 'persistentvolumeclaims', namespaced: true },
  PersistentVolume: { resource: 'persistentvolumes', namespaced: false },
};

type TargetKind = keyof typeof CORE_TARGETS;

class Collector {
  readonly refs = new Map<string, ObjectReference>();
  constructor(private readonly namespace: string | null) {}

  add(kind: TargetKind, name: string | undefined, field: string, namespace: string | null = this.namespace): void {
    if (!name) return;
    const target = CORE_TARGETS[kind];
    if (!target) return;
    const ns = target.namespaced ? namespace : null;
    if (target.namespaced && ns === null) return;
    const apiPath = buildApiPath({ group: '', version: 'v1', resource: target.resource, namespace: ns, name, subresource: null });
    const existing = this.refs.get(apiPath);
    if (existing) existing.fields.push(field);
    else this.refs.set(apiPath, { kind, name, namespace: ns, apiPath, fields: [field] });
  }
}

// Kinds whose spec.template is a PodTemplateSpec.
const TEMPLATE_KINDS = new Set(['apps/Deployment', 'apps/ReplicaSet', 'apps/StatefulSet', 'apps/DaemonSet', 'batch/Job', '/ReplicationController']);

// Where each workload kind keeps its pod template's spec.
function podSpecOf(object: KubeObject): { spec: Json; at: string } | undefined {
  const spec = obj(object.spec);
  if (!spec) return undefined;
  const group = parseGroupVersion(object.apiVersion ?? '').group;
  if (object.kind === 'Pod' && group === '') return { spec, at: 'spec' };
  if (object.kind === 'CronJob' && group === 'batch') {
    const podSpec = obj(obj(obj(obj(spec.jobTemplate)?.spec)?.template)?.spec);
    return podSpec ? { spec: podSpec, at: 'spec.jobTemplate.spec.template.spec' } : undefined;
  }
  if (!TEMPLATE_KINDS.has(`${group}/${object.kind ?? ''}`)) return undefined;
  const template = obj(obj(spec.template)?.spec);
  return template ? { spec: template, at: 'spec.template.spec' } : undefined;
}

function collectPodSpec(c: Collector, spec: Json, at: string): void {
  c.add('Node', str(spec.nodeName), `${at}.nodeName`);
  c.add('ServiceAccount', str(spec.serviceAccountName) ?? str(spec.serviceAccount), `${at}.serviceAccountName`);
  arr(spec.imagePullSecrets).forEach((s, i) => c.add('Secret', str(s.name), `${at}.imagePullSecrets[${i}]`));
  arr(spec.volumes).forEach((v, i) => {
    const vat = `${at}.volumes[${i}]`;
    c.add('ConfigMap', str(obj(v.configMap)?.name), `${vat}.configMap`);
    c.add('Secret', str(obj(v.secret)?.secretName), `${vat}.secret`);
    c.add('PersistentVolumeClaim', str(obj(v.persistentVolumeClaim)?.claimName), `${vat}.persistentVolumeClaim`);
    arr(obj(v.projected)?.sources).forEach((s, j) => {
      c.add('ConfigMap', str(obj(s.configMap)?.name), `${vat}.projected.sources[${j}].configMap`);
      c.add('Secret', str(obj(s.secret)?.name), `${vat}.projected.sources[${j}].secret`);
    });
  });
  for (const list of ['initContainers', 'containers', 'ephemeralContainers'] as const) {
    arr(spec[list]).forEach((container, i) => {
      const cat = `${at}.${list}[${i}]`;
      arr(container.envFrom).forEach((e, j) => {
        c.add('ConfigMap', str(obj(e.configMapRef)?.name), `${cat}.envFrom[${j}].configMapRef`);
        c.add('Secret', str(obj(e.secretRef)?.name), `${cat}.envFrom[${j}].secretRef`);
      });
      arr(container.env).forEach((e, j) => {
        const from = obj(e.valueFrom);
        c.add('ConfigMap', str(obj(from?.configMapKeyRef)?.name), `${cat}.env[${j}].valueFrom.configMapKeyRef`);
        c.add('Secret', str(obj(from?.secretKeyRef)?.name), `${cat}.env[${j}].valueFrom.secretKeyRef`);
      });
    });
  }
}

/** Objects this object's spec names (pods and pod templates of workloads, PVC <-> PV, service accounts' secrets). */
export function objectReferences(object: KubeObject): ObjectReference[] {
  const namespace = object.metadata.namespace ?? null;
  const c = new Collector(namespace);
  const group = parseGroupVersion(object.apiVersion ?? '').group;
  const podSpec = podSpecOf(object);
  if (podSpec) collectPodSpec(c, podSpec.spec, podSpec.at);
  if (group === '' && object.kind === 'PersistentVolumeClaim') c.add('PersistentVolume', str(obj(object.spec)?.volumeName), 'spec.volumeName');
  if (group === '' && object.kind === 'PersistentVolume') {
    const claim = obj(obj(object.spec)?.claimRef);
    c.add('PersistentVolumeClaim', str(claim?.name), 'spec.claimRef', str(claim?.namespace) ?? null);
  }
  if (group === '' && object.kind === 'ServiceAccount') {
    arr(object.secrets).forEach((s, i) => c.add('Secret', str(s.name), `secrets[${i}]`));
    arr(object.imagePullSecrets).forEach((s, i) => c.add('Secret', str(s.name), `imagePullSecrets[${i}]`));
  }
  return [...c.refs.values()];
}
