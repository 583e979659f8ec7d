// The editor behind a small interface: Monaco in the app, a textarea stand-in where Monaco cannot run (jsdom).
import type { ComponentType } from 'react';

export interface EditorMarker {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export interface EditorReveal {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** False on save (the cursor stays where the user types); true when the user asked to go there. */
  moveCursor: boolean;
  seq: number;
}

export interface CodeEditorProps {
  /** Initial text: the editor owns the text afterwards; the parent replaces it by remounting (a new key). */
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  /** Our own problems (YAML syntax, Status causes); the YAML language service adds its own. */
  markers: EditorMarker[];
  /** Scroll to this line (and with moveCursor, put the cursor there); `seq` changes per request so one line can be asked twice. */
  reveal: EditorReveal | null;
  /** Accessible name. */
  label: string;
  /** Identifies the document (the YAML schema is matched to it). */
  uri: string;
  /** JSON Schema of the kind (validation, completion, hover); null: none. */
  schema: Record<string, unknown> | null;
}

export interface DiffEditorProps {
  /** Left, read-only side. */
  original: string;
  /** Right side; editable when onChange is given. */
  modified: string;
  onChange?: (value: string) => void;
  onSave?: () => void;
  label: string;
}

export interface EditorComponents {
  CodeEditor: ComponentType<CodeEditorProps>;
  DiffEditor: ComponentType<DiffEditorProps>;
}
