// core/v1 ResourceQuotas (status subresource): spec.hard quantities decode to their canonical text, as a
// resource.Quantity does; status is written by the quota controller and the quota admission (controllers/quota*.ts).
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';
import { recordedType, statusStrategy } from './define.js';
import { parseQuantity, quantityString } from './quantity.js';
import { resourceQuotaCells, resourceQuotaColumns } from '../tables/printers-extra.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

/** A ResourceList with every quantity in canonical form. */
export function canonicalList(list: unknown): JsonObject {
  return Object.fromEntries(Object.entries(obj(list)).map(([k, v]) => [k, quantityString(v)]));
}

const SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity', 'VolumeAttributesClass'];

export const resourcequotas: ResourceType = recordedType('v1', 'resourcequotas', {
  hasGeneration: false,
  zeroValue: { spec: {}, status: {} },
  nameRule: 'subdomain',
  columns: resourceQuotaColumns,
  cells: resourceQuotaCells,
  defaults(o) {
    const spec = obj(o.spec);
    if (isPlainObject(spec.hard)) o.spec = { ...spec, hard: canonicalList(spec.hard) };
    if (isPlainObject(o.status)) {
      const status = obj(o.status);
      o.status = { ...status, ...(isPlainObject(status.hard) ? { hard: canonicalList(status.hard) } : {}), ...(isPlainObject(status.used) ? { used: canonicalList(status.used) } : {}) };
    }
  },
  ...statusStrategy({}),
  validate(o) {
    const errors: FieldError[] = [];
    const spec = obj(o.spec);
    for (const [name, value] of Object.entries(obj(spec.hard))) {
      const q = parseQuantity(value);
      if (q && q.nanos < 0n) errors.push({ type: 'FieldValueInvalid', field: `spec.hard[${name}]`, value: String(value), detail: 'must be greater than or equal to 0' });
    }
    (Array.isArray(spec.scopes) ? spec.scopes : []).forEach((scope, i) => {
      if (!SCOPES.includes(String(scope))) {
        errors.push({ type: 'FieldValueNotSupported', field: `spec.scopes[${i}]`, value: String(scope), detail: `supported values: ${SCOPES.map((s) => `"${s}"`).join(', ')}` });
      }
    });
    return errors;
  },
});
