// A button that copies text and says so for a moment: object page helpers, the console's curl and kubectl lines.
import { useEffect, useState } from 'react';
import { copyText } from './clipboard';

export interface CopyButtonProps {
  label: string;
  /** Names the button for assistive tech and tests when the visible label is just "Copy" ("Copy curl"). */
  ariaLabel?: string;
  /** What to copy; a function so large texts (the YAML) are built only on click. */
  text: () => string;
  title?: string;
  testId?: string;
  className?: string;
}

const DEFAULT_CLASS = 'rounded border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-50';

/** A button that copies text and says "Copied" (or "Copy failed") for a moment. */
export function CopyButton({ label, ariaLabel, text, title, testId, className = DEFAULT_CLASS }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      title={title}
      aria-label={ariaLabel}
      data-testid={testId}
      onClick={() => void copyText(text()).then((ok) => setState(ok ? 'copied' : 'failed'))}
      className={className}
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}</span>
    </button>
  );
}
