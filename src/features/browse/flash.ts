// Briefly marks an element as just changed (CSS styles [data-flash]).
export const FLASH_MS = 1600;
/** The fade back at the end of a flash (the CSS transition on [data-flash='fading'] lasts as long). */
export const FADE_MS = 400;

interface FlashState {
  /** performance.now() until which the element stays marked. */
  until: number;
}

const flashing = new WeakMap<HTMLElement, FlashState>();

function settle(element: HTMLElement): void {
  const state = flashing.get(element);
  if (!state) return;
  const left = state.until - performance.now();
  if (left > 0) {
    setTimeout(() => settle(element), left);
    return;
  }
  if (element.getAttribute('data-flash') === 'on') {
    element.setAttribute('data-flash', 'fading');
    setTimeout(() => settle(element), FADE_MS);
    return;
  }
  flashing.delete(element);
  element.removeAttribute('data-flash');
}

/**
 * Flashes a row: a static highlight that fades out once at its end. A keyframe animation restarted per
 * change made every row under a watch storm restyle and repaint on every frame; here a change to a row
 * already marked only moves its end time (no DOM write), so the highlight costs two style changes
 * and one short fade however often the row changes. The timer outliving a removed element is harmless.
 */
export function flash(element: HTMLElement): void {
  const until = performance.now() + FLASH_MS - FADE_MS;
  const state = flashing.get(element);
  if (element.getAttribute('data-flash') !== 'on') element.setAttribute('data-flash', 'on');
  if (state) {
    state.until = until;
    return;
  }
  flashing.set(element, { until });
  setTimeout(() => settle(element), FLASH_MS - FADE_MS);
}
