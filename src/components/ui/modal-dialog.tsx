// A modal dialog: role=dialog over the page, focus kept inside while open and given back on close, Escape closes.
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface ModalDialogProps {
  /** The heading; or, with `label` instead, no heading (the content shows its own title). */
  title?: ReactNode;
  /** Accessible name when there is no heading. */
  label?: string;
  /** Escape (and the caller's own buttons) close it; not called while `closable` is false. */
  onClose: () => void;
  closable?: boolean;
  children: ReactNode;
  testId?: string;
  /** md: a form; wide: a preview with side-by-side diffs. */
  size?: 'md' | 'wide';
  /** Where focus goes on close when the element that opened the dialog is gone (e.g. a chip just removed). */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

const SIZES = {
  md: 'max-w-xl',
  wide: 'flex max-h-full max-w-6xl flex-col overflow-hidden',
} as const;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/**
 * The opener may still be on the page when the dialog closes and leave it a moment later (the × of a label the
 * change removed goes when the watch brings the new object): focus would fall to <body>, so it goes to the fallback.
 */
function keepFocusIfRemoved(opener: HTMLElement, fallback: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (document.activeElement !== opener && document.activeElement !== document.body) observer.disconnect();
    else if (!opener.isConnected) {
      observer.disconnect();
      fallback.focus();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  // Only the moments after closing matter; a later removal is the page's own business.
  setTimeout(() => observer.disconnect(), 10_000);
}

export function ModalDialog({ title, label, onClose, closable = true, children, testId, size = 'md', fallbackFocus }: ModalDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef({ onClose, closable });
  useLayoutEffect(() => {
    closeRef.current = { onClose, closable };
  });

  // A layout effect: its cleanup runs in the commit that removes the dialog, so focus goes back to the opener
  // at once (a passive effect's cleanup may run frames later, leaving focus on <body> meanwhile).
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const fallback = fallbackFocus?.current ?? null;
    const root = panel.current;
    // A form starts at its first field; a dialog without a heading starts on itself, so a screen reader reads its name.
    if (root) (label === undefined ? (focusables(root)[0] ?? root) : root).focus();
    const focusFirst = () => {
      const current = panel.current;
      if (current) (focusables(current)[0] ?? current).focus();
    };
    // Focus that leaves the dialog (a click on the page behind, a screen reader jump) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (panel.current && e.target instanceof Node && !panel.current.contains(e.target)) focusFirst();
    };
    // On the document, not the panel: a button disabled while busy drops focus to <body>, and keys must still work.
    // Bubbling, not capturing, so that widgets inside see Escape first.
    const onKeyDown = (e: KeyboardEvent) => {
      const current = panel.current;
      if (!current) return;
      if (e.key === 'Escape') {
        // Left to a widget inside that used it (Monaco closing its suggestions).
        if (e.defaultPrevented) return;
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
      } else if (e.shiftKey && (active === first || active === current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      const target = opener && opener !== document.body && opener.isConnected ? opener : fallback;
      target?.focus();
      if (opener && target === opener && fallback) keepFocusIfRemoved(opener, fallback);
    };
    // Set up once per opening: later prop changes must not move focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div className={`fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4 ${size === 'md' ? 'pt-[10vh]' : 'sm:p-8'}`}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={label === undefined ? titleId : undefined}
        aria-label={label}
        tabIndex={-1}
        data-testid={testId}
        className={`w-full rounded-lg border border-slate-200 bg-white shadow-xl focus:outline-none ${SIZES[size]}`}
      >
        {label === undefined && (
          <h2 id={titleId} className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900">
            {title}
          </h2>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
