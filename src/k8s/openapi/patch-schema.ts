// Schemas for PATCH bodies: a merge-style patch is a part of the object, a JSON patch a list of operations.
import { isRecord, setOwn } from '../own-properties.js';
import type { JsonSchema } from './kind-schema.js';

// Keywords whose values are data, not schemas: a `required` inside them is not the keyword.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples']);
// Keywords whose values map names to schemas: their keys are field names, so a field called "required" stays.
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/** A type or enum that also takes null: in a patch, null removes the field (RFC 7386; strategic merge and apply too). */
function orNull(key: string, v: unknown): unknown {
  if (key === 'type' && typeof v === 'string') return v === 'null' ? v : [v, 'null'];
  if (key === 'type' && Array.isArray(v)) return v.includes('null') ? v : [...v, 'null'];
  if (key === 'enum' && Array.isArray(v)) return v.includes(null) ? v : [...v, null];
  return undefined;
}

function dropRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropRequired);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'required' && Array.isArray(v)) continue;
    const nullable = orNull(key, v);
    if (nullable !== undefined) {
      setOwn(out, key, nullable);
      continue;
    }
    if (SCHEMA_MAPS.has(key) && isRecord(v)) {
      const schemas: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(v)) setOwn(schemas, name, dropRequired(schema));
      setOwn(out, key, schemas);
    } else setOwn(out, key, DATA_KEYWORDS.has(key) || key.startsWith('x-') ? v : dropRequired(v));
  }
  return out;
}

/**
 * The kind's schema with nothing required, anywhere: a merge, strategic merge or apply patch names only the fields
 * it sets (`{"spec":{"replicas":3}}` leaves a Deployment's selector and template as they are), and any field may be
 * null, which removes it. Types still hold otherwise; the body itself is still an object.
 */
export function patchSchemaOf(kindSchema: JsonSchema): JsonSchema {
  const patch = dropRequired(kindSchema) as JsonSchema;
  if (isRecord(kindSchema) && 'type' in kindSchema) setOwn(patch as Record<string, unknown>, 'type', kindSchema.type);
  return patch;
}

const POINTER = 'A JSON pointer (RFC 6901): /spec/replicas, /metadata/labels/app; ~1 stands for "/" and ~0 for "~" in a key, and "-" for the end of a list.';

/** An application/json-patch+json body (RFC 6902): a list of operations, each with the fields its op needs. */
export const JSON_PATCH_SCHEMA: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'JSON patch (RFC 6902)',
  type: 'array',
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: {
        description: 'add, remove, replace, move, copy or test. The server applies the operations in order and applies none if one fails (a failed test included).',
        enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'],
      },
      path: { description: `The field the operation works on. ${POINTER}`, type: 'string', pattern: '^(/([^~]|~[01])*)*$' },
      from: { description: `Where move and copy take the value from. ${POINTER}`, type: 'string', pattern: '^(/([^~]|~[01])*)*$' },
      value: { description: 'The value add and replace set, and test compares.' },
    },
    allOf: [
      { if: { properties: { op: { enum: ['add', 'replace', 'test'] } }, required: ['op'] }, then: { required: ['value'] } },
      { if: { properties: { op: { enum: ['move', 'copy'] } }, required: ['op'] }, then: { required: ['from'] } },
    ],
  },
};
