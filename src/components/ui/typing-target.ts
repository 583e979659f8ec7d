// Single-key shortcuts (":", "/", "?") must not fire while the reader types in a field or an editor.

/** True for an input, textarea, select or contenteditable element (Monaco and xterm type into a textarea). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
