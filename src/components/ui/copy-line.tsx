// A command shown as one selectable line of text with a Copy button beside it (curl, kubectl).
import { useEffect, useState } from 'react';

/** Copies text: the async Clipboard API, else a hidden textarea and execCommand (plain-HTTP origins have no clipboard API). */
async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or document not focused: try the old way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export interface CopyLineProps {
  text: string;
  /** Names the Copy button for assistive tech and tests ("Copy curl"). */
  copyLabel: string;
  testId: string;
}

export function CopyLine({ text, copyLabel, testId }: CopyLineProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <div className="flex items-start gap-2">
      <code data-testid={testId} className="min-w-0 flex-1 select-all break-all rounded bg-slate-900 px-2 py-1 font-mono text-[12px] text-slate-100">
        {text}
      </code>
      <button
        type="button"
        aria-label={copyLabel}
        onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
        className="shrink-0 rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100"
      >
        <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
      </button>
    </div>
  );
}
