// core/v1 ReplicationControllers (status and scale subresources) and PodTemplates.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject } from './types.js';
import { isPlainObject } from './types.js';
import { defaultTemplate, TEMPLATE_ZERO, validateWorkload } from './workloads.js';
import { recordedType, statusStrategy } from './define.js';
import { validatePodSpec } from './core.js';
import { validatePodTemplateMetadata } from '../validation/validation.js';
import {
  podTemplateCells,
  podTemplateColumns,
  replicationControllerCells,
  replicationControllerColumns,
} from '../tables/printers-extra.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

export const replicationcontrollers: ResourceType = recordedType('v1', 'replicationcontrollers', {
  hasGeneration: true,
  zeroValue: { spec: {}, status: { replicas: 0 } },
  nameRule: 'subdomain',
  columns: replicationControllerColumns,
  cells: replicationControllerCells,
  // SetDefaults_ReplicationController: selector and labels from the template's labels, one replica.
  defaults(o) {
    const spec = obj(o.spec);
    const template = isPlainObject(spec.template) ? defaultTemplate(spec) : undefined;
    const templateLabels = obj(obj(template?.metadata).labels);
    const hasLabels = Object.keys(templateLabels).length > 0;
    const selector = obj(spec.selector);
    o.spec = {
      ...spec,
      replicas: spec.replicas ?? 1,
      ...(Object.keys(selector).length === 0 && hasLabels ? { selector: { ...templateLabels } } : {}),
      ...(template ? { template } : {}),
    };
    if (hasLabels && Object.keys(o.metadata.labels ?? {}).length === 0) o.metadata.labels = { ...(templateLabels as Record<string, string>) };
  },
  ...statusStrategy({ replicas: 0 }),
  validate(o) {
    const spec = obj(o.spec);
    const errors: FieldError[] = [];
    const selector = obj(spec.selector);
    if (Object.keys(selector).length === 0) errors.push({ type: 'FieldValueRequired', field: 'spec.selector', hasValue: false });
    if (!isPlainObject(spec.template)) {
      errors.push({ type: 'FieldValueRequired', field: 'spec.template', hasValue: false });
      return errors;
    }
    const asLabelSelector = { ...o, spec: { ...spec, selector: { matchLabels: selector } } };
    return [...errors, ...validateWorkload(asLabelSelector, { replicas: true, selector: Object.keys(selector).length > 0, restartAlways: true })];
  },
});

export const podtemplates: ResourceType = recordedType('v1', 'podtemplates', {
  hasGeneration: true,
  zeroValue: { template: TEMPLATE_ZERO },
  nameRule: 'subdomain',
  columns: podTemplateColumns,
  cells: podTemplateCells,
  defaults(o) {
    o.template = defaultTemplate(o);
  },
  validate(o) {
    const template = obj(o.template);
    return [...validatePodTemplateMetadata(template, 'template'), ...validatePodSpec(template.spec, 'template.spec')];
  },
});
