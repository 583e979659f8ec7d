import { describe, expect, it } from 'vitest';
import { podGone } from './pod-watch.js';
import { shouldFallBack } from './tunnel.js';

describe('when a forward ends', () => {
  it('goes on while the pod is Running, and says why it cannot otherwise', () => {
    expect(podGone('web', { status: { phase: 'Running' } })).toBeNull();
    expect(podGone('web', null)).toEqual({ reason: 'PodDeleted', message: 'pod web was deleted' });
    expect(podGone('web', { metadata: { deletionTimestamp: '2026-12-02T18:00:00Z' }, status: { phase: 'Running' } })).toEqual({ reason: 'PodDeleted', message: 'pod web is being deleted' });
    expect(podGone('web', { status: { phase: 'Succeeded' } })).toEqual({ reason: 'PodNotRunning', message: 'pod web is Succeeded, not Running' });
  });

  it('falls back to SPDY when the WebSocket upgrade fails, not when the request itself is refused', () => {
    expect(shouldFallBack(400)).toBe(true);
    expect(shouldFallBack(500)).toBe(true);
    for (const code of [401, 403, 404]) expect(shouldFallBack(code)).toBe(false);
  });
});
