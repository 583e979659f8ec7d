// Workload types: deployments, replicasets, statefulsets, daemonsets (apps/v1), jobs (batch/v1),
// cronjobs (batch/v1: 1.25 removed batch/v1beta1).
import { randomUUID } from 'node:crypto';
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject, jsonEqual } from './types.js';
import { matchesLabels } from '../store/selectors.js';
import type { LabelSelector } from '../store/selectors.js';
import { cronJobCells, daemonSetCells, deploymentCells, jobCells, replicaSetCells, statefulSetCells } from '../tables/printers.js';
import { defaultPodSpec, validatePodSpec } from './core.js';
import { goDeploymentStrategy, goIntOrString, goLabelSelector } from './go-values.js';
import { keepStatus, recordedType, specDefaults, statusStrategy } from './define.js';
import { validatePodTemplateMetadata } from '../validation/validation.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

// ObjectMeta.creationTimestamp is omitzero in 1.37: a template's zero metadata is `{}` and a null one is dropped.
export const TEMPLATE_ZERO = { metadata: {}, spec: { containers: null } };

/** Template metadata as decoded and encoded again: a zero creationTimestamp is not written. */
function templateMetadata(raw: unknown): JsonObject {
  const { creationTimestamp, ...rest } = obj(raw);
  return creationTimestamp === null || creationTimestamp === undefined || creationTimestamp === '' ? rest : { creationTimestamp, ...rest };
}

/** Defaults the pod template of a workload spec. */
export function defaultTemplate(spec: JsonObject): JsonObject {
  const template = obj(spec.template);
  return { ...template, metadata: templateMetadata(template.metadata), spec: defaultPodSpec(template.spec) };
}

/** LabelSelector (matchLabels/matchExpressions) as requirements for matching. */
export function selectorRequirements(selector: JsonObject): LabelSelector {
  const reqs: LabelSelector = [];
  for (const [key, value] of Object.entries(obj(selector.matchLabels))) reqs.push({ key, operator: '=', values: [String(value)] });
  for (const e of Array.isArray(selector.matchExpressions) ? selector.matchExpressions.map(obj) : []) {
    const key = String(e.key ?? '');
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    const op = e.operator === 'In' ? 'in' : e.operator === 'NotIn' ? 'notin' : e.operator === 'Exists' ? 'exists' : '!';
    reqs.push({ key, operator: op, values });
  }
  return reqs;
}

/** Common workload validation (ValidateDeploymentSpec and friends), in the apiserver's order. */
export function validateWorkload(o: KubeObject, opts: { replicas: boolean; selector: boolean; templatePath?: string; restartAlways?: boolean }): FieldError[] {
  const errors: FieldError[] = [];
  const spec = obj(o.spec);
  if (opts.replicas && typeof spec.replicas === 'number' && spec.replicas < 0) {
    errors.push({ type: 'FieldValueInvalid', field: 'spec.replicas', value: spec.replicas, detail: 'must be greater than or equal to 0' });
  }
  const templatePath = opts.templatePath ?? 'spec.template';
  const template = obj(spec.template);
  if (opts.selector) {
    const selector = spec.selector;
    if (!isPlainObject(selector)) {
      errors.push({ type: 'FieldValueRequired', field: 'spec.selector', hasValue: false });
    } else {
      const reqs = selectorRequirements(selector);
      if (reqs.length === 0) errors.push({ type: 'FieldValueInvalid', field: 'spec.selector', value: selector, detail: 'empty selector is invalid for deployment' });
      const labels = obj(obj(template.metadata).labels) as Record<string, string>;
      if (reqs.length > 0 && !matchesLabels(reqs, labels)) {
        errors.push({ type: 'FieldValueInvalid', field: `${templatePath}.metadata.labels`, value: labels, detail: '`selector` does not match template `labels`' });
      }
    }
  }
  errors.push(...validatePodTemplateMetadata(template, templatePath));
  errors.push(...validatePodSpec(template.spec, `${templatePath}.spec`));
  // ValidatePodTemplateSpecForReplicaSet (and the DaemonSet/StatefulSet equivalents): pods of a controller restart always.
  const restartPolicy = obj(template.spec).restartPolicy;
  if (opts.restartAlways && restartPolicy !== 'Always') {
    errors.push({ type: 'FieldValueNotSupported', field: `${templatePath}.spec.restartPolicy`, value: restartPolicy ?? '', detail: 'supported values: "Always"' });
  }
  return errors;
}

const NEGATIVE = 'must be greater than or equal to 0';

function nonNegative(errors: FieldError[], field: string, value: unknown): void {
  if (typeof value === 'number' && value < 0) errors.push({ type: 'FieldValueInvalid', field, value, detail: NEGATIVE });
}

/** getIntOrPercentValue: the number of an int, or of a percent string ("25%" -> 25); other strings count as 0. */
function intOrPercentValue(v: unknown): number {
  if (typeof v === 'number') return v;
  const m = typeof v === 'string' ? /^([0-9]+)%$/.exec(v) : null;
  return m ? Number(m[1]) : typeof v === 'string' && /^-?[0-9]+$/.test(v) ? Number(v) : 0;
}

/** ValidatePositiveIntOrPercent + IsNotMoreThan100Percent of maxUnavailable/maxSurge. */
function validateIntOrPercent(errors: FieldError[], field: string, v: unknown): void {
  if (typeof v === 'string') {
    if (!/^[0-9]+%$/.test(v)) {
      errors.push({ type: 'FieldValueInvalid', field, value: v, rendered: goIntOrString(v), detail: "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')" });
    }
  } else if (typeof v === 'number' && v < 0) {
    errors.push({ type: 'FieldValueInvalid', field, value: v, detail: NEGATIVE });
  }
}

/** ValidateDeploymentStrategy. */
function validateStrategy(strategy: JsonObject): FieldError[] {
  const errors: FieldError[] = [];
  if (strategy.type === 'Recreate') {
    if (isPlainObject(strategy.rollingUpdate)) {
      errors.push({ type: 'FieldValueForbidden', field: 'spec.strategy.rollingUpdate', detail: "may not be specified when strategy `type` is 'Recreate'" });
    }
  } else if (strategy.type === 'RollingUpdate') {
    const ru = obj(strategy.rollingUpdate);
    validateIntOrPercent(errors, 'spec.strategy.rollingUpdate.maxUnavailable', ru.maxUnavailable);
    validateIntOrPercent(errors, 'spec.strategy.rollingUpdate.maxSurge', ru.maxSurge);
    if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
      errors.push({ type: 'FieldValueInvalid', field: 'spec.strategy.rollingUpdate.maxUnavailable', value: ru.maxUnavailable, rendered: goIntOrString(ru.maxUnavailable), detail: 'may not be 0 when `maxSurge` is 0' });
    }
    if (typeof ru.maxUnavailable === 'string' && intOrPercentValue(ru.maxUnavailable) > 100) {
      errors.push({ type: 'FieldValueInvalid', field: 'spec.strategy.rollingUpdate.maxUnavailable', value: ru.maxUnavailable, rendered: goIntOrString(ru.maxUnavailable), detail: 'must not be greater than 100%' });
    }
  } else {
    errors.push({ type: 'FieldValueNotSupported', field: 'spec.strategy', value: strategy, rendered: goDeploymentStrategy(strategy), detail: 'supported values: "Recreate", "RollingUpdate"' });
  }
  return errors;
}

/** ValidateDeploymentSpec: the workload checks, then strategy, minReadySeconds, revisionHistoryLimit, progressDeadlineSeconds. */
function validateDeployment(o: KubeObject, old: KubeObject | undefined): FieldError[] {
  const errors = validateWorkload(o, { replicas: true, selector: true, restartAlways: true });
  const spec = obj(o.spec);
  errors.push(...validateStrategy(obj(spec.strategy)));
  nonNegative(errors, 'spec.minReadySeconds', spec.minReadySeconds);
  nonNegative(errors, 'spec.revisionHistoryLimit', spec.revisionHistoryLimit);
  if (typeof spec.progressDeadlineSeconds === 'number') {
    nonNegative(errors, 'spec.progressDeadlineSeconds', spec.progressDeadlineSeconds);
    const minReady = typeof spec.minReadySeconds === 'number' ? spec.minReadySeconds : 0;
    if (spec.progressDeadlineSeconds <= minReady) {
      errors.push({ type: 'FieldValueInvalid', field: 'spec.progressDeadlineSeconds', value: spec.progressDeadlineSeconds, detail: 'must be greater than minReadySeconds' });
    }
  }
  return [...errors, ...immutableSelector(o, old)];
}

/** A selector with empty maps and lists dropped: apiequality.Semantic treats nil and empty alike. */
function normalSelector(selector: unknown): unknown {
  if (!isPlainObject(selector)) return null;
  const labels = obj(selector.matchLabels);
  const exprs = Array.isArray(selector.matchExpressions) ? selector.matchExpressions.map(obj) : [];
  return {
    matchLabels: Object.keys(labels).sort().map((k) => [k, labels[k]]),
    matchExpressions: exprs.map((e) => ({ key: e.key ?? '', operator: e.operator ?? '', values: Array.isArray(e.values) ? e.values : [] })),
  };
}

/** apps/v1 strategies: spec.selector may not change on update (ValidateImmutableField, the last error). */
function immutableSelector(o: KubeObject, old: KubeObject | undefined): FieldError[] {
  if (!old) return [];
  const now = obj(o.spec).selector;
  if (JSON.stringify(normalSelector(now)) === JSON.stringify(normalSelector(obj(old.spec).selector))) return [];
  const rendered = isPlainObject(now) ? goLabelSelector(now) : 'null';
  return [{ type: 'FieldValueInvalid', field: 'spec.selector', value: now, rendered, detail: 'field is immutable' }];
}

export const deployments: ResourceType = recordedType('apps/v1', 'deployments', {
  hasGeneration: true,
  zeroValue: { spec: { selector: null, template: TEMPLATE_ZERO, strategy: {} }, status: {} },
  nameRule: 'subdomain',
  cells: deploymentCells,
  defaults(o) {
    const spec = obj(o.spec);
    const strategy = obj(spec.strategy);
    const type = strategy.type ?? 'RollingUpdate';
    o.spec = {
      ...spec,
      replicas: spec.replicas ?? 1,
      template: defaultTemplate(spec),
      strategy: type === 'RollingUpdate' ? { type, rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%', ...obj(strategy.rollingUpdate) } } : { type },
      revisionHistoryLimit: spec.revisionHistoryLimit ?? 10,
      progressDeadlineSeconds: spec.progressDeadlineSeconds ?? 600,
    };
  },
  ...statusStrategy({}),
  validate: validateDeployment,
});

export const replicasets: ResourceType = recordedType('apps/v1', 'replicasets', {
  hasGeneration: true,
  zeroValue: { spec: { selector: null, template: TEMPLATE_ZERO }, status: { replicas: 0 } },
  nameRule: 'subdomain',
  cells: replicaSetCells,
  defaults(o) {
    const spec = obj(o.spec);
    o.spec = { ...spec, replicas: spec.replicas ?? 1, template: defaultTemplate(spec) };
  },
  ...statusStrategy({ replicas: 0 }),
  validate: (o, old) => [...validateWorkload(o, { replicas: true, selector: true, restartAlways: true }), ...immutableSelector(o, old)],
});

/** SetDefaults_StatefulSet's update strategy: RollingUpdate, partition 0 and (MaxUnavailableStatefulSet, on in 1.37) maxUnavailable 1. */
function statefulSetUpdateStrategy(strategy: JsonObject): JsonObject {
  const type = strategy.type ?? 'RollingUpdate';
  const rollingUpdate = strategy.type === undefined && !isPlainObject(strategy.rollingUpdate) ? {} : strategy.rollingUpdate;
  if (type !== 'RollingUpdate' || !isPlainObject(rollingUpdate)) return { ...strategy, type };
  return { ...strategy, type, rollingUpdate: { ...rollingUpdate, partition: rollingUpdate.partition ?? 0, maxUnavailable: rollingUpdate.maxUnavailable ?? 1 } };
}

export const statefulsets: ResourceType = recordedType('apps/v1', 'statefulsets', {
  hasGeneration: true,
  zeroValue: { spec: { selector: null, template: TEMPLATE_ZERO, serviceName: '', updateStrategy: {} }, status: { replicas: 0, availableReplicas: 0 } },
  nameRule: 'subdomain',
  cells: statefulSetCells,
  defaults: specDefaults((spec) => ({
    replicas: spec.replicas ?? 1,
    template: defaultTemplate(spec),
    podManagementPolicy: spec.podManagementPolicy ?? 'OrderedReady',
    updateStrategy: statefulSetUpdateStrategy(obj(spec.updateStrategy)),
    revisionHistoryLimit: spec.revisionHistoryLimit ?? 10,
    persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain', ...obj(spec.persistentVolumeClaimRetentionPolicy) },
  })),
  ...statusStrategy({ replicas: 0, availableReplicas: 0 }),
  validate: (o) => validateWorkload(o, { replicas: true, selector: true, restartAlways: true }),
});

// The internal DaemonSet's spec.templateGeneration, which apps/v1 carries in an annotation (bumped on template changes).
export const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

function templateGeneration(o: KubeObject): number {
  const n = Number(o.metadata.annotations?.[TEMPLATE_GENERATION] ?? 0);
  return Number.isInteger(n) ? n : 0;
}

function setTemplateGeneration(o: KubeObject, n: number): void {
  o.metadata.annotations = { ...o.metadata.annotations, [TEMPLATE_GENERATION]: String(n) };
}

export const daemonsets: ResourceType = recordedType('apps/v1', 'daemonsets', {
  hasGeneration: true,
  zeroValue: {
    spec: { selector: null, template: TEMPLATE_ZERO, updateStrategy: {} },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
  },
  nameRule: 'subdomain',
  cells: daemonSetCells,
  defaults: specDefaults((spec) => ({
    template: defaultTemplate(spec),
    updateStrategy: spec.updateStrategy ?? { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
    revisionHistoryLimit: spec.revisionHistoryLimit ?? 10,
  })),
  prepareForCreate(o) {
    o.status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
    setTemplateGeneration(o, Math.max(1, templateGeneration(o)));
  },
  prepareForUpdate(o, old) {
    keepStatus(o, old);
    const changed = !jsonEqual(obj(o.spec).template, obj(old.spec).template);
    setTemplateGeneration(o, templateGeneration(old) + (changed ? 1 : 0));
  },
  validate: (o, old) => [...validateWorkload(o, { replicas: false, selector: true, restartAlways: true }), ...immutableSelector(o, old)],
});

export const jobs: ResourceType = recordedType('batch/v1', 'jobs', {
  hasGeneration: false,
  zeroValue: { spec: { template: TEMPLATE_ZERO }, status: {} },
  nameRule: 'subdomain',
  cells: jobCells,
  defaults: specDefaults((spec) => ({
    parallelism: spec.parallelism ?? 1,
    completions: spec.completions ?? 1,
    backoffLimit: spec.backoffLimit ?? 6,
    template: defaultTemplate(spec),
  })),
  prepareForCreate(o) {
    // The job strategy generates a unique selector and labels the template with it.
    const spec = obj(o.spec);
    if (spec.manualSelector !== true) {
      const uid = o.metadata.uid ?? randomUUID();
      const template = obj(spec.template);
      const meta = obj(template.metadata);
      const name = o.metadata.name ?? '';
      // generateSelector: the legacy and batch.kubernetes.io/ name and uid labels, the selector on the uid.
      const labels = { 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': name, 'controller-uid': uid, 'job-name': name, ...obj(meta.labels) };
      o.spec = {
        ...spec,
        selector: { ...obj(spec.selector), matchLabels: { 'batch.kubernetes.io/controller-uid': uid, ...obj(obj(spec.selector).matchLabels) } },
        template: { ...template, metadata: { ...meta, labels } },
      };
    }
    o.status = {};
  },
  prepareForUpdate: keepStatus,
  validate(o) {
    const errors = validateWorkload(o, { replicas: false, selector: false });
    const policy = obj(obj(obj(o.spec).template).spec).restartPolicy;
    if (policy !== 'Never' && policy !== 'OnFailure') {
      errors.push({ type: 'FieldValueNotSupported', field: 'spec.template.spec.restartPolicy', value: policy ?? '', detail: 'supported values: "OnFailure", "Never"' });
    }
    return errors;
  },
});

export const cronjobs: ResourceType = recordedType('batch/v1', 'cronjobs', {
  hasGeneration: true,
  zeroValue: { spec: { schedule: '', jobTemplate: { spec: { template: TEMPLATE_ZERO } } }, status: {} },
  nameRule: 'subdomain',
  cells: cronJobCells,
  defaults(o) {
    const spec = obj(o.spec);
    const jobTemplate = obj(spec.jobTemplate);
    const jobSpec = obj(jobTemplate.spec);
    o.spec = {
      ...spec,
      concurrencyPolicy: spec.concurrencyPolicy ?? 'Allow',
      suspend: spec.suspend ?? false,
      jobTemplate: { ...jobTemplate, metadata: templateMetadata(jobTemplate.metadata), spec: { ...jobSpec, template: defaultTemplate(jobSpec) } },
      successfulJobsHistoryLimit: spec.successfulJobsHistoryLimit ?? 3,
      failedJobsHistoryLimit: spec.failedJobsHistoryLimit ?? 1,
    };
  },
  ...statusStrategy({}),
  validate(o) {
    const errors: FieldError[] = [];
    const spec = obj(o.spec);
    if (typeof spec.schedule !== 'string' || spec.schedule.trim() === '') errors.push({ type: 'FieldValueRequired', field: 'spec.schedule', hasValue: false });
    errors.push(...validatePodSpec(obj(obj(obj(spec.jobTemplate).spec).template).spec, 'spec.jobTemplate.spec.template.spec'));
    return errors;
  },
});
