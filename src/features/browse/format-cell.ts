// A Table cell as text. Values the printers use for "nothing" are dimmed; hidden characters (bidi overrides,
// zero-width) show as code points, so a cell cannot read as something it is not.
import { revealHidden } from '../../components/ui/reveal-hidden';

const PLACEHOLDERS = new Set(['<none>', '<unknown>', '<pending>', '<invalid>', '<nil>']);

export interface FormattedCell {
  text: string;
  dim: boolean;
}

export function formatCell(value: unknown): FormattedCell {
  if (value === null || value === undefined) return { text: '<none>', dim: true };
  if (typeof value === 'string') return { text: revealHidden(value), dim: PLACEHOLDERS.has(value) };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), dim: false };
  return { text: revealHidden(JSON.stringify(value)), dim: false };
}
