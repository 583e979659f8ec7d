// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { expectedRowsOf, loadingMoreText, progressWidth } from './list-look';
import { LoadingMore } from './loading-more';

cleanUpAfterEach();

describe('LoadingMore', () => {
  it('says how many rows are in, of how many when the server says, with a bar that does not move on its own', () => {
    render(<LoadingMore rows={12_600} remainingItemCount={37_423} />);
    const status = screen.getByTestId('loading-more');
    expect(status.textContent).toBe('loading more… 12,600 of 50,023 rows');
    expect(status.getAttribute('role')).toBe('status');
    expect((status.querySelector('[aria-hidden] > span') as HTMLElement | null)?.style.width).toBe('25%');
    expect(status.querySelector('[class*="animate-"]')).toBeNull();
  });

  it('shows the count alone when the list does not say how long it is', () => {
    render(<LoadingMore rows={2_600} remainingItemCount={undefined} />);
    const status = screen.getByTestId('loading-more');
    expect(status.textContent).toBe('loading more… 2,600 rows');
    expect(status.querySelector('[aria-hidden]')).toBeNull();
  });
});

describe('list progress', () => {
  it('counts what is in and what remains, and ignores what is not a count', () => {
    expect(expectedRowsOf(100, 400)).toBe(500);
    expect([expectedRowsOf(100, undefined), expectedRowsOf(100, '4'), expectedRowsOf(100, -1), expectedRowsOf(100, Number.NaN)]).toEqual([undefined, undefined, undefined, undefined]);
    expect(loadingMoreText(1, 1)).toBe('loading more… 1 of 1 rows');
    expect([progressWidth(1, 3), progressWidth(3, 2), progressWidth(1, 0), progressWidth(1, undefined)]).toEqual(['33%', '100%', null, null]);
  });
});
