// What a context switch could not keep, said on the page it led to (UI state; not persisted).
import { create } from 'zustand';

export interface SwitchNote {
  /** The page the switch led to: the note is shown there only. */
  href: string;
  text: string;
}

export interface SwitchNoteState {
  note: SwitchNote | null;
  setNote: (note: SwitchNote | null) => void;
}

export const useSwitchNoteStore = create<SwitchNoteState>()((set) => ({
  note: null,
  setNote: (note) => set({ note }),
}));
