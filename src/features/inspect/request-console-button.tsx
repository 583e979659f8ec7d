// The header's "Requests" button and its shortcut, Alt+R, toggling the request console.
import { useEffect, useState } from 'react';
import { RequestConsole } from './request-console';

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
      {open && <RequestConsole onClose={() => setOpen(false)} />}
    </>
  );
}
