// Generic object validation (ValidateObjectMeta) producing field errors worded like apimachinery's.
import type { FieldError } from '../http/errors.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { dns1123LabelErrors, dns1123SubdomainErrors, labelValueErrors, qualifiedNameErrors } from './names.js';

/** ValidateObjectMeta: name (or generateName), labels, annotations keys. */
export function validateObjectMeta(obj: KubeObject, nameRule: 'subdomain' | 'label'): FieldError[] {
  const errors: FieldError[] = [];
  const meta = obj.metadata;
  const name = meta.name ?? '';
  if (name === '') {
    errors.push({ type: 'FieldValueRequired', field: 'metadata.name', detail: 'name or generateName is required', hasValue: false });
  } else {
    const msgs = nameRule === 'label' ? dns1123LabelErrors(name) : dns1123SubdomainErrors(name);
    for (const detail of msgs) errors.push({ type: 'FieldValueInvalid', field: 'metadata.name', value: name, detail });
  }
  errors.push(...validateLabelsAndAnnotations(meta, 'metadata'));
  return errors;
}

/** ValidateLabels and ValidateAnnotations: the field is the map itself, the bad key (or value) is only in the message. */
function validateLabelsAndAnnotations(meta: Record<string, unknown>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (isPlainObject(meta.labels)) {
    for (const [k, v] of Object.entries(meta.labels)) {
      for (const detail of qualifiedNameErrors(k)) errors.push({ type: 'FieldValueInvalid', field: `${path}.labels`, value: k, detail });
      // A value that is no string (a patch can write one) is judged, and quoted, as its JSON: String() throws on some.
      const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
      for (const detail of labelValueErrors(text)) errors.push({ type: 'FieldValueInvalid', field: `${path}.labels`, value: text, detail });
    }
  }
  if (isPlainObject(meta.annotations)) {
    for (const k of Object.keys(meta.annotations)) {
      for (const detail of qualifiedNameErrors(k.toLowerCase())) errors.push({ type: 'FieldValueInvalid', field: `${path}.annotations`, value: k, detail });
    }
  }
  return errors;
}

/**
 * ValidatePodTemplateSpec's labels and annotations: kube-apiserver (1.20 to 1.37) passes fldPath.Child("labels") of the template itself,
 * so its causes say `spec.template.labels` for what the object holds at spec.template.metadata.labels.
 */
export function validatePodTemplateMetadata(template: Record<string, unknown>, templatePath: string): FieldError[] {
  return isPlainObject(template.metadata) ? validateLabelsAndAnnotations(template.metadata, templatePath) : [];
}
