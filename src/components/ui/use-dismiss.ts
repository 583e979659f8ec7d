// A popup that is not a modal dialog (a help note by its button) closes as menus do: Escape, or a press outside it.
import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, Escape or a pointer press outside every element of `inside` calls `onDismiss`; Escape also puts focus
 * on `inside[0]` (the button that opened it) when focus was in the popup or on its button.
 */
export function useDismiss(open: boolean, inside: ReadonlyArray<RefObject<HTMLElement | null>>, onDismiss: () => void): void {
  const latest = useRef({ inside, onDismiss });
  useEffect(() => {
    latest.current = { inside, onDismiss };
  });
  useEffect(() => {
    if (!open) return;
    const contains = (node: EventTarget | null) => node instanceof Node && latest.current.inside.some((ref) => ref.current?.contains(node));
    const onKeyDown = (event: KeyboardEvent) => {
      // Left to a dialog or widget that used the key first.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const hadFocus = contains(document.activeElement);
      latest.current.onDismiss();
      if (hadFocus) latest.current.inside[0]?.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!contains(event.target)) latest.current.onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
}
