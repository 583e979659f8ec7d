// How long the pre-render keeps joining a list's next pages to its first rows before the app starts.
/**
 * Which of a list's next pages join the drawn first rows before the app starts (the pre-render only shows; the app
 * sorts, filters and selects, and pages the rest). A list whose first page says at most WHOLE_LIST_ROWS remain (five
 * 2,500-row pages) is drawn whole, for WHOLE_LIST_MS at most (a slow cluster never holds the app longer); one that
 * does not say (a selector hides remainingItemCount) gets UNKNOWN_LIST_MS; a longer one none: the app pages it.
 */
export const WHOLE_LIST_ROWS = 12_500;
export const WHOLE_LIST_MS = 1_500;
export const UNKNOWN_LIST_MS = 300;

/** How long the pages after the first may join its rows (0: not at all), from the rows said to remain after it. */
export function followBudgetMs(remainingItemCount: unknown): number {
  if (typeof remainingItemCount !== 'number') return UNKNOWN_LIST_MS;
  return remainingItemCount <= WHOLE_LIST_ROWS ? WHOLE_LIST_MS : 0;
}
