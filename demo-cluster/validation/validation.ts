// Generic object validation (ValidateObjectMeta) producing field errors worded like apimachinery's.
import type { FieldError } from '../http/errors.js';
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { labelValueErrors, qualifiedNameErrors } from '../store/selectors.js';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** IsDNS1123Subdomain messages. */
export function dns1123SubdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push('must be no more than 253 characters');
  if (!DNS1123_SUBDOMAIN.test(value))
    errs.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  return errs;
}

/** IsDNS1123Label messages. */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!DNS1123_LABEL.test(value))
    errs.push(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    );
  return errs;
}

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
  if (isPlainObject(meta.labels)) {
    for (const [k, v] of Object.entries(meta.labels)) {
      for (const detail of qualifiedNameErrors(k)) errors.push({ type: 'FieldValueInvalid', field: 'metadata.labels', value: k, detail });
      for (const detail of labelValueErrors(String(v))) errors.push({ type: 'FieldValueInvalid', field: 'metadata.labels', value: v, detail });
    }
  }
  if (isPlainObject(meta.annotations)) {
    for (const k of Object.keys(meta.annotations)) {
      for (const detail of qualifiedNameErrors(k.toLowerCase()))
        errors.push({ type: 'FieldValueInvalid', field: 'metadata.annotations', value: k, detail });
    }
  }
  return errors;
}
