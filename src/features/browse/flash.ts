// Briefly marks an element as just changed (CSS animates [data-flash]); returns a cleanup.
const FLASH_MS = 1600;

/**
 * Flashes a row. A change mid-flash restarts the animation by switching between two animation
 * names (data-flash="a" / "b"), which needs no layout read: reading offsetWidth to restart it forced
 * a layout per changed row per frame during a watch storm.
 */
export function flash(element: HTMLElement): () => void {
  element.setAttribute('data-flash', element.getAttribute('data-flash') === 'a' ? 'b' : 'a');
  const timer = setTimeout(() => element.removeAttribute('data-flash'), FLASH_MS);
  return () => clearTimeout(timer);
}
