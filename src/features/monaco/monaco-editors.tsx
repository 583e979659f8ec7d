// Monaco implementations of CodeEditor and DiffEditor (this module is the lazily loaded chunk).
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { CodeEditorProps, DiffEditorProps } from '../../writes/draft/code-editor';
import { useColorScheme } from '../../stores/theme-store';
import { setupMonaco, setYamlSchemas } from './monaco-setup';

const OWNER = 'kubeglass';

/** Monaco's theme is one per page: every editor sets it from the color scheme in effect (a picker change included). */
function useMonacoTheme(): string {
  const theme = useColorScheme() === 'dark' ? 'vs-dark' : 'vs';
  useEffect(() => {
    setupMonaco().editor.setTheme(theme);
  }, [theme]);
  return theme;
}

const COMMON_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 12,
  lineHeight: 20,
  scrollBeyondLastLine: false,
  tabSize: 2,
  insertSpaces: true,
  // Typing YAML should insert exactly what is typed: no closing quotes or brackets added behind the cursor.
  autoClosingBrackets: 'never',
  autoClosingQuotes: 'never',
  autoIndent: 'keep',
  renderWhitespace: 'boundary',
  // A real <textarea> receives the keys (not Chromium's EditContext on a <div>): app-wide shortcuts such as
  // the ':' palette recognise it as a text field and stay out of the way.
  editContext: false,
} as const;

export function MonacoCodeEditor({ value, onChange, onSave, markers, reveal, label, uri, schema }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<ReturnType<ReturnType<typeof setupMonaco>['editor']['create']> | null>(null);
  const callbacks = useRef({ onChange, onSave });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onSave };
  });
  // The text at mount only: while typing, the parent's value trails the model and must never be written back
  // over newer keystrokes. The parent replaces the text (merge, discard) by remounting with a new key.
  const initialValue = useRef(value);
  const theme = useRef(useMonacoTheme());

  useEffect(() => {
    const monaco = setupMonaco();
    if (!host.current) return undefined;
    const modelUri = monaco.Uri.parse(uri);
    monaco.editor.getModel(modelUri)?.dispose();
    const model = monaco.editor.createModel(initialValue.current, 'yaml', modelUri);
    const editor = monaco.editor.create(host.current, { ...COMMON_OPTIONS, theme: theme.current, model, ariaLabel: label });
    editorRef.current = editor;
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => callbacks.current.onSave());
    const sub = model.onDidChangeContent(() => callbacks.current.onChange(model.getValue()));
    return () => {
      sub.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, [uri, label]);

  useEffect(() => {
    // A URI of its own without a fragment: yaml-language-server would read a fragment as an anchor inside the schema.
    setYamlSchemas(schema ? [{ uri: `${uri}.schema.json`, fileMatch: [uri], schema }] : []);
  }, [uri, schema]);

  useEffect(() => {
    const monaco = setupMonaco();
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      markers.map((m) => ({
        severity: monaco.MarkerSeverity.Error,
        message: m.message,
        startLineNumber: m.line,
        startColumn: m.column,
        endLineNumber: m.line,
        endColumn: model.getLineMaxColumn(Math.min(Math.max(m.line, 1), model.getLineCount())),
      })),
    );
  }, [markers]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !reveal) return;
    editor.revealLineInCenterIfOutsideViewport(reveal.line);
    if (!reveal.moveCursor) return;
    editor.setPosition({ lineNumber: reveal.line, column: reveal.column });
    editor.focus();
  }, [reveal]);

  return <div ref={host} data-testid="monaco-editor" className="h-full min-h-[320px] w-full" />;
}

export function MonacoDiffEditor({ original, modified, onChange, onSave, label }: DiffEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onChange, onSave });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onSave };
  });
  const initial = useRef({ original, modified, editable: onChange !== undefined });
  const theme = useRef(useMonacoTheme());

  useEffect(() => {
    const monaco = setupMonaco();
    if (!host.current) return undefined;
    const originalModel = monaco.editor.createModel(initial.current.original, 'yaml');
    const modifiedModel = monaco.editor.createModel(initial.current.modified, 'yaml');
    const diff = monaco.editor.createDiffEditor(host.current, {
      ...COMMON_OPTIONS,
      originalEditable: false,
      readOnly: !initial.current.editable,
      renderSideBySide: true,
      theme: theme.current,
      ariaLabel: label,
    });
    diff.setModel({ original: originalModel, modified: modifiedModel });
    diff.getModifiedEditor().addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => callbacks.current.onSave?.());
    const sub = modifiedModel.onDidChangeContent(() => callbacks.current.onChange?.(modifiedModel.getValue()));
    return () => {
      sub.dispose();
      diff.dispose();
      originalModel.dispose();
      modifiedModel.dispose();
    };
  }, [label]);

  return <div ref={host} data-testid="monaco-diff-editor" className="h-full min-h-[320px] w-full" />;
}
