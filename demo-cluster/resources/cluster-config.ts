// coordination.k8s.io/v1 Leases, scheduling.k8s.io/v1 PriorityClasses and flowcontrol.apiserver.k8s.io/v1 FlowSchemas
// and PriorityLevelConfigurations (status subresources), with the defaults and checks of their strategies.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { recordedType, specDefaults, statusStrategy } from './define.js';
import {
  flowSchemaCells,
  flowSchemaColumns,
  flowSchemaOrder,
  leaseCells,
  leaseColumns,
  priorityClassCells,
  priorityClassColumns,
  priorityLevelCells,
  priorityLevelColumns,
} from '../tables/printers-extra.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

export const leases: ResourceType = recordedType('coordination.k8s.io/v1', 'leases', {
  hasGeneration: false,
  zeroValue: { spec: {} },
  nameRule: 'subdomain',
  columns: leaseColumns,
  cells: leaseCells,
});

/** scheduling.HighestUserDefinablePriority. */
const HIGHEST_USER_PRIORITY = 1_000_000_000;

/** The two classes the apiserver creates (scheduling/bootstrap-system-priority-classes). */
export const SYSTEM_PRIORITY_CLASSES = [
  { name: 'system-node-critical', value: 2_000_001_000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2_000_000_000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];

/** IsKnownSystemPriorityClass's error for a system- name, undefined when the class is the known one. */
function systemClassError(name: string, value: unknown, globalDefault: unknown): string | undefined {
  const system = SYSTEM_PRIORITY_CLASSES.find((c) => c.name === name);
  if (!system) return `${name} is not a known system priority class`;
  if (value !== system.value) return `value of ${name} PriorityClass must be ${system.value}`;
  if (globalDefault === true) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

/** ValidatePriorityClass and ValidatePriorityClassUpdate. */
function validatePriorityClass(o: KubeObject, old: KubeObject | undefined): FieldError[] {
  const errors: FieldError[] = [];
  const name = o.metadata.name ?? '';
  if (!old) {
    const systemError = name.startsWith('system-') ? systemClassError(name, o.value, o.globalDefault) : undefined;
    if (systemError) {
      errors.push({ type: 'FieldValueForbidden', field: 'metadata.name', detail: `priority class names with 'system-' prefix are reserved for system use only. error: ${systemError}` });
    } else if (!name.startsWith('system-') && typeof o.value === 'number' && o.value > HIGHEST_USER_PRIORITY) {
      errors.push({ type: 'FieldValueForbidden', field: 'value', detail: `maximum allowed value of a user defined priority is ${HIGHEST_USER_PRIORITY}` });
    }
  } else {
    if (o.value !== old.value) errors.push({ type: 'FieldValueForbidden', field: 'value', detail: 'may not be changed in an update.' });
    if (o.preemptionPolicy !== old.preemptionPolicy) errors.push({ type: 'FieldValueInvalid', field: 'preemptionPolicy', value: o.preemptionPolicy ?? '', detail: 'field is immutable' });
  }
  return errors;
}

export const priorityclasses: ResourceType = recordedType('scheduling.k8s.io/v1', 'priorityclasses', {
  hasGeneration: false,
  zeroValue: { value: 0 },
  nameRule: 'subdomain',
  columns: priorityClassColumns,
  cells: priorityClassCells,
  defaults(o) {
    if (o.preemptionPolicy === undefined || o.preemptionPolicy === null) o.preemptionPolicy = 'PreemptLowerPriority';
  },
  // The strategy starts generation at 1 and never bumps it.
  prepareForCreate(o) {
    o.metadata.generation = 1;
  },
  validate: validatePriorityClass,
});

const flowSchemaType: ResourceType = recordedType('flowcontrol.apiserver.k8s.io/v1', 'flowschemas', {
  hasGeneration: true,
  zeroValue: { spec: { priorityLevelConfiguration: { name: '' } }, status: {} },
  nameRule: 'subdomain',
  defaults: specDefaults((spec) => ({ matchingPrecedence: spec.matchingPrecedence ?? 1000 })),
  ...statusStrategy({}),
  validate(o) {
    const errors: FieldError[] = [];
    const spec = obj(o.spec);
    if (!obj(spec.priorityLevelConfiguration).name) errors.push({ type: 'FieldValueRequired', field: 'spec.priorityLevelConfiguration.name', hasValue: false, detail: 'must reference a priority level' });
    const precedence = spec.matchingPrecedence;
    if (typeof precedence === 'number' && (precedence < 1 || precedence > 10000)) {
      errors.push({ type: 'FieldValueInvalid', field: 'spec.matchingPrecedence', value: precedence, detail: 'must be between 1 and 10000, inclusive' });
    }
    return errors;
  },
});

export const flowschemas: ResourceType = { ...flowSchemaType, printer: { columns: flowSchemaColumns, cells: flowSchemaCells, rowOrder: flowSchemaOrder } };

/** SetDefaults of a Limited level: 30 shares, no lending, queuing 64/8/50 when it queues. */
function defaultLimited(raw: unknown): JsonObject {
  const limited = obj(raw);
  const response = obj(limited.limitResponse);
  const queuing = response.type === 'Queue' ? { queues: 64, handSize: 8, queueLengthLimit: 50, ...obj(response.queuing) } : undefined;
  return {
    ...limited,
    nominalConcurrencyShares: limited.nominalConcurrencyShares ?? 30,
    limitResponse: { ...response, ...(queuing ? { queuing } : {}) },
    lendablePercent: limited.lendablePercent ?? 0,
  };
}

export const prioritylevelconfigurations: ResourceType = recordedType('flowcontrol.apiserver.k8s.io/v1', 'prioritylevelconfigurations', {
  hasGeneration: true,
  zeroValue: { spec: { type: '' }, status: {} },
  nameRule: 'subdomain',
  columns: priorityLevelColumns,
  cells: priorityLevelCells,
  defaults(o) {
    const spec = obj(o.spec);
    o.spec = {
      ...spec,
      ...(isPlainObject(spec.limited) ? { limited: defaultLimited(spec.limited) } : {}),
      ...(isPlainObject(spec.exempt) ? { exempt: { nominalConcurrencyShares: 0, lendablePercent: 0, ...spec.exempt } } : {}),
    };
  },
  ...statusStrategy({}),
  validate(o) {
    const spec = obj(o.spec);
    if (spec.type !== 'Exempt' && spec.type !== 'Limited') {
      return [{ type: 'FieldValueNotSupported', field: 'spec.type', value: spec.type ?? '', detail: 'supported values: "Exempt", "Limited"' }];
    }
    return [];
  },
});
