import { useEffect, useState } from 'react';

/** Typing pauses this long before the palette asks the server whether an object exists. */
export const PROBE_DELAY_MS = 150;

/** The value once it has held still for a while (no request per keystroke). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
