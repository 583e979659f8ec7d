// The resource types a CustomResourceDefinition serves: one per served version, sharing storage,
// with the custom-resource strategy (status subresource split, resourceVersion required on PUT, the
// structural schema's defaults and validation; unknown fields are pruned where every body is decoded).
import { createHash } from 'node:crypto';
import { ApiError, failure } from '../http/errors.js';
import { customResourceDefinitions } from '../openapi/crd-definitions.js';
import { customResourcePrinter } from '../tables/crd-printer.js';
import { applySchemaDefaults } from './crd-defaulting.js';
import { validateCustomResource } from './crd-schema-validation.js';
import type { ResourceType, SubresourceDef, Verb } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';

/** Discovery verbs of a custom resource, in the order the 1.20 apiextensions-apiserver lists them. */
const CR_VERBS: Verb[] = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];

/** Custom resources take no strategic merge patch (fixtures/errors/415-strategic-on-custom-resource.json). */
export const CR_PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'];

/** discovery.StorageVersionHash: base64 of the first 8 bytes of sha256("group/version/kind"). */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

/** Kube-aware version order (v2 > v1 > v1beta2 > v1beta1 > v1alpha1 > other): negative when a comes first. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string): [number, number, number] | undefined => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return undefined;
    const level = m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0;
    return [Number(m[1]), level, Number(m[3] ?? 0)];
  };
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  if (pa[1] !== pb[1]) return pb[1] - pa[1];
  if (pa[0] !== pb[0]) return pb[0] - pa[0];
  return pb[2] - pa[2];
}

/** metadata.resourceVersion must be sent on PUT (the CR strategy disallows unconditional updates). */
function requireResourceVersion(t: ResourceType, obj: KubeObject): void {
  const rv = obj.metadata.resourceVersion;
  if (rv !== undefined && rv !== '') return;
  const name = obj.metadata.name ?? '';
  const detail = 'Invalid value: 0: must be specified for an update';
  throw new ApiError(
    failure(422, 'Invalid', `${t.resource}.${t.group} "${name}" is invalid: metadata.resourceVersion: ${detail}`, {
      name,
      group: t.group,
      kind: t.resource,
      causes: [{ reason: 'FieldValueInvalid', message: detail, field: 'metadata.resourceVersion' }],
    }),
  );
}

function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.length > 0 ? v.filter((x): x is string => typeof x === 'string') : undefined;
}

/** Types served by a CRD, preferred version first; empty when the spec lacks names or versions. */
export function customResourceTypes(crd: KubeObject): ResourceType[] {
  const spec = isPlainObject(crd.spec) ? crd.spec : {};
  const names = isPlainObject(spec.names) ? spec.names : {};
  const group = typeof spec.group === 'string' ? spec.group : '';
  const plural = typeof names.plural === 'string' ? names.plural : '';
  const kind = typeof names.kind === 'string' ? names.kind : '';
  if (group === '' || plural === '' || kind === '') return [];
  const versions = (Array.isArray(spec.versions) ? spec.versions : []).filter(isPlainObject);
  const storage = versions.find((v) => v.storage === true);
  const hash = storageVersionHash(group, typeof storage?.name === 'string' ? storage.name : '', kind);
  const served = versions.filter((v) => v.served === true && typeof v.name === 'string');
  served.sort((a, b) => compareVersions(String(a.name), String(b.name)));
  return served.map((v) => customResourceType(spec, names, v, hash));
}

/** The schema root without apiVersion, kind and metadata, which the type's own code defaults. */
function withoutObjectMeta(schema: unknown): unknown {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return schema;
  const { apiVersion: _a, kind: _k, metadata: _m, ...properties } = schema.properties;
  return { ...schema, properties };
}

function customResourceType(spec: JsonObject, names: JsonObject, v: JsonObject, hash: string): ResourceType {
  const group = String(spec.group);
  const version = String(v.name);
  const plural = String(names.plural);
  const kind = String(names.kind);
  const subs = isPlainObject(v.subresources) ? v.subresources : {};
  const hasStatus = isPlainObject(subs.status);
  const subresources: SubresourceDef[] = hasStatus ? [{ name: 'status', kind, verbs: ['get', 'patch', 'update'] }] : [];
  const schema = isPlainObject(v.schema) ? v.schema.openAPIV3Schema : undefined;
  const t: ResourceType = {
    group,
    version,
    resource: plural,
    kind,
    namespaced: spec.scope !== 'Cluster',
    verbs: CR_VERBS,
    storageVersionHash: hash,
    subresources,
    hasGeneration: true,
    zeroValue: {},
    nameRule: 'subdomain',
    printer: customResourcePrinter(v),
    singularName: typeof names.singular === 'string' && names.singular !== '' ? names.singular : kind.toLowerCase(),
    patchTypes: CR_PATCH_TYPES,
    unstructured: true,
    definitions: customResourceDefinitions(group, version, kind, plural, schema),
    defaults(obj) {
      // Main-resource writes never set status when the status subresource is enabled.
      if (hasStatus) delete obj.status;
      applySchemaDefaults(obj, withoutObjectMeta(schema));
    },
    validate: (obj) => validateCustomResource(obj, schema),
    prepareForUpdate(next, old) {
      requireResourceVersion(t, next);
      if (!hasStatus) return;
      if (old.status === undefined) delete next.status;
      else next.status = old.status;
    },
  };
  const shortNames = strings(names.shortNames);
  const categories = strings(names.categories);
  if (shortNames) t.shortNames = shortNames;
  if (categories) t.categories = categories;
  return t;
}
