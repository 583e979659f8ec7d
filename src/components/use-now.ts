// One shared one-second clock for every live age (one interval however many cells render it).
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let now = Date.now();
let interval: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = Date.now();
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (interval === null) {
    now = Date.now();
    interval = setInterval(tick, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && interval !== null) {
      clearInterval(interval);
      interval = null;
    }
  };
}

function getSnapshot(): number {
  return now;
}

/** Milliseconds since the epoch, updated every second while anything renders it. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot);
}
