// The header's "?" button and its key: a dialog listing every keyboard shortcut.
import { Fragment, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { isTypingTarget } from '../../components/ui/typing-target';
import { KEYBOARD_SHORTCUTS } from './keyboard-shortcuts';

const KBD_CLASS = 'rounded border border-slate-300 bg-slate-50 px-1.5 py-px font-mono text-[11px] text-slate-800';

export function KeyboardShortcutsButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // "?" is Shift+/ on most layouts, so Shift is allowed; typed into a field it is text.
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTypingTarget(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        data-testid="shortcuts-button"
        className="grid h-6 w-6 place-items-center rounded-full border border-slate-300 text-xs text-slate-600 hover:bg-slate-100"
      >
        ?
      </button>
      {open && (
        <ModalDialog title="Keyboard shortcuts" onClose={() => setOpen(false)} testId="shortcuts-dialog">
          {/* Focusable so the arrow keys scroll a list taller than the window. */}
          <div tabIndex={0} aria-label="Every shortcut, by where it works" role="group" className="max-h-[70vh] space-y-4 overflow-y-auto px-5 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400">
            {KEYBOARD_SHORTCUTS.map((section) => (
              <section key={section.where} aria-label={section.where}>
                <h3 className="mb-1 text-xs font-semibold text-slate-900">{section.where}</h3>
                <dl className="grid grid-cols-[minmax(9rem,auto)_1fr] gap-x-4 gap-y-1 text-xs">
                  {section.shortcuts.map((shortcut) => (
                    <div key={shortcut.does} className="contents">
                      <dt className="text-slate-500">
                        {shortcut.keys.map((key, i) => (
                          <Fragment key={key}>
                            {i > 0 && ' or '}
                            <kbd className={KBD_CLASS}>{key}</kbd>
                          </Fragment>
                        ))}
                      </dt>
                      <dd className="text-slate-700">{shortcut.does}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          <div className="flex justify-end border-t border-slate-200 px-5 py-3">
            <button type="button" onClick={() => setOpen(false)} className={buttonStyles.secondary}>
              Close
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
