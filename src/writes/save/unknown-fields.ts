// Fields of the edited YAML that the kind's OpenAPI schema does not declare: a server without fieldValidation
// (before 1.25) drops them silently on PUT, so the edit screen lists them, with their lines, before sending.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { ownValue } from '../../k8s/own-properties';

type Schema = Record<string, unknown>;

export interface UnknownField {
  /** Kubernetes field path (`spec.template.spec.containers[0].imagez`, map entries as `[key]`). */
  path: string;
  /** 1-based line and column of the key. */
  line: number;
  column: number;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a schema says about the fields of an object, after following `$ref` and `allOf`. */
interface ObjectRules {
  properties: Record<string, unknown> | null;
  /** A schema for undeclared keys (maps), true when anything goes, null when undeclared keys are unknown. */
  additional: Schema | true | null;
  /** x-kubernetes-preserve-unknown-fields, or a schema that says nothing (RawExtension, `type: object`). */
  open: boolean;
  items: Schema | null;
}

function rulesOf(schema: Schema, definitions: Schema): ObjectRules {
  const rules: ObjectRules = { properties: null, additional: null, open: false, items: null };
  const visit = (s: Schema, depth: number) => {
    if (depth > 32) return;
    if (s['x-kubernetes-preserve-unknown-fields'] === true) rules.open = true;
    if (isSchema(s.properties)) rules.properties = { ...rules.properties, ...s.properties };
    if (s.additionalProperties === true) rules.additional = true;
    else if (isSchema(s.additionalProperties) && rules.additional !== true) rules.additional = s.additionalProperties;
    if (isSchema(s.items)) rules.items ??= s.items;
    const ref = s.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
      const target = ownValue(definitions, ref.slice('#/definitions/'.length));
      if (isSchema(target)) visit(target, depth + 1);
    }
    if (Array.isArray(s.allOf)) for (const part of s.allOf) if (isSchema(part)) visit(part, depth + 1);
  };
  visit(schema, 0);
  if (rules.properties === null && rules.additional === null && rules.items === null) rules.open = true;
  return rules;
}

/**
 * Unknown fields of the YAML `text` (one object) against `schema`, the kind's self-contained JSON Schema
 * (KindSchema.jsonSchema: `#/definitions/` refs). Maps (additionalProperties) and
 * x-kubernetes-preserve-unknown-fields accept any key; an object schema without properties is not checked.
 * Duplicate keys are not looked for here: parseEditedYaml refuses them before.
 */
export function findUnknownFields(text: string, schema: Schema): UnknownField[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { version: '1.1', lineCounter, prettyErrors: false, uniqueKeys: false });
  const definitions = isSchema(schema.definitions) ? schema.definitions : {};
  const found: UnknownField[] = [];

  const walk = (node: unknown, s: Schema, path: string) => {
    if (!isMap(node) && !isSeq(node)) return;
    const rules = rulesOf(s, definitions);
    if (rules.open) return;
    if (isSeq(node)) {
      const items = rules.items;
      if (items) node.items.forEach((item, i) => walk(item, items, `${path}[${i}]`));
      return;
    }
    if (rules.properties === null && rules.additional === null) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const declared = rules.properties !== null && Object.hasOwn(rules.properties, key) ? rules.properties[key] : undefined;
      if (isSchema(declared)) {
        walk(pair.value, declared, path === '' ? key : `${path}.${key}`);
      } else if (isSchema(rules.additional)) {
        walk(pair.value, rules.additional, `${path}[${key}]`);
      } else if (rules.additional !== true) {
        const range = (pair.key as Node).range;
        const pos = range ? lineCounter.linePos(range[0]) : { line: 1, col: 1 };
        found.push({ path: path === '' ? key : `${path}.${key}`, line: pos.line, column: pos.col });
      }
    }
  };

  walk(doc.contents, schema, '');
  return found;
}
