import { describe, expect, it } from 'vitest';
import { applySchemaDefaults } from './crd-defaulting.js';

const schema = {
  type: 'object',
  properties: {
    mode: { type: 'string', default: 'auto' },
    level: { type: 'integer' },
    note: { type: 'string', nullable: true },
    units: { type: 'array', items: { type: 'object', properties: { online: { type: 'boolean', default: true } } } },
    limits: { type: 'object', additionalProperties: { type: 'object', properties: { max: { type: 'integer', default: 9 } } } },
  },
};

describe('applySchemaDefaults', () => {
  it('fills absent fields, in list items and map values too, with copies of the defaults', () => {
    expect(applySchemaDefaults({ units: [{}, { online: false }], limits: { a: {} } }, schema)).toEqual({ mode: 'auto', units: [{ online: true }, { online: false }], limits: { a: { max: 9 } } });
  });

  it('turns a null that is not nullable into the default, or drops it; keeps a nullable null', () => {
    expect(applySchemaDefaults({ mode: null, level: null, note: null }, schema)).toEqual({ mode: 'auto', note: null });
  });
});
