// apiextensions.k8s.io/v1 CustomResourceDefinitions: defaulting, the basic validation of the 1.20
// apiextensions-apiserver, and a status that only the status subresource (and the controller) writes.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import { keepStatus, recordedType } from './define.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** SetDefaults for v1 CRDs: singular, listKind and conversion strategy. */
function defaultCrd(o: KubeObject): void {
  const spec = obj(o.spec);
  o.spec = spec;
  const names = obj(spec.names);
  spec.names = names;
  if (str(names.singular) === '' && str(names.kind) !== '') names.singular = str(names.kind).toLowerCase();
  if (str(names.listKind) === '' && str(names.kind) !== '') names.listKind = `${str(names.kind)}List`;
  if (!isPlainObject(spec.conversion)) spec.conversion = { strategy: 'None' };
}

/** The subset of ValidateCustomResourceDefinition that clients trip over; messages as the real server words them. */
function validateCrd(o: KubeObject): FieldError[] {
  const spec = obj(o.spec);
  const names = obj(spec.names);
  const errors: FieldError[] = [];
  const name = o.metadata.name ?? '';
  const group = str(spec.group);
  const plural = str(names.plural);
  if (name !== `${plural}.${group}`) {
    errors.push({ type: 'FieldValueInvalid', field: 'metadata.name', value: name, detail: 'must be spec.names.plural+"."+spec.group' });
  }
  if (group === '') errors.push({ type: 'FieldValueRequired', field: 'spec.group', detail: '' });
  else if (!group.includes('.')) errors.push({ type: 'FieldValueInvalid', field: 'spec.group', value: group, detail: 'should be a domain with at least one dot' });
  const scope = str(spec.scope);
  if (scope !== 'Cluster' && scope !== 'Namespaced') {
    errors.push({ type: 'FieldValueNotSupported', field: 'spec.scope', value: scope, detail: 'supported values: "Cluster", "Namespaced"' });
  }
  if (plural === '') errors.push({ type: 'FieldValueRequired', field: 'spec.names.plural', detail: '' });
  if (str(names.kind) === '') errors.push({ type: 'FieldValueRequired', field: 'spec.names.kind', detail: '' });
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isPlainObject) : [];
  if (versions.length === 0) errors.push({ type: 'FieldValueRequired', field: 'spec.versions', detail: 'must have exactly one version marked as storage version' });
  else if (versions.filter((v) => v.storage === true).length !== 1) {
    errors.push({ type: 'FieldValueInvalid', field: 'spec.versions', value: versions.map((v) => str(v.name)), detail: 'must have exactly one version marked as storage version' });
  }
  return errors;
}

/** The status a new CRD is stored with, before the controller accepts its names. */
function initialStatus(o: KubeObject): JsonObject {
  const versions = Array.isArray(obj(o.spec).versions) ? (obj(o.spec).versions as unknown[]).filter(isPlainObject) : [];
  const storage = versions.find((v) => v.storage === true);
  return { acceptedNames: { kind: '', plural: '' }, conditions: null, storedVersions: storage ? [str(storage.name)] : [] };
}

/** The row of apiextensions' CRD table convertor (1.37): served versions sorted, "(storage)" on the stored one. */
function crdCells(o: KubeObject): unknown[] {
  const spec = obj(o.spec);
  const names = obj(spec.names);
  const versions = (Array.isArray(spec.versions) ? spec.versions.filter(isPlainObject) : [])
    .filter((v) => v.served === true)
    .map((v) => `${str(v.name)}${v.storage === true ? '(storage)' : ''}`)
    .sort();
  const shortNames = Array.isArray(names.shortNames) ? names.shortNames.map(String).join(',') : '';
  const conditions = Array.isArray(obj(o.status).conditions) ? (obj(o.status).conditions as unknown[]).filter(isPlainObject) : [];
  const established = conditions.some((c) => c.type === 'Established' && c.status === 'True');
  return [o.metadata.name ?? '', str(spec.scope), versions.join(','), o.metadata.creationTimestamp ?? null, str(spec.group), str(names.kind), shortNames, established];
}

export const customresourcedefinitions: ResourceType = recordedType('apiextensions.k8s.io/v1', 'customresourcedefinitions', {
  hasGeneration: true,
  zeroValue: { spec: { group: '', names: { plural: '', kind: '' }, scope: '', versions: null }, status: { conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: null } },
  nameRule: 'subdomain',
  cells: crdCells,
  defaults: defaultCrd,
  validate: validateCrd,
  prepareForCreate(o) {
    o.status = initialStatus(o);
  },
  prepareForUpdate: keepStatus,
});
