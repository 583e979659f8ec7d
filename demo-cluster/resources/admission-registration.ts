// admissionregistration.k8s.io/v1: webhook configurations (stored; calling webhooks needs servers the demo does not
// host), ValidatingAdmissionPolicies (status subresource) and MutatingAdmissionPolicies with their bindings, with
// the defaults of pkg/apis/admissionregistration/v1 and the checks of its validation the demo can judge.
// rest/policy-admission.ts enforces the policies.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { keepStatus, recordedType } from './define.js';
import {
  bindingCells,
  bindingColumns,
  mutatingPolicyColumns,
  policyCells,
  validatingPolicyColumns,
  webhookConfigurationCells,
  webhookConfigurationColumns,
} from '../tables/printers-admission.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const GV = 'admissionregistration.k8s.io/v1';

/** SetDefaults_Rule on each rule of a list. */
const withScope = (rules: unknown): unknown => (Array.isArray(rules) ? rules.map((r) => ({ ...obj(r), scope: obj(r).scope ?? '*' })) : rules);

/** SetDefaults_MatchResources (and SetDefaults_Rule on its rules). */
function matchResourcesDefaults(raw: unknown): unknown {
  if (!isPlainObject(raw)) return raw;
  return {
    ...raw,
    namespaceSelector: raw.namespaceSelector ?? {},
    objectSelector: raw.objectSelector ?? {},
    ...(raw.resourceRules !== undefined ? { resourceRules: withScope(raw.resourceRules) } : {}),
    ...(raw.excludeResourceRules !== undefined ? { excludeResourceRules: withScope(raw.excludeResourceRules) } : {}),
    matchPolicy: raw.matchPolicy ?? 'Equivalent',
  };
}

/** SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook (and the service port). */
function webhookDefaults(raw: unknown, mutating: boolean): unknown {
  const hook = obj(raw);
  const clientConfig = obj(hook.clientConfig);
  const service = clientConfig.service;
  return {
    ...hook,
    ...(hook.clientConfig !== undefined ? { clientConfig: isPlainObject(service) ? { ...clientConfig, service: { ...service, port: service.port ?? 443 } } : clientConfig } : {}),
    ...(hook.rules !== undefined ? { rules: withScope(hook.rules) } : {}),
    failurePolicy: hook.failurePolicy ?? 'Fail',
    matchPolicy: hook.matchPolicy ?? 'Equivalent',
    namespaceSelector: hook.namespaceSelector ?? {},
    objectSelector: hook.objectSelector ?? {},
    timeoutSeconds: hook.timeoutSeconds ?? 10,
    ...(mutating ? { reinvocationPolicy: hook.reinvocationPolicy ?? 'Never' } : {}),
  };
}

const SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const quoted = (values: string[]): string => `supported values: ${values.map((v) => `"${v}"`).join(', ')}`;

function notSupported(field: string, value: unknown, values: string[]): FieldError {
  return { type: 'FieldValueNotSupported', field, value, detail: quoted(values) };
}

/** validateValidatingWebhook / validateMutatingWebhook: the checks of what a configuration must state. */
function validateWebhooks(o: KubeObject, mutating: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  arr(o.webhooks).forEach((raw, i) => {
    const hook = obj(raw);
    const at = `webhooks[${i}]`;
    const name = typeof hook.name === 'string' ? hook.name : '';
    if (name === '') errors.push({ type: 'FieldValueRequired', field: `${at}.name`, hasValue: false });
    else if (names.has(name)) errors.push({ type: 'FieldValueDuplicate', field: `${at}.name`, value: name });
    names.add(name);
    const versions = arr(hook.admissionReviewVersions);
    if (versions.length === 0) errors.push({ type: 'FieldValueRequired', field: `${at}.admissionReviewVersions`, hasValue: false, detail: 'must specify one of v1, v1beta1' });
    if (!['Ignore', 'Fail'].includes(String(hook.failurePolicy))) errors.push(notSupported(`${at}.failurePolicy`, hook.failurePolicy, ['Fail', 'Ignore']));
    if (hook.sideEffects === undefined || hook.sideEffects === null) errors.push({ type: 'FieldValueRequired', field: `${at}.sideEffects`, hasValue: false, detail: `must specify one of ${SIDE_EFFECTS.join(', ')}` });
    else if (!SIDE_EFFECTS.includes(String(hook.sideEffects))) errors.push(notSupported(`${at}.sideEffects`, hook.sideEffects, SIDE_EFFECTS));
    if (mutating && !['Never', 'IfNeeded'].includes(String(hook.reinvocationPolicy))) errors.push(notSupported(`${at}.reinvocationPolicy`, hook.reinvocationPolicy, ['IfNeeded', 'Never']));
    const clientConfig = obj(hook.clientConfig);
    if ((clientConfig.url === undefined) === (clientConfig.service === undefined)) {
      errors.push({ type: 'FieldValueRequired', field: `${at}.clientConfig`, hasValue: false, detail: 'exactly one of url or service is required' });
    }
  });
  return errors;
}

/** validateMatchResources on a policy's matchConstraints (required, with resourceRules) or a binding's matchResources. */
function validateMatchResources(raw: unknown, field: string, policy: boolean): FieldError[] {
  if (raw === undefined || raw === null) return policy ? [{ type: 'FieldValueRequired', field, hasValue: false }] : [];
  const m = obj(raw);
  const errors: FieldError[] = [];
  if (policy && arr(m.resourceRules).length === 0) errors.push({ type: 'FieldValueRequired', field: `${field}.resourceRules`, hasValue: false });
  if (!['Exact', 'Equivalent'].includes(String(m.matchPolicy))) errors.push(notSupported(`${field}.matchPolicy`, m.matchPolicy, ['Equivalent', 'Exact']));
  for (const key of ['resourceRules', 'excludeResourceRules']) {
    arr(m[key]).forEach((r, i) => {
      const at = `${field}.${key}[${i}]`;
      if (arr(obj(r).operations).length === 0) errors.push({ type: 'FieldValueRequired', field: `${at}.operations`, hasValue: false });
      if (arr(obj(r).apiGroups).length === 0) errors.push({ type: 'FieldValueRequired', field: `${at}.apiGroups`, hasValue: false });
      if (arr(obj(r).apiVersions).length === 0) errors.push({ type: 'FieldValueRequired', field: `${at}.apiVersions`, hasValue: false });
      if (arr(obj(r).resources).length === 0) errors.push({ type: 'FieldValueRequired', field: `${at}.resources`, hasValue: false });
    });
  }
  return errors;
}

/** The failurePolicy, matchConstraints and variables checks both kinds of policy share. */
function validatePolicySpec(spec: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  if (!['Ignore', 'Fail'].includes(String(spec.failurePolicy))) errors.push(notSupported('spec.failurePolicy', spec.failurePolicy, ['Fail', 'Ignore']));
  errors.push(...validateMatchResources(spec.matchConstraints, 'spec.matchConstraints', true));
  arr(spec.variables).forEach((v, i) => {
    const variable = obj(v);
    if (typeof variable.name !== 'string' || variable.name === '') errors.push({ type: 'FieldValueRequired', field: `spec.variables[${i}].name`, hasValue: false, detail: 'name is not specified' });
    else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable.name)) errors.push({ type: 'FieldValueInvalid', field: `spec.variables[${i}].name`, value: variable.name, detail: 'must be a valid CEL identifier' });
    if (typeof variable.expression !== 'string' || variable.expression === '') errors.push({ type: 'FieldValueRequired', field: `spec.variables[${i}].expression`, hasValue: false, detail: 'expression is not specified' });
  });
  return errors;
}

function validateValidatingPolicy(o: KubeObject): FieldError[] {
  const spec = obj(o.spec);
  const errors = validatePolicySpec(spec);
  if (arr(spec.validations).length === 0 && arr(spec.auditAnnotations).length === 0) {
    const detail = 'validations or auditAnnotations must contain at least one item';
    errors.push({ type: 'FieldValueRequired', field: 'spec.validations', hasValue: false, detail }, { type: 'FieldValueRequired', field: 'spec.auditAnnotations', hasValue: false, detail });
  }
  arr(spec.validations).forEach((v, i) => {
    if (typeof obj(v).expression !== 'string' || obj(v).expression === '') errors.push({ type: 'FieldValueRequired', field: `spec.validations[${i}].expression`, hasValue: false, detail: 'expression is not specified' });
  });
  return errors;
}

function validateMutatingPolicy(o: KubeObject): FieldError[] {
  const spec = obj(o.spec);
  const errors = validatePolicySpec(spec);
  if (!['Never', 'IfNeeded'].includes(String(spec.reinvocationPolicy))) errors.push(notSupported('spec.reinvocationPolicy', spec.reinvocationPolicy ?? '', ['IfNeeded', 'Never']));
  if (arr(spec.mutations).length === 0) errors.push({ type: 'FieldValueRequired', field: 'spec.mutations', hasValue: false, detail: 'mutations must contain at least one item' });
  arr(spec.mutations).forEach((m, i) => {
    const mutation = obj(m);
    if (!['ApplyConfiguration', 'JSONPatch'].includes(String(mutation.patchType))) errors.push(notSupported(`spec.mutations[${i}].patchType`, mutation.patchType ?? '', ['ApplyConfiguration', 'JSONPatch']));
  });
  return errors;
}

const VALIDATION_ACTIONS = ['Audit', 'Deny', 'Warn'];

function validateBinding(o: KubeObject, validating: boolean): FieldError[] {
  const spec = obj(o.spec);
  const errors: FieldError[] = [];
  if (typeof spec.policyName !== 'string' || spec.policyName === '') errors.push({ type: 'FieldValueRequired', field: 'spec.policyName', hasValue: false });
  errors.push(...validateMatchResources(spec.matchResources, 'spec.matchResources', false));
  if (validating) {
    const actions = arr(spec.validationActions);
    actions.forEach((a, i) => {
      if (!VALIDATION_ACTIONS.includes(String(a))) errors.push(notSupported(`spec.validationActions[${i}]`, a, VALIDATION_ACTIONS));
    });
    if (actions.includes('Deny') && actions.includes('Warn')) {
      errors.push({
        type: 'FieldValueInvalid',
        field: 'spec.validationActions',
        value: actions,
        detail: 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      });
    }
    if (actions.length === 0) errors.push({ type: 'FieldValueRequired', field: 'spec.validationActions', hasValue: false, detail: 'at least one validation action is required' });
  }
  return errors;
}

// The registry strategies of this group start generation at 1 and bump it on spec changes.
const common = { hasGeneration: true, nameRule: 'subdomain' } as const;

export const validatingwebhookconfigurations: ResourceType = recordedType(GV, 'validatingwebhookconfigurations', {
  ...common,
  zeroValue: {},
  columns: webhookConfigurationColumns,
  cells: webhookConfigurationCells,
  defaults(o) {
    if (Array.isArray(o.webhooks)) o.webhooks = o.webhooks.map((h) => webhookDefaults(h, false));
  },
  validate: (o) => validateWebhooks(o, false),
});

export const mutatingwebhookconfigurations: ResourceType = recordedType(GV, 'mutatingwebhookconfigurations', {
  ...common,
  zeroValue: {},
  columns: webhookConfigurationColumns,
  cells: webhookConfigurationCells,
  defaults(o) {
    if (Array.isArray(o.webhooks)) o.webhooks = o.webhooks.map((h) => webhookDefaults(h, true));
  },
  validate: (o) => validateWebhooks(o, true),
});

/** SetDefaults_*AdmissionPolicySpec with the MatchResources defaults of its constraints. */
function policyDefaults(o: KubeObject): void {
  const spec = obj(o.spec);
  o.spec = {
    ...spec,
    ...(spec.matchConstraints !== undefined ? { matchConstraints: matchResourcesDefaults(spec.matchConstraints) } : {}),
    failurePolicy: spec.failurePolicy ?? 'Fail',
  };
}

function bindingDefaults(o: KubeObject): void {
  const spec = obj(o.spec);
  if (spec.matchResources !== undefined) o.spec = { ...spec, matchResources: matchResourcesDefaults(spec.matchResources) };
}

export const validatingadmissionpolicies: ResourceType = recordedType(GV, 'validatingadmissionpolicies', {
  ...common,
  zeroValue: { spec: {}, status: {} },
  columns: validatingPolicyColumns,
  cells: policyCells('validations'),
  defaults: policyDefaults,
  // Created without status; controllers/policy-status.ts writes it.
  prepareForCreate(o) {
    o.status = {};
  },
  prepareForUpdate: keepStatus,
  validate: validateValidatingPolicy,
});

export const validatingadmissionpolicybindings: ResourceType = recordedType(GV, 'validatingadmissionpolicybindings', {
  ...common,
  zeroValue: { spec: {} },
  columns: bindingColumns,
  cells: bindingCells,
  defaults: bindingDefaults,
  validate: (o) => validateBinding(o, true),
});

export const mutatingadmissionpolicies: ResourceType = recordedType(GV, 'mutatingadmissionpolicies', {
  ...common,
  zeroValue: { spec: {} },
  columns: mutatingPolicyColumns,
  cells: policyCells('mutations'),
  defaults: policyDefaults,
  validate: validateMutatingPolicy,
});

export const mutatingadmissionpolicybindings: ResourceType = recordedType(GV, 'mutatingadmissionpolicybindings', {
  ...common,
  zeroValue: { spec: {} },
  columns: bindingColumns,
  cells: bindingCells,
  defaults: bindingDefaults,
  validate: (o) => validateBinding(o, false),
});
