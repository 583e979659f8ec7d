// The YAML editor of a draft, the same on the edit and the create screens: the draft's text, the lines its last
// refusal or failure marks, where to scroll, and a fresh editor whenever the text is replaced from outside.
import { useMemo } from 'react';
import type { CodeEditorProps, EditorComponents } from './code-editor';
import { draftMarkers, type DraftState, type DraftTypes } from './draft-model';

export interface DraftCodeEditorProps<T extends DraftTypes> extends Pick<CodeEditorProps, 'onChange' | 'onSave' | 'label' | 'uri' | 'schema'> {
  CodeEditor: EditorComponents['CodeEditor'];
  state: DraftState<T>;
}

export function DraftCodeEditor<T extends DraftTypes>({ CodeEditor, state, ...editor }: DraftCodeEditorProps<T>) {
  const text = state.draft?.text ?? '';
  const { refusal, failure } = state;
  const markers = useMemo(() => draftMarkers(text, refusal, failure), [text, refusal, failure]);
  return <CodeEditor key={state.revision} value={text} markers={markers} reveal={state.reveal} {...editor} />;
}
