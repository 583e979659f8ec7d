import { describe, expect, it } from 'vitest';
import { countCauses } from './status-causes';

describe('countCauses', () => {
  it('folds identical causes into one with a count, keeping the order', () => {
    const image = { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' };
    const name = { reason: 'FieldValueInvalid', message: 'Invalid value: "A"', field: 'metadata.name' };
    expect(countCauses([image, name, { ...image }, image])).toEqual([
      { cause: image, count: 3 },
      { cause: name, count: 1 },
    ]);
  });

  it('keeps causes apart that differ in field, reason or message', () => {
    const a = { reason: 'FieldValueInvalid', message: 'x', field: 'a' };
    expect(countCauses([a, { ...a, field: 'b' }, { ...a, reason: 'FieldValueRequired' }, { ...a, message: 'y' }])).toHaveLength(4);
    expect(countCauses([])).toEqual([]);
  });
});
