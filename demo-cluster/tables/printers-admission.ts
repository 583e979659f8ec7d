// Row printers of the admissionregistration.k8s.io/v1 types: ports of 1.37's printers.go (printValidatingWebhook,
// printValidatingAdmissionPolicy, printValidatingAdmissionPolicyBinding and their mutating twins).
import type { TableColumnDefinition } from '../resources/registry.js';
import type { KubeObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { AGE_COLUMN, NAME_COLUMN, column } from './columns.js';
import { arr, labelSelectorString, obj, str } from './format.js';

type Cells = (o: KubeObject, now: number) => unknown[];

const name = (o: KubeObject): string => o.metadata.name ?? '';
const age = (o: KubeObject, now: number): string => ageSince(o.metadata.creationTimestamp, now);

export const webhookConfigurationColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration'),
  AGE_COLUMN,
];

export const webhookConfigurationCells: Cells = (o, now) => [name(o), arr(o.webhooks).length, age(o, now)];

const PARAM_KIND = column('ParamKind', 'string', 'ParamKind specifies the kind of resources used to parameterize this policy');

export const validatingPolicyColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Validations', 'integer', 'Validations indicates the number of validation rules defined in this configuration'),
  PARAM_KIND,
  AGE_COLUMN,
];

export const mutatingPolicyColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('Mutations', 'integer', 'Mutation indicates the number of mutations rules defined in this configuration'),
  PARAM_KIND,
  AGE_COLUMN,
];

function paramKind(o: KubeObject): string {
  const kind = obj(o.spec).paramKind;
  return kind === undefined || kind === null ? '<unset>' : `${str(obj(kind).apiVersion)}/${str(obj(kind).kind)}`;
}

/** Cells of a policy: the count of its `list` field (validations, mutations). */
export const policyCells =
  (list: 'validations' | 'mutations'): Cells =>
  (o, now) => [name(o), arr(obj(o.spec)[list]).length, paramKind(o), age(o, now)];

export const bindingColumns: TableColumnDefinition[] = [
  NAME_COLUMN,
  column('PolicyName', 'string', 'PolicyName indicates the policy definition which the policy binding binded to'),
  column('ParamRef', 'string', 'ParamRef indicates the param resource which sets the configuration param'),
  AGE_COLUMN,
];

function paramRef(o: KubeObject): string {
  const ref = obj(o.spec).paramRef;
  if (ref === undefined || ref === null) return '<unset>';
  const r = obj(ref);
  // A name without a namespace may name a cluster-scoped param: printed as */name.
  if (str(r.name) !== '') return str(r.namespace) !== '' ? `${str(r.namespace)}/${str(r.name)}` : `*/${str(r.name)}`;
  return r.selector !== undefined && r.selector !== null ? labelSelectorString(r.selector) : '<unset>';
}

export const bindingCells: Cells = (o, now) => [name(o), str(obj(o.spec).policyName), paramRef(o), age(o, now)];
