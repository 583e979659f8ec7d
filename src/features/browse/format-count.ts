// Row counts as the list header prints them.

/**
 * 12,345, as toLocaleString('en-US') prints a whole number, grouped by hand: the first toLocaleString of a
 * page loads ICU's number data, which cost ~40 ms of the list's first render.
 */
export function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
