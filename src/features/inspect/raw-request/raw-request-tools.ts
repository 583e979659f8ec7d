// What the raw request tool borrows from features/monaco, handed in by the app layer (features never import each other).
import type { ComponentType } from 'react';

/** The CodeEditor props of src/writes/draft/code-editor.ts, as far as the body editor uses them. */
export interface BodyEditorProps {
  /** Initial text: the editor owns it afterwards; a new key replaces it. */
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  markers: Array<{ line: number; column: number; message: string }>;
  reveal: { line: number; column: number; moveCursor: boolean; seq: number } | null;
  label: string;
  uri: string;
  schema: Record<string, unknown> | null;
}

export interface RawRequestTools {
  CodeEditor: ComponentType<BodyEditorProps>;
}
