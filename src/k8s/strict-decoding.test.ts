import { describe, expect, it } from 'vitest';
import { strictDecodingCauses } from './strict-decoding';

describe('strictDecodingCauses', () => {
  it('names each unknown and duplicate field of a 1.37 custom-resource strict decoding error', () => {
    const message =
      'PowerPlant in version "v1" cannot be handled as a PowerPlant: strict decoding error: duplicate field "spec.bogus", unknown field "spec.units[0].extra", unknown field "top"';
    expect(strictDecodingCauses(message)).toEqual([
      { reason: 'FieldValueDuplicate', message: 'duplicate field', field: 'spec.bogus' },
      { reason: 'FieldValueNotFound', message: 'unknown field', field: 'spec.units[0].extra' },
      { reason: 'FieldValueNotFound', message: 'unknown field', field: 'top' },
    ]);
  });

  it('reads a field whose name has a quote, and nothing from other messages', () => {
    expect(strictDecodingCauses('strict decoding error: unknown field "data.a\\"b"')).toEqual([{ reason: 'FieldValueNotFound', message: 'unknown field', field: 'data.a"b' }]);
    expect(strictDecodingCauses('ConfigMap "c" is invalid: unknown field "x"')).toEqual([]);
  });
});
