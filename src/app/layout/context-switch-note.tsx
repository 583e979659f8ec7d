// The note of a context switch that could not keep the place, on the page it led to, until dismissed or left.
import { useSwitchNoteStore } from '../../stores/switch-note-store';
import { useLocation } from '../router/history';

export function ContextSwitchNote() {
  const note = useSwitchNoteStore((s) => s.note);
  const setNote = useSwitchNoteStore((s) => s.setNote);
  const location = useLocation();
  if (!note || note.href !== `${location.pathname}${location.search}`) return null;
  return (
    <p role="status" data-testid="context-switch-note" className="flex shrink-0 items-baseline gap-3 border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
      {note.text}
      <button type="button" onClick={() => setNote(null)} className="ml-auto rounded px-1.5 font-medium text-amber-900 underline hover:bg-amber-100">
        Dismiss
      </button>
    </p>
  );
}
