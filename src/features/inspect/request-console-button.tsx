// The header's "Requests" button and its shortcut, Alt+R, toggling the request console.
import { lazy, Suspense, useEffect, useState } from 'react';

// Loaded when first opened: the console and its YAML printer are a third of the list's first JS otherwise.
const RequestConsole = lazy(() => import('./request-console').then((m) => ({ default: m.RequestConsole })));

/** Alt+R by physical key: on macOS Option+R types "®", so event.key is no use. */
function isToggleShortcut(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyR';
}

export function RequestConsoleButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isToggleShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        data-testid="requests-button"
        title="Every request to the API, answered or refused (Alt+R)"
        className="text-xs font-medium text-slate-600 hover:text-indigo-700 hover:underline"
      >
        Requests
      </button>
      {open && (
        <Suspense fallback={null}>
          <RequestConsole onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
