import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { followBudgetMs, UNKNOWN_LIST_MS, WHOLE_LIST_MS, WHOLE_LIST_ROWS } from './follow-budget';

describe('followBudgetMs', () => {
  it('draws a list whole when at most WHOLE_LIST_ROWS remain after its first page', () => {
    expect(followBudgetMs(0)).toBe(WHOLE_LIST_MS);
    expect(followBudgetMs(923)).toBe(WHOLE_LIST_MS);
    expect(followBudgetMs(WHOLE_LIST_ROWS)).toBe(WHOLE_LIST_MS);
  });

  it('leaves a longer list to the app', () => {
    expect(followBudgetMs(WHOLE_LIST_ROWS + 1)).toBe(0);
    expect(followBudgetMs(49_900)).toBe(0);
  });

  it('follows briefly when the server does not say (a selector hides remainingItemCount)', () => {
    expect(followBudgetMs(undefined)).toBe(UNKNOWN_LIST_MS);
    expect(followBudgetMs('12')).toBe(UNKNOWN_LIST_MS);
  });

  it('is the bound past which the boot script leaves the pages after the second to the app (preload-list.js)', () => {
    const preload = readFileSync(join(process.cwd(), 'src/app/boot/preload-list.js'), 'utf8');
    expect(Number(/var WHOLE_LIST_ROWS = (\d+);/.exec(preload)?.[1])).toBe(WHOLE_LIST_ROWS);
  });
});
