// A modal dialog: role=dialog over the page, focus kept inside while open and given back on close, Escape closes.
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
    // Focus that leaves the dialog (a click on the page behind, a screen reader jump) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      const current = panel.current;
      if (current && e.target instanceof Node && !current.contains(e.target)) (focusables(current)[0] ?? current).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      opener?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (closeRef.current.closable) closeRef.current.onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 pt-[10vh]">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
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
