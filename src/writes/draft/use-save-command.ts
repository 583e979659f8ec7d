// The Save command of an editor screen: Ctrl+S / ⌘S anywhere on the page (the browser's "Save page" is never what
// is meant here) and a stable callback for the editor's own binding, both running the latest handler.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export function useSaveCommand(onSave: () => void): () => void {
  const latest = useRef(onSave);
  useLayoutEffect(() => {
    latest.current = onSave;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's' || e.shiftKey || e.altKey) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return useCallback(() => latest.current(), []);
}
