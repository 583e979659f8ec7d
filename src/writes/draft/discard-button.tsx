// Discard with a confirm when there is typed text to lose: one click never drops a draft.
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';

export interface DiscardButtonProps {
  /** Text typed since the draft's start: asking first. */
  dirty: boolean;
  disabled: boolean;
  title?: string;
  /** What Discard goes back to, for the question ("the object on the server", "the template"). */
  backTo: string;
  onDiscard: () => void;
}

export function DiscardButton({ dirty, disabled, title, backTo, onDiscard }: DiscardButtonProps) {
  const [asking, setAsking] = useState(false);
  if (asking && dirty) {
    return (
      <span role="alertdialog" aria-label="Discard your changes?" data-testid="discard-confirm" className="flex items-center gap-2 text-xs text-slate-700">
        Drop your changes and go back to {backTo}?
        <button
          type="button"
          autoFocus
          onClick={() => {
            setAsking(false);
            onDiscard();
          }}
          className={buttonStyles.danger}
        >
          Discard changes
        </button>
        <button type="button" onClick={() => setAsking(false)} className={buttonStyles.secondary}>
          Keep editing
        </button>
      </span>
    );
  }
  return (
    <button type="button" onClick={() => (dirty ? setAsking(true) : onDiscard())} disabled={disabled} title={title} className={buttonStyles.secondary}>
      Discard
    </button>
  );
}
