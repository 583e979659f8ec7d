// Label and annotation syntax as the apiserver checks it (apimachinery validation.IsQualifiedName,
// IsValidLabelValue, ValidateAnnotations), so a bad key is refused before anything is sent.

const QUALIFIED_NAME_MAX = 63;
const PREFIX_MAX = 253;
const LABEL_VALUE_MAX = 63;
/** apimachinery TotalAnnotationSizeLimitB: keys plus values, in bytes. */
export const ANNOTATIONS_MAX_BYTES = 256 * 1024;

const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Problems of a label or annotation key (empty when valid), worded like the apiserver's. */
export function qualifiedNameProblems(key: string): string[] {
  const parts = key.split('/');
  if (parts.length > 2) {
    return ["must be a name with an optional DNS subdomain prefix and one '/' (e.g. 'example.com/MyName')"];
  }
  const problems: string[] = [];
  const name = parts.length === 2 ? (parts[1] ?? '') : key;
  if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    if (prefix === '') problems.push('prefix part must be non-empty');
    else if (prefix.length > PREFIX_MAX) problems.push(`prefix part must be no more than ${PREFIX_MAX} characters`);
    else if (!DNS1123_SUBDOMAIN.test(prefix)) {
      problems.push("prefix part must be a lowercase DNS subdomain: lower case letters, digits, '-' or '.', starting and ending with a letter or digit (e.g. 'example.com')");
    }
  }
  if (name === '') problems.push('name part must be non-empty');
  else {
    if (name.length > QUALIFIED_NAME_MAX) problems.push(`name part must be no more than ${QUALIFIED_NAME_MAX} characters`);
    if (!QUALIFIED_NAME.test(name)) {
      problems.push("name part must consist of letters, digits, '-', '_' or '.', and must start and end with a letter or digit (e.g. 'MyName', 'my.name' or '123-abc')");
    }
  }
  return problems;
}

/** Problems of a label value (empty when valid; an empty value is valid). */
export function labelValueProblems(value: string): string[] {
  const problems: string[] = [];
  if (value.length > LABEL_VALUE_MAX) problems.push(`must be no more than ${LABEL_VALUE_MAX} characters`);
  if (!LABEL_VALUE.test(value)) {
    problems.push("must be empty or consist of letters, digits, '-', '_' or '.', and must start and end with a letter or digit (e.g. 'MyValue', 'my_value' or '12345')");
  }
  return problems;
}

/** Size of annotations as the apiserver counts it: UTF-8 bytes of every key and value. */
export function annotationsBytes(annotations: Record<string, string>): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) total += encoder.encode(key).length + encoder.encode(value).length;
  return total;
}
