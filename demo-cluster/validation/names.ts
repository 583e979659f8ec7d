// The name checks of k8s.io/apimachinery/pkg/util/validation with their error strings: DNS-1123 labels
// and subdomains (object names), qualified names (label and annotation keys) and label values.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

const DNS1123_LABEL_FORMAT =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1123_SUBDOMAIN_FORMAT =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED_NAME_FORMAT =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_FORMAT =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/** The shape of most validation.Is* functions: a length limit and a format, each with its message. */
function lengthAndFormat(value: string, maxLength: number, format: RegExp, formatMessage: string): string[] {
  const errs: string[] = [];
  if (value.length > maxLength) errs.push(`must be no more than ${maxLength} characters`);
  if (!format.test(value)) errs.push(formatMessage);
  return errs;
}

/** IsDNS1123Subdomain messages. */
export const dns1123SubdomainErrors = (value: string): string[] => lengthAndFormat(value, 253, DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_FORMAT);

/** IsDNS1123Label messages. */
export const dns1123LabelErrors = (value: string): string[] => lengthAndFormat(value, 63, DNS1123_LABEL, DNS1123_LABEL_FORMAT);

/** IsValidLabelValue messages. */
export const labelValueErrors = (value: string): string[] => lengthAndFormat(value, 63, LABEL_VALUE, LABEL_VALUE_FORMAT);

/**
 * IsLabelKey messages (IsQualifiedName in 1.37 is the same function): an optional DNS subdomain prefix and "/",
 * then the name part, whose format is checked even when it is empty.
 */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name = value;
  if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123SubdomainErrors(prefix).map((m) => `prefix part ${m}`));
  } else if (parts.length > 2) {
    return [`a valid label key ${QUALIFIED_NAME_FORMAT} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push('name part must be no more than 63 characters');
  if (!QUALIFIED_NAME.test(name)) errs.push(`name part ${QUALIFIED_NAME_FORMAT}`);
  return errs;
}
