// A modal dialog: role=dialog over the page, focus kept inside while open and given back on close, Escape closes.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalDialogProps {
  title: ReactNode;
  /** Escape (and the caller's own buttons) close it; not called while `closable` is false. */
  onClose: () => void;
  closable?: boolean;
  children: ReactNode;
  testId?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export function ModalDialog({ title, onClose, closable = true, children, testId }: ModalDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef({ onClose, closable });
  useLayoutEffect(() => {
    closeRef.current = { onClose, closable };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (root) (focusables(root)[0] ?? root).focus();
    const focusFirst = () => {
      const current = panel.current;
      if (current) (focusables(current)[0] ?? current).focus();
    };
    // Focus that leaves the dialog (a click on the page behind, a screen reader jump) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (panel.current && e.target instanceof Node && !panel.current.contains(e.target)) focusFirst();
    };
    // On the document, not the panel: a button disabled while busy drops focus to <body>, and keys must still work.
    const onKeyDown = (e: KeyboardEvent) => {
      const current = panel.current;
      if (!current) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        if (closeRef.current.closable) closeRef.current.onClose();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(current);
      const first = items[0];
      const last = items.at(-1);
      const active = document.activeElement;
      if (!first || !last) {
        e.preventDefault();
      } else if (!(active instanceof Node) || !current.contains(active)) {
        e.preventDefault();
        first.focus();
      } else if (e.shiftKey && active === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown, true);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 pt-[10vh]">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        className="w-full max-w-xl rounded-lg border border-slate-200 bg-white shadow-xl focus:outline-none"
      >
        <h2 id={titleId} className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
