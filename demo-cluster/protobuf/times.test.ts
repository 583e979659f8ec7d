// Times of built-in objects as the apiserver returns them after storing them in protobuf.
import { describe, expect, it } from 'vitest';
import { canonicalTimes } from './times.js';

describe('canonicalTimes', () => {
  it('writes Times in UTC whole seconds and MicroTimes in UTC with six digits, deep in lists and inlined structs', () => {
    const event = {
      eventTime: '2026-01-02T03:04:05.5+02:00',
      series: { count: 2, lastObservedTime: '2026-01-02T03:04:06.000001Z' },
      deprecatedFirstTimestamp: '2026-01-02T03:04:05.9-01:00',
      metadata: { managedFields: [{ manager: 'm', time: '2026-01-02T03:04:05.123Z' }] },
      note: '2026-01-02T03:04:05+02:00',
    };
    canonicalTimes('events.k8s.io/v1', 'Event', event);
    expect(event).toEqual({
      eventTime: '2026-01-02T01:04:05.500000Z',
      series: { count: 2, lastObservedTime: '2026-01-02T03:04:06.000001Z' },
      deprecatedFirstTimestamp: '2026-01-02T04:04:05Z',
      metadata: { managedFields: [{ manager: 'm', time: '2026-01-02T03:04:05Z' }] },
      note: '2026-01-02T03:04:05+02:00',
    });
    const pod = { status: { containerStatuses: [{ state: { running: { startedAt: '2026-01-02T03:04:05+01:00' } } }] } };
    canonicalTimes('v1', 'Pod', pod);
    expect(pod.status.containerStatuses[0]?.state.running.startedAt).toBe('2026-01-02T02:04:05Z');
  });

  it('leaves custom resources and what is no time alone', () => {
    const widget = { spec: { at: '2026-01-02T03:04:05+02:00' } };
    canonicalTimes('example.com/v1', 'Widget', widget);
    expect(widget.spec.at).toBe('2026-01-02T03:04:05+02:00');
    const bad = { eventTime: 'soon' };
    canonicalTimes('events.k8s.io/v1', 'Event', bad);
    expect(bad.eventTime).toBe('soon');
  });
});
