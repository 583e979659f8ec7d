// What the compare screen borrows from the edit feature, handed in by the app layer (features never import each other).
import type { ComponentType } from 'react';

export interface CompareTools {
  /** The edit feature's side-by-side diff, read-only here. */
  DiffEditor: ComponentType<{ original: string; modified: string; label: string }>;
}
