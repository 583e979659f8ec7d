// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMemoCall } from './use-memo-call';

describe('useMemoCall', () => {
  it('computes again only when an argument changes (by identity)', () => {
    const compute = vi.fn((rows: readonly string[], text: string) => rows.filter((r) => r.includes(text)));
    const rows = ['web-1', 'db-1'];
    const { result, rerender } = renderHook(({ r, t }) => useMemoCall(compute, r, t), { initialProps: { r: rows, t: 'web' } });
    const first = result.current;
    expect(first).toEqual(['web-1']);
    rerender({ r: rows, t: 'web' });
    expect(result.current).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    rerender({ r: [...rows], t: 'web' });
    expect(compute).toHaveBeenCalledTimes(2);
    rerender({ r: rows, t: 'db' });
    expect(result.current).toEqual(['db-1']);
    expect(compute).toHaveBeenCalledTimes(3);
  });
});
