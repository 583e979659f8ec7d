import { describe, expect, it } from 'vitest';
import { throttledFrames, type FrameClock } from './frame-throttle';

/** A clock whose frames and timers run only when the test says so. */
function fakeClock() {
  let time = 0;
  let frames: Array<() => void> = [];
  let timers: Array<{ at: number; callback: () => void }> = [];
  const clock: FrameClock = {
    now: () => time,
    requestFrame: (callback) => {
      frames.push(callback);
      return () => (frames = frames.filter((f) => f !== callback));
    },
    setTimer: (callback, ms) => {
      const timer = { at: time + ms, callback };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
  };
  const frame = () => {
    for (const f of frames.splice(0)) f();
  };
  const advance = (ms: number) => {
    time += ms;
    const due = timers.filter((t) => t.at <= time);
    timers = timers.filter((t) => t.at > time);
    for (const t of due) t.callback();
  };
  return { clock, frame, advance, pendingFrames: () => frames.length, pendingTimers: () => timers.length };
}

describe('throttledFrames', () => {
  it('runs the first callback on the next frame', () => {
    const { clock, frame } = fakeClock();
    const schedule = throttledFrames(40, clock);
    const runs: number[] = [];
    schedule(() => runs.push(clock.now()));
    expect(runs).toEqual([]);
    frame();
    expect(runs).toEqual([0]);
  });

  it('waits out the interval since the last run, then takes the next frame', () => {
    const { clock, frame, advance, pendingFrames } = fakeClock();
    const schedule = throttledFrames(40, clock);
    const runs: number[] = [];
    schedule(() => runs.push(clock.now()));
    frame();
    advance(16);
    schedule(() => runs.push(clock.now()));
    expect(pendingFrames()).toBe(0);
    frame();
    expect(runs).toEqual([0]);
    advance(24);
    expect(pendingFrames()).toBe(1);
    advance(4);
    frame();
    expect(runs).toEqual([0, 44]);
  });

  it('does not wait when the interval has passed already', () => {
    const { clock, frame, advance } = fakeClock();
    const schedule = throttledFrames(40, clock);
    const runs: number[] = [];
    schedule(() => runs.push(clock.now()));
    frame();
    advance(100);
    schedule(() => runs.push(clock.now()));
    frame();
    expect(runs).toEqual([0, 100]);
  });

  it('cancels while waiting for the interval and while waiting for the frame', () => {
    const { clock, frame, advance, pendingFrames, pendingTimers } = fakeClock();
    const schedule = throttledFrames(40, clock);
    const runs: number[] = [];
    schedule(() => runs.push(clock.now()));
    frame();
    schedule(() => runs.push(clock.now()))();
    expect(pendingTimers()).toBe(0);
    advance(50);
    const cancel = schedule(() => runs.push(clock.now()));
    expect(pendingFrames()).toBe(1);
    cancel();
    frame();
    expect(runs).toEqual([0]);
  });
});
