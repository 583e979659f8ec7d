// Briefly marks an element as just changed (CSS animates [data-flash]); returns a cleanup.
const FLASH_MS = 1600;

export function flash(element: HTMLElement): () => void {
  element.removeAttribute('data-flash');
  // Reading layout restarts the CSS animation when the row changes again mid-flash.
  void element.offsetWidth;
  element.setAttribute('data-flash', '');
  const timer = setTimeout(() => element.removeAttribute('data-flash'), FLASH_MS);
  return () => clearTimeout(timer);
}
