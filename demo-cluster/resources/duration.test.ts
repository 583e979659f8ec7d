import { describe, expect, it } from 'vitest';
import { ageSince, rfc3339 } from './duration.js';

describe('ages and timestamps', () => {
  it('ages a timestamp and marks a missing one <unknown>', () => {
    const now = Date.parse('2026-11-21T22:22:16Z');
    expect(ageSince('2026-11-21T22:18:24Z', now)).toBe('3m52s');
    expect(ageSince(null, now)).toBe('<unknown>');
  });

  it('formats RFC 3339 at second precision', () => {
    expect(rfc3339(Date.parse('2026-11-21T22:18:24.789Z'))).toBe('2026-11-21T22:18:24Z');
  });
});
