// Plain textarea editors with the CodeEditor/DiffEditor interface: for tests (jsdom cannot run Monaco).
import type { CodeEditorProps, DiffEditorProps, EditorComponents } from '../writes/draft/code-editor';

function TextareaCodeEditor({ value, onChange, onSave, markers, label }: CodeEditorProps) {
  return (
    <div>
      <textarea
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 's') {
            e.preventDefault();
            onSave();
          }
        }}
      />
      <ul data-testid="editor-markers">
        {markers.map((m, i) => (
          <li key={i}>
            {m.line}:{m.column} {m.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TextareaDiffEditor({ original, modified, onChange, label }: DiffEditorProps) {
  return (
    <div>
      <textarea aria-label={`${label} (server)`} value={original} readOnly />
      <textarea aria-label={label} value={modified} readOnly={!onChange} onChange={(e) => onChange?.(e.target.value)} />
    </div>
  );
}

export const textareaEditors: EditorComponents = { CodeEditor: TextareaCodeEditor, DiffEditor: TextareaDiffEditor };
