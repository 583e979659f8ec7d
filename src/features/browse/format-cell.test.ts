import { describe, expect, it } from 'vitest';
import { formatCell } from './format-cell';

describe('formatCell', () => {
  it('dims printer placeholders and missing values', () => {
    expect(formatCell('<none>')).toEqual({ text: '<none>', dim: true });
    expect(formatCell('<unknown>')).toEqual({ text: '<unknown>', dim: true });
    expect(formatCell(null)).toEqual({ text: '<none>', dim: true });
  });

  it('prints strings, numbers and booleans as text', () => {
    expect(formatCell('Running')).toEqual({ text: 'Running', dim: false });
    expect(formatCell(0)).toEqual({ text: '0', dim: false });
    expect(formatCell(false)).toEqual({ text: 'false', dim: false });
    expect(formatCell({ a: 1 })).toEqual({ text: '{"a":1}', dim: false });
  });

  it('shows hidden characters of a printer column as code points', () => {
    expect(formatCell('invoice\u202Egpj.exe')).toEqual({ text: 'invoice[U+202E]gpj.exe', dim: false });
    expect(formatCell(['a\u200B'])).toEqual({ text: '["a[U+200B]"]', dim: false });
  });
});
