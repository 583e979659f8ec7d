// A command shown as one selectable line of text with a Copy button beside it (curl, kubectl).
import { CopyButton } from './copy-button';

export interface CopyLineProps {
  text: string;
  /** Names the Copy button for assistive tech and tests ("Copy curl"). */
  copyLabel: string;
  testId: string;
}

export function CopyLine({ text, copyLabel, testId }: CopyLineProps) {
  return (
    <div className="flex items-start gap-2">
      <code data-testid={testId} className="min-w-0 flex-1 select-all break-all rounded bg-slate-900 px-2 py-1 font-mono text-[12px] text-slate-100">
        {text}
      </code>
      <CopyButton
        label="Copy"
        ariaLabel={copyLabel}
        text={() => text}
        className="shrink-0 rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100"
      />
    </div>
  );
}
