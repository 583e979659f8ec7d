// Schedules callbacks on animation frames, at most one per interval: watch folds commit at most that often.

export type ScheduleFrame = (callback: () => void) => () => void;

export interface FrameClock {
  requestFrame: (callback: () => void) => () => void;
  setTimer: (callback: () => void, ms: number) => () => void;
  now: () => number;
}

function browserClock(): FrameClock {
  const hasFrames = typeof requestAnimationFrame === 'function';
  return {
    requestFrame: (callback) => {
      if (!hasFrames) {
        const handle = setTimeout(callback, 16);
        return () => clearTimeout(handle);
      }
      const handle = requestAnimationFrame(() => callback());
      return () => cancelAnimationFrame(handle);
    },
    setTimer: (callback, ms) => {
      const handle = setTimeout(callback, ms);
      return () => clearTimeout(handle);
    },
    now: () => performance.now(),
  };
}

/**
 * A scheduleFrame whose callbacks run on an animation frame at least `minIntervalMs` after the previous
 * one ran. Each commit of a watch fold costs a React render, layout and paint of the table; under a storm
 * of 1,000 events/s a commit per frame kept the tab busy, while a few commits fewer per second cost little
 * latency (at most the interval).
 */
export function throttledFrames(minIntervalMs: number, clock: FrameClock = browserClock()): ScheduleFrame {
  let lastRun = Number.NEGATIVE_INFINITY;
  return (callback) => {
    let cancel: () => void;
    const run = () => {
      lastRun = clock.now();
      callback();
    };
    const wait = lastRun + minIntervalMs - clock.now();
    if (wait > 1) cancel = clock.setTimer(() => (cancel = clock.requestFrame(run)), wait);
    else cancel = clock.requestFrame(run);
    return () => cancel();
  };
}
