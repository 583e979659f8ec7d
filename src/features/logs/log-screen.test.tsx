// @vitest-environment jsdom
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_DEFAULTS, podLogQueryFromSearch, type PodLogQuery } from '../../k8s/logs';
import { useLogDefaults, useLogPreferencesStore } from '../../stores/log-preferences-store';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { LogScreen } from './log-screen';

cleanUpAfterEach();
afterEach(() => {
  act(() => useLogPreferencesStore.getState().remember(LOG_DEFAULTS));
  localStorage.clear();
});

/** The screen without sources (no stream is read), its URL query kept as the page keeps it. */
function logScreen(search = '') {
  let query: PodLogQuery = podLogQueryFromSearch(search);
  const onQueryChange = vi.fn((q: PodLogQuery) => {
    query = q;
    view.rerender(<LogScreen context="demo" sources={[]} query={query} onQueryChange={onQueryChange} downloadName="web" view="web" />);
  });
  const view = render(<LogScreen context="demo" sources={[]} query={query} onQueryChange={onQueryChange} downloadName="web" view="web" />);
  return { onQueryChange, query: () => query };
}

const stored = () => JSON.parse(localStorage.getItem('kubeglass-log-preferences') ?? '{}') as { state?: { follow?: boolean; tailLines?: number | null } };

describe('LogScreen options', () => {
  it('opens following the last 1,000 lines when nothing was chosen', () => {
    logScreen();
    expect(screen.getByTestId<HTMLInputElement>('log-follow').checked).toBe(true);
    expect(screen.getByTestId<HTMLSelectElement>('log-tail').value).toBe('1000');
    expect(screen.getByRole('option', { name: '1,000 lines' })).toBeTruthy();
  });

  it("remembers the reader's follow and tail choice in this browser, and nothing else", () => {
    const { query } = logScreen();
    fireEvent.click(screen.getByTestId('log-follow'));
    expect(query().follow).toBe(false);
    expect(stored().state).toEqual({ follow: false, tailLines: 1000 });
    fireEvent.change(screen.getByTestId('log-tail'), { target: { value: 'all' } });
    expect(query().tailLines).toBeUndefined();
    expect(stored().state).toEqual({ follow: false, tailLines: null });
    const { result } = renderHook(() => useLogDefaults());
    expect(result.current).toEqual({ follow: false, tailLines: undefined });

    act(() => useLogPreferencesStore.getState().remember({ follow: true, tailLines: 100 }));
    fireEvent.click(screen.getByTestId('log-timestamps'));
    expect(query().timestamps).toBe(true);
    expect(stored().state).toEqual({ follow: true, tailLines: 100 });
  });

  it("keeps only what was picked: a link's follow=false is not taken for the reader's choice", () => {
    logScreen('?tailLines=100&follow=false');
    fireEvent.change(screen.getByTestId('log-tail'), { target: { value: 'all' } });
    expect(stored().state).toEqual({ follow: true, tailLines: null });
  });

  it('offers a tail the URL names that the list does not hold', () => {
    logScreen('?tailLines=50');
    expect(screen.getByTestId<HTMLSelectElement>('log-tail').value).toBe('50');
    expect(screen.getByRole('option', { name: '50 lines' })).toBeTruthy();
  });
});
