import { useEffect, useState } from 'react';
import { copyText } from './clipboard';

export interface CopyButtonProps {
  label: string;
  /** What to copy; a function so large texts (the YAML) are built only on click. */
  text: () => string;
  title?: string;
  testId?: string;
}

/** A button that copies text and says "Copied" (or "Copy failed") for a moment. */
export function CopyButton({ label, text, title, testId }: CopyButtonProps) {
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
      data-testid={testId}
      onClick={() => void copyText(text()).then((ok) => setState(ok ? 'copied' : 'failed'))}
      className="rounded border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-50"
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}</span>
    </button>
  );
}
