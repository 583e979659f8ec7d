// Workload types: deployments, replicasets, statefulsets, daemonsets (apps/v1), jobs (batch/v1),
// cronjobs (batch/v1beta1, as served by 1.20).
import { randomUUID } from 'node:crypto';
import type { FieldError } from '../errors.js';
import type { ResourceType } from '../registry.js';
import type { JsonObject, KubeObject } from '../types.js';
import { isPlainObject } from '../types.js';
import { matchesLabels } from '../selectors.js';
import type { LabelSelector } from '../selectors.js';
import { cronJobCells, daemonSetCells, deploymentCells, jobCells, replicaSetCells, statefulSetCells } from '../tables/printers.js';
import { defaultPodSpec, validatePodSpec } from './core.js';
import { recordedType } from './define.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

const TEMPLATE_ZERO = { metadata: { creationTimestamp: null }, spec: { containers: null } };

/** Defaults the pod template of a workload spec. */
function defaultTemplate(spec: JsonObject): JsonObject {
  const template = obj(spec.template);
  return { ...template, metadata: { creationTimestamp: null, ...obj(template.metadata) }, spec: defaultPodSpec(template.spec) };
}

/** LabelSelector (matchLabels/matchExpressions) as requirements for matching. */
function selectorRequirements(selector: JsonObject): LabelSelector {
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
function validateWorkload(o: KubeObject, opts: { replicas: boolean; selector: boolean; templatePath?: string }): FieldError[] {
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
  errors.push(...validatePodSpec(template.spec, `${templatePath}.spec`));
  return errors;
}

const keepStatus = (o: KubeObject, old: KubeObject): void => {
  o.status = old.status;
};

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
  prepareForCreate(o) {
    o.status = {};
  },
  prepareForUpdate: keepStatus,
  validate: (o) => validateWorkload(o, { replicas: true, selector: true }),
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
  prepareForCreate(o) {
    o.status = { replicas: 0 };
  },
  prepareForUpdate: keepStatus,
  validate: (o) => validateWorkload(o, { replicas: true, selector: true }),
});

export const statefulsets: ResourceType = recordedType('apps/v1', 'statefulsets', {
  hasGeneration: true,
  zeroValue: { spec: { selector: null, template: TEMPLATE_ZERO, serviceName: '', updateStrategy: {} }, status: { replicas: 0 } },
  nameRule: 'subdomain',
  cells: statefulSetCells,
  defaults(o) {
    const spec = obj(o.spec);
    o.spec = {
      ...spec,
      replicas: spec.replicas ?? 1,
      template: defaultTemplate(spec),
      podManagementPolicy: spec.podManagementPolicy ?? 'OrderedReady',
      updateStrategy: spec.updateStrategy ?? { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: spec.revisionHistoryLimit ?? 10,
    };
  },
  prepareForCreate(o) {
    o.status = { replicas: 0 };
  },
  prepareForUpdate: keepStatus,
  validate: (o) => validateWorkload(o, { replicas: true, selector: true }),
});

export const daemonsets: ResourceType = recordedType('apps/v1', 'daemonsets', {
  hasGeneration: true,
  zeroValue: {
    spec: { selector: null, template: TEMPLATE_ZERO, updateStrategy: {} },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
  },
  nameRule: 'subdomain',
  cells: daemonSetCells,
  defaults(o) {
    const spec = obj(o.spec);
    o.spec = {
      ...spec,
      template: defaultTemplate(spec),
      updateStrategy: spec.updateStrategy ?? { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      revisionHistoryLimit: spec.revisionHistoryLimit ?? 10,
    };
  },
  prepareForCreate(o) {
    o.status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
  },
  prepareForUpdate: keepStatus,
  validate: (o) => validateWorkload(o, { replicas: false, selector: true }),
});

export const jobs: ResourceType = recordedType('batch/v1', 'jobs', {
  hasGeneration: false,
  zeroValue: { spec: { template: TEMPLATE_ZERO }, status: {} },
  nameRule: 'subdomain',
  cells: jobCells,
  defaults(o) {
    const spec = obj(o.spec);
    o.spec = {
      ...spec,
      parallelism: spec.parallelism ?? 1,
      completions: spec.completions ?? 1,
      backoffLimit: spec.backoffLimit ?? 6,
      template: defaultTemplate(spec),
    };
  },
  prepareForCreate(o) {
    // The job strategy generates a unique selector and labels the template with it.
    const spec = obj(o.spec);
    if (spec.manualSelector !== true) {
      const uid = o.metadata.uid ?? randomUUID();
      const template = obj(spec.template);
      const meta = obj(template.metadata);
      o.spec = {
        ...spec,
        selector: { matchLabels: { 'controller-uid': uid } },
        template: { ...template, metadata: { ...meta, labels: { ...obj(meta.labels), 'controller-uid': uid, 'job-name': o.metadata.name ?? '' } } },
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

export const cronjobs: ResourceType = recordedType('batch/v1beta1', 'cronjobs', {
  hasGeneration: false,
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
      jobTemplate: { ...jobTemplate, metadata: { creationTimestamp: null, ...obj(jobTemplate.metadata) }, spec: { ...jobSpec, template: defaultTemplate(jobSpec) } },
      successfulJobsHistoryLimit: spec.successfulJobsHistoryLimit ?? 3,
      failedJobsHistoryLimit: spec.failedJobsHistoryLimit ?? 1,
    };
  },
  prepareForCreate(o) {
    o.status = {};
  },
  prepareForUpdate: keepStatus,
  validate(o) {
    const errors: FieldError[] = [];
    const spec = obj(o.spec);
    if (typeof spec.schedule !== 'string' || spec.schedule.trim() === '') errors.push({ type: 'FieldValueRequired', field: 'spec.schedule', hasValue: false });
    errors.push(...validatePodSpec(obj(obj(obj(spec.jobTemplate).spec).template).spec, 'spec.jobTemplate.spec.template.spec'));
    return errors;
  },
});
