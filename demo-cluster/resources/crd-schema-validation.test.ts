// The structural-schema checks of custom resources, worded as kube-apiserver 1.37.2 words them (the
// conformance suite compares whole answers; these pin each rule).
import { describe, expect, it } from 'vitest';
import { fieldErrorBody } from '../http/errors.js';
import { validateCustomResource } from './crd-schema-validation.js';

const schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['location'],
      properties: {
        location: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[A-Z][a-z]+$' },
        capacity: { type: 'integer', minimum: 1, maximum: 10 },
        ratio: { type: 'number', minimum: 0, exclusiveMinimum: true },
        port: { 'x-kubernetes-int-or-string': true },
        tags: { type: 'array', maxItems: 1, items: { type: 'string' } },
        fuel: { type: 'string', enum: ['coal', 'wind'] },
        day: { type: 'string', format: 'date' },
        note: { type: 'string', nullable: true },
      },
    },
  },
};
const errorsOf = (spec: unknown): string[] => validateCustomResource({ apiVersion: 'x/v1', kind: 'X', metadata: {}, spec }, schema).map((e) => `${e.type} ${e.field}: ${fieldErrorBody(e)}`);

describe('validateCustomResource', () => {
  it('accepts a valid object, a null where nullable, and an int-or-string either way', () => {
    expect(errorsOf({ location: 'Oslo', capacity: 3, ratio: 0.5, port: 'http', tags: ['a'], fuel: 'wind', day: '2026-02-28', note: null })).toEqual([]);
    expect(errorsOf({ location: 'Oslo', port: 80 })).toEqual([]);
  });

  it('words each failed rule', () => {
    expect(errorsOf({})).toEqual(['FieldValueRequired spec.location: Required value']);
    expect(errorsOf({ location: 'Abcdefg' })).toEqual(['FieldValueTooLong spec.location: Too long: may not be more than 5 bytes']);
    expect(errorsOf({ location: 'x' })).toEqual(['FieldValueInvalid spec.location: Invalid value: "x": spec.location in body should be at least 2 chars long']);
    expect(errorsOf({ location: 'oslo' })).toEqual(["FieldValueInvalid spec.location: Invalid value: \"oslo\": spec.location in body should match '^[A-Z][a-z]+$'"]);
    expect(errorsOf({ location: 'Oslo', capacity: 11, ratio: 0 })).toEqual([
      'FieldValueInvalid spec.capacity: Invalid value: 11: spec.capacity in body should be less than or equal to 10',
      'FieldValueInvalid spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0',
    ]);
    expect(errorsOf({ location: 'Oslo', port: false, tags: ['a', 'b'], fuel: 'gas', day: '2026-02-30' })).toEqual([
      'FieldValueTypeInvalid spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"',
      'FieldValueTooMany spec.tags: Too many: 2: must have at most 1 items',
      'FieldValueNotSupported spec.fuel: Unsupported value: "gas": supported values: "coal", "wind"',
      'FieldValueTypeInvalid spec.day: Invalid value: "2026-02-30": spec.day in body must be of type date: "2026-02-30"',
    ]);
  });

  it('reports a fraction for an integer twice, as kube-openapi does (the type, then the range check)', () => {
    expect(errorsOf({ location: 'Oslo', capacity: 2.5 })).toEqual([
      'FieldValueTypeInvalid spec.capacity: Invalid value: "number": spec.capacity in body must be of type integer: "number"',
      'FieldValueInvalid <nil>: Invalid value: "": Checked value must be of type integer (default format) in spec.capacity',
    ]);
  });
});
