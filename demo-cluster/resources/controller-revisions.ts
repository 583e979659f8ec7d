// apps/v1 ControllerRevisions: the immutable template snapshots of StatefulSets and DaemonSets
// (controllers/revision-controller.ts writes them; ValidateControllerRevision(Update) in apps validation).
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { KubeObject } from './types.js';
import { jsonEqual } from './types.js';
import { recordedType } from './define.js';
import { controllerRevisionCells, controllerRevisionColumns } from '../tables/printers-extra.js';

function validateControllerRevision(o: KubeObject, old: KubeObject | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (o.data === undefined || o.data === null) errors.push({ type: 'FieldValueRequired', field: 'data', hasValue: false, detail: 'data is mandatory' });
  if (typeof o.revision === 'number' && o.revision < 0) errors.push({ type: 'FieldValueInvalid', field: 'revision', value: o.revision, detail: 'must be greater than or equal to 0' });
  if (old && !jsonEqual(o.data, old.data)) errors.push({ type: 'FieldValueInvalid', field: 'data', value: o.data, detail: 'field is immutable' });
  return errors;
}

export const controllerrevisions: ResourceType = recordedType('apps/v1', 'controllerrevisions', {
  hasGeneration: false,
  zeroValue: { revision: 0 },
  nameRule: 'subdomain',
  columns: controllerRevisionColumns,
  cells: controllerRevisionCells,
  validate: validateControllerRevision,
});
