// What the compare screen borrows from features/monaco, handed in by the app layer (features never import each other).
import type { ComponentType } from 'react';

export interface CompareTools {
  /** Monaco's side-by-side diff, read-only here. */
  DiffEditor: ComponentType<{ original: string; modified: string; label: string }>;
}
