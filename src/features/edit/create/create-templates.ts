// Starting points for a new object: templates for common kinds, and for any other kind (CRDs included) a
// skeleton with apiVersion, kind, metadata and the top-level fields the kind's schema marks required.
import type { KubeObject } from '../../../k8s/kube-object';
import { formatGroupVersion } from '../../../k8s/discovery/gvr';
import type { JsonSchema } from '../../../k8s/openapi';
import { ownValue, setOwn } from '../../../k8s/own-properties';
import { toYaml } from '../../../writes/draft/editable-object';

/** The collection a new object goes into. */
export interface CreateTarget {
  group: string;
  version: string;
  kind: string;
  namespaced: boolean;
  /** Namespace the template fills in (namespaced kinds only). */
  namespace: string | null;
}

export interface CreateTemplate {
  /** Stable id, kept with the draft. */
  id: string;
  /** What the picker shows. */
  label: string;
  object: KubeObject;
}

type Metadata = KubeObject['metadata'];
type Build = (metadata: (naming: Naming) => Metadata) => Record<string, unknown>;
type Naming = { name: string } | { generateName: string };

interface KindTemplate {
  id: string;
  label: string;
  /** Versions whose schema the template fits; all when absent. */
  versions?: string[];
  build: Build;
}

const APP = 'web';
const IMAGE = 'nginx:1.27';
const appLabels = { app: APP };

const container = (extra: Record<string, unknown> = {}) => ({
  name: APP,
  image: IMAGE,
  ...extra,
});

const podTemplate = (extra: Record<string, unknown> = {}) => ({
  metadata: { labels: appLabels },
  spec: { containers: [container({ ports: [{ containerPort: 80 }], ...extra })] },
});

/** A workload's selector and the pod template it selects: one label on both, as the API requires them to match. */
const selectedPods = (app: string, container: Record<string, unknown>) => ({
  selector: { matchLabels: { app } },
  template: { metadata: { labels: { app } }, spec: { containers: [container] } },
});

const jobSpec = () => ({
  backoffLimit: 2,
  template: {
    spec: {
      restartPolicy: 'Never',
      containers: [{ name: 'job', image: 'busybox:1.36', command: ['sh', '-c', 'echo hello from $HOSTNAME'] }],
    },
  },
});

// Keyed by `group/Kind`.
const KIND_TEMPLATES: Record<string, KindTemplate[]> = {
  '/ConfigMap': [{ id: 'configmap', label: 'ConfigMap with two keys', build: (m) => ({ metadata: m({ generateName: 'config-' }), data: { 'app.mode': 'dev', 'settings.yaml': 'logLevel: info\n' } }) }],
  '/Secret': [
    {
      id: 'secret-opaque',
      label: 'Opaque Secret (stringData: plain text, stored base64)',
      build: (m) => ({ metadata: m({ generateName: 'secret-' }), type: 'Opaque', stringData: { username: 'admin', password: 'change-me' } }),
    },
    {
      id: 'secret-tls',
      label: 'TLS Secret (paste PEM certificate and key)',
      build: (m) => ({ metadata: m({ generateName: 'tls-' }), type: 'kubernetes.io/tls', stringData: { 'tls.crt': '', 'tls.key': '' } }),
    },
  ],
  'apps/Deployment': [
    {
      id: 'deployment',
      label: 'Deployment (nginx, 2 replicas)',
      build: (m) => ({ metadata: m({ generateName: `${APP}-` }), spec: { replicas: 2, selector: { matchLabels: appLabels }, template: podTemplate() } }),
    },
  ],
  'apps/StatefulSet': [
    {
      id: 'statefulset',
      label: 'StatefulSet with a volume per replica',
      build: (m) => ({
        metadata: m({ name: 'db' }),
        spec: {
          serviceName: 'db',
          replicas: 1,
          ...selectedPods('db', { name: 'db', image: IMAGE, volumeMounts: [{ name: 'data', mountPath: '/data' }] }),
          volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
        },
      }),
    },
  ],
  'apps/DaemonSet': [
    {
      id: 'daemonset',
      label: 'DaemonSet (one pod per node)',
      build: (m) => ({ metadata: m({ generateName: 'agent-' }), spec: selectedPods('agent', { name: 'agent', image: 'busybox:1.36', command: ['sleep', 'infinity'] }) }),
    },
  ],
  '/Service': [
    {
      id: 'service-clusterip',
      label: 'Service, ClusterIP',
      build: (m) => ({ metadata: m({ name: APP }), spec: { type: 'ClusterIP', selector: appLabels, ports: [{ name: 'http', port: 80, targetPort: 80 }] } }),
    },
    {
      id: 'service-nodeport',
      label: 'Service, NodePort',
      build: (m) => ({ metadata: m({ name: `${APP}-nodeport` }), spec: { type: 'NodePort', selector: appLabels, ports: [{ name: 'http', port: 80, targetPort: 80 }] } }),
    },
    {
      id: 'service-headless',
      label: 'Service, headless (for a StatefulSet)',
      build: (m) => ({ metadata: m({ name: 'db' }), spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ name: 'tcp', port: 5432 }] } }),
    },
  ],
  'networking.k8s.io/Ingress': [
    {
      id: 'ingress',
      label: 'Ingress for one host',
      versions: ['v1'],
      build: (m) => ({
        metadata: m({ name: APP }),
        spec: {
          rules: [
            {
              host: 'web.example.com',
              http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: APP, port: { number: 80 } } } }] },
            },
          ],
        },
      }),
    },
  ],
  'batch/Job': [{ id: 'job', label: 'Job (runs once)', build: (m) => ({ metadata: m({ generateName: 'job-' }), spec: jobSpec() }) }],
  'batch/CronJob': [
    {
      id: 'cronjob',
      label: 'CronJob (every 15 minutes)',
      build: (m) => ({ metadata: m({ generateName: 'cron-' }), spec: { schedule: '*/15 * * * *', concurrencyPolicy: 'Forbid', jobTemplate: { spec: jobSpec() } } }),
    },
  ],
  '/Pod': [{ id: 'pod', label: 'Pod (one container)', build: (m) => ({ metadata: m({ generateName: `${APP}-` }), spec: podTemplate().spec }) }],
  '/Namespace': [{ id: 'namespace', label: 'Namespace', build: (m) => ({ metadata: m({ name: 'team-a' }) }) }],
  '/ServiceAccount': [{ id: 'serviceaccount', label: 'ServiceAccount', build: (m) => ({ metadata: m({ name: 'app-sa' }) }) }],
  '/PersistentVolumeClaim': [
    {
      id: 'pvc',
      label: 'PersistentVolumeClaim, 1Gi ReadWriteOnce',
      build: (m) => ({ metadata: m({ name: 'data' }), spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }),
    },
  ],
  'rbac.authorization.k8s.io/Role': [
    {
      id: 'role',
      label: 'Role: read pods and their logs',
      build: (m) => ({
        metadata: m({ name: 'pod-reader' }),
        rules: [
          { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] },
          { apiGroups: [''], resources: ['pods/log'], verbs: ['get'] },
        ],
      }),
    },
  ],
  'rbac.authorization.k8s.io/RoleBinding': [
    {
      id: 'rolebinding',
      label: 'RoleBinding of a Role to a ServiceAccount',
      build: (m) => {
        const metadata = m({ name: 'pod-reader' });
        return {
          metadata,
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
          subjects: [{ kind: 'ServiceAccount', name: 'app-sa', namespace: metadata.namespace ?? 'default' }],
        };
      },
    },
  ],
  'rbac.authorization.k8s.io/ClusterRole': [
    {
      id: 'clusterrole',
      label: 'ClusterRole: read nodes',
      build: (m) => ({ metadata: m({ name: 'node-reader' }), rules: [{ apiGroups: [''], resources: ['nodes'], verbs: ['get', 'list', 'watch'] }] }),
    },
  ],
  'rbac.authorization.k8s.io/ClusterRoleBinding': [
    {
      id: 'clusterrolebinding',
      label: 'ClusterRoleBinding to a ServiceAccount',
      build: (m) => ({
        metadata: m({ name: 'node-reader' }),
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'node-reader' },
        subjects: [{ kind: 'ServiceAccount', name: 'app-sa', namespace: 'default' }],
      }),
    },
  ],
  'networking.k8s.io/NetworkPolicy': [
    {
      id: 'networkpolicy-deny',
      label: 'NetworkPolicy: deny all ingress',
      build: (m) => ({ metadata: m({ name: 'deny-ingress' }), spec: { podSelector: {}, policyTypes: ['Ingress'] } }),
    },
  ],
  'policy/PodDisruptionBudget': [
    {
      id: 'pdb',
      label: 'PodDisruptionBudget: keep one pod',
      build: (m) => ({ metadata: m({ name: APP }), spec: { minAvailable: 1, selector: { matchLabels: appLabels } } }),
    },
  ],
  'autoscaling/HorizontalPodAutoscaler': [
    {
      id: 'hpa-v2',
      label: 'HorizontalPodAutoscaler on CPU',
      versions: ['v2', 'v2beta2'],
      build: (m) => ({
        metadata: m({ name: APP }),
        spec: {
          scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: APP },
          minReplicas: 1,
          maxReplicas: 5,
          metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
        },
      }),
    },
    {
      id: 'hpa-v1',
      label: 'HorizontalPodAutoscaler on CPU',
      versions: ['v1'],
      build: (m) => ({
        metadata: m({ name: APP }),
        spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: APP }, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
      }),
    },
  ],
  '/ResourceQuota': [
    {
      id: 'resourcequota',
      label: 'ResourceQuota for pods, CPU and memory',
      build: (m) => ({ metadata: m({ name: 'quota' }), spec: { hard: { pods: '20', 'requests.cpu': '4', 'requests.memory': '8Gi' } } }),
    },
  ],
  '/LimitRange': [
    {
      id: 'limitrange',
      label: 'LimitRange with container defaults',
      build: (m) => ({
        metadata: m({ name: 'defaults' }),
        spec: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' } }] },
      }),
    },
  ],
};

export const SKELETON_ID = 'skeleton';

const TOP_LEVEL_OWN = new Set(['apiVersion', 'kind', 'metadata', 'status']);
const MAX_DEPTH = 4;

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows `#/definitions/` refs and single-element allOf wrappers (how fetchKindSchema writes them). */
function resolve(schema: Schema, root: JsonSchema, depth = 0): Schema {
  if (depth > 16) return schema;
  const ref = schema.$ref;
  const definitions = root.definitions;
  if (typeof ref === 'string' && ref.startsWith('#/definitions/') && isSchema(definitions)) {
    const target = definitions[ref.slice('#/definitions/'.length)];
    return isSchema(target) ? resolve({ ...target, ...withoutRef(schema) }, root, depth + 1) : schema;
  }
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isSchema(allOf[0])) {
    const { allOf: _allOf, ...siblings } = schema;
    return resolve({ ...allOf[0], ...siblings }, root, depth + 1);
  }
  return schema;
}

function withoutRef(schema: Schema): Schema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function requiredNames(schema: Schema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
}

/** A value that satisfies the field's type: its default or first enum value, else an empty one to fill in. */
function placeholder(field: Schema, root: JsonSchema, depth: number): unknown {
  const s = resolve(field, root);
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s['x-kubernetes-int-or-string'] === true || Array.isArray(s.anyOf)) return '';
  switch (s.type) {
    case 'array':
      return [];
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return isSchema(s.properties) && depth < MAX_DEPTH ? requiredFields(s, root, depth + 1, new Set()) : {};
  }
}

function requiredFields(schema: Schema, root: JsonSchema, depth: number, skip: Set<string>): Record<string, unknown> {
  const props = isSchema(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const name of requiredNames(schema)) {
    if (skip.has(name)) continue;
    const field = ownValue(props, name);
    setOwn(out, name, isSchema(field) ? placeholder(field, root, depth) : '');
  }
  return out;
}

/** The fields besides apiVersion/kind/metadata/status the kind's schema requires, with placeholder values. */
export function requiredTopLevelFields(schema: JsonSchema | null): Record<string, unknown> {
  if (!schema) return {};
  return requiredFields(resolve(schema, schema), schema, 1, TOP_LEVEL_OWN);
}

function metadataFor(target: CreateTarget): (naming: Naming) => Metadata {
  return (naming) => ({ ...naming, ...(target.namespaced && target.namespace !== null ? { namespace: target.namespace } : {}) });
}

/** The templates offered for a collection: the kind's own first (when it has some), the skeleton last. */
export function templatesFor(target: CreateTarget, schema: JsonSchema | null): CreateTemplate[] {
  const apiVersion = formatGroupVersion(target.group, target.version);
  const metadata = metadataFor(target);
  const withTypeMeta = (body: Record<string, unknown>): KubeObject => ({ apiVersion, kind: target.kind, ...body }) as KubeObject;
  const own = (KIND_TEMPLATES[`${target.group}/${target.kind}`] ?? [])
    .filter((t) => !t.versions || t.versions.includes(target.version))
    .map((t) => ({ id: t.id, label: t.label, object: withTypeMeta(t.build(metadata)) }));
  const skeleton: CreateTemplate = {
    id: SKELETON_ID,
    label: own.length > 0 ? 'Minimal (apiVersion, kind, metadata)' : `Minimal ${target.kind}`,
    object: withTypeMeta({ metadata: metadata({ generateName: `${target.kind.toLowerCase()}-` }), ...requiredTopLevelFields(schema) }),
  };
  return [...own, skeleton];
}

/** The template's text as the editor shows it. */
export function templateText(template: CreateTemplate): string {
  return toYaml(template.object);
}
