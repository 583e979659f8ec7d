// Test-only: the clean-up a DOM test file registers once, so no test sees the previous one's screen, clock or stubs.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/** After each test of the calling file: unmount what was rendered, then restore real timers and the stubbed globals. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
