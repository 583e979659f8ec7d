// YAML as gopkg.in/yaml.v3's Marshal writes it, for the values gnostic keeps as YAML: a string that would read back
// as another type (null, a bool, yaml 1.1's yes/on/off, a number, a timestamp) is double-quoted; one that cannot be a
// plain scalar (it starts with an indicator such as '*', or holds ': ') is single-quoted, as libyaml's emitter falls
// back; any other string is plain.
import { Document, Scalar, visit } from 'yaml';

const OTHER_TYPES = new Set(['', '~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF', '.nan', '.NaN', '.NAN']);
const NUMBER = /^[-+]?(?:0b[01_]+|0o[0-7_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?)$/;
const BASE_60 = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]*)?(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?)?)?$/;

/** Whether yaml.v3 would read `s` as a plain scalar of a type other than string. */
function readsAsOtherType(s: string): boolean {
  return OTHER_TYPES.has(s) || NUMBER.test(s) || BASE_60.test(s) || TIMESTAMP.test(s);
}

export function yamlV3(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && readsAsOtherType(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString({ lineWidth: 0, singleQuote: true });
}
