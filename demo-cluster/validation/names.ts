// The name checks of k8s.io/apimachinery/pkg/api/validate/content (1.37) with their error strings: DNS-1123
// labels and subdomains (object names), label keys (also annotation keys) and label values.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

const DNS1123_LABEL_FORMAT =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035_LABEL_FORMAT =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const DNS1123_SUBDOMAIN_FORMAT =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const QUALIFIED_NAME_FORMAT =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_FORMAT =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/** The shape of most validation.Is* functions: a length limit and a format, each with its message. */
function lengthAndFormat(value: string, maxLength: number, format: RegExp, formatMessage: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value) > maxLength) errs.push(`must be no more than ${maxLength} bytes`);
  if (!format.test(value)) errs.push(formatMessage);
  return errs;
}

/** IsDNS1123Subdomain messages. */
export const dns1123SubdomainErrors = (value: string): string[] => lengthAndFormat(value, 253, DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_FORMAT);

/** IsDNS1123Label messages: a valid subdomain that is no label can only have dots. */
export function dns1123LabelErrors(value: string): string[] {
  const errs = lengthAndFormat(value, 63, DNS1123_LABEL, DNS1123_LABEL_FORMAT);
  return DNS1123_LABEL.test(value) || !DNS1123_SUBDOMAIN.test(value) ? errs : errs.map((e) => (e === DNS1123_LABEL_FORMAT ? 'must not contain dots' : e));
}

/** IsDNS1035Label messages. */
export const dns1035LabelErrors = (value: string): string[] => lengthAndFormat(value, 63, DNS1035_LABEL, DNS1035_LABEL_FORMAT);

/** IsValidLabelValue messages. */
export const labelValueErrors = (value: string): string[] => lengthAndFormat(value, 63, LABEL_VALUE, LABEL_VALUE_FORMAT);

/** IsLabelKey (alias IsQualifiedName) messages: an optional DNS subdomain prefix and "/", then the name part. */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name = value;
  if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123SubdomainErrors(prefix).map((e) => `prefix part ${e}`));
  } else if (parts.length > 2) {
    return [`a valid label key ${QUALIFIED_NAME_FORMAT} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (Buffer.byteLength(name) > 63) errs.push('name part must be no more than 63 bytes');
  if (!QUALIFIED_NAME.test(name)) errs.push(`name part ${QUALIFIED_NAME_FORMAT}`);
  return errs;
}
