// A Table cell as text. Values the printers use for "nothing" are dimmed.
const PLACEHOLDERS = new Set(['<none>', '<unknown>', '<pending>', '<invalid>', '<nil>']);

export interface FormattedCell {
  text: string;
  dim: boolean;
}

export function formatCell(value: unknown): FormattedCell {
  if (value === null || value === undefined) return { text: '<none>', dim: true };
  if (typeof value === 'string') return { text: value, dim: PLACEHOLDERS.has(value) };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), dim: false };
  return { text: JSON.stringify(value), dim: false };
}
