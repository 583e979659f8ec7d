// storagemigration.k8s.io/v1 StorageVersionMigrations (status subresource), with the checks of their strategy:
// spec.resource names a resource, the spec is immutable, and a migration cannot both succeed and fail.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject, jsonEqual } from './types.js';
import { recordedType, statusStrategy } from './define.js';
import { dns1035LabelErrors, dns1123SubdomainErrors } from '../validation/names.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** Whether a condition of this type is True (meta.FindStatusCondition). */
function conditionTrue(o: KubeObject, type: string): boolean {
  const conditions = obj(o.status).conditions;
  return Array.isArray(conditions) && conditions.some((c) => isPlainObject(c) && c.type === type && c.status === 'True');
}

/** ValidateStorageVersionMigration, ValidateStorageVersionMigrationUpdate and the status update's condition rules. */
function validateMigration(o: KubeObject, old: KubeObject | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const resource = obj(obj(o.spec).resource);
  const name = typeof resource.resource === 'string' ? resource.resource : '';
  const group = typeof resource.group === 'string' ? resource.group : '';
  if (name === '') errors.push({ type: 'FieldValueRequired', field: 'spec.resource.resource', hasValue: false, detail: 'resource is required to be set' });
  else {
    const errs = dns1035LabelErrors(name);
    if (errs.length > 0) errors.push({ type: 'FieldValueInvalid', field: 'spec.resource.resource', value: name, detail: errs.join(',') });
  }
  if (group !== '') {
    const errs = dns1123SubdomainErrors(group);
    if (errs.length > 0) errors.push({ type: 'FieldValueInvalid', field: 'spec.resource.group', value: group, detail: errs.join(',') });
  }
  if (!old) return errors;
  // The value is the internal Go struct, whose Resource field has no JSON name of its own.
  if (!jsonEqual(o.spec ?? {}, old.spec ?? {})) errors.push({ type: 'FieldValueInvalid', field: 'spec', value: { Resource: { group, resource: name } }, detail: 'field is immutable' });
  const conditions = obj(o.status).conditions;
  const succeeded = conditionTrue(o, 'Succeeded');
  const failed = conditionTrue(o, 'Failed');
  if (succeeded && failed) errors.push({ type: 'FieldValueInvalid', field: 'status.conditions', value: conditions, detail: 'Both success and failed conditions cannot be true at the same time' });
  if (conditionTrue(old, 'Succeeded') && !succeeded) errors.push({ type: 'FieldValueInvalid', field: 'status.conditions', value: conditions, detail: 'Success condition cannot be set to false once it is true' });
  if (conditionTrue(old, 'Failed') && !failed) errors.push({ type: 'FieldValueInvalid', field: 'status.conditions', value: conditions, detail: 'Failed condition cannot be set to false once it is true' });
  return errors;
}

export const storageversionmigrations: ResourceType = recordedType('storagemigration.k8s.io/v1', 'storageversionmigrations', {
  hasGeneration: false,
  zeroValue: { spec: { resource: { group: '', resource: '' } }, status: {} },
  nameRule: 'subdomain',
  // storagemigration.k8s.io came in 1.30 (v1alpha1), v1 in 1.37.
  beyondRecorded: '1.30',
  ...statusStrategy({}),
  validate: validateMigration,
});
