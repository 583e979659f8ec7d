// Search over the buffered lines: how many matches and on which lines, for the count and next/previous.
import { findMatches } from '../../k8s/logs';
import type { BufferedLine } from './log-buffer';

export interface LogSearchResult {
  /** Matches in all lines. */
  total: number;
  /** Indexes of the lines holding at least one match, in order. */
  lines: number[];
}

export function searchLines(lines: BufferedLine[], query: string): LogSearchResult {
  if (query === '') return { total: 0, lines: [] };
  let total = 0;
  const hits: number[] = [];
  const needle = query.toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    const plain = lines[i]?.plain ?? '';
    // A cheap test first: most lines do not match.
    if (!plain.toLowerCase().includes(needle)) continue;
    total += findMatches(plain, query).length;
    hits.push(i);
  }
  return { total, lines: hits };
}
