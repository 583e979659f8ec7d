// Monaco behind React.lazy: the object and list screens never download it; the edit screen shows a placeholder while it loads.
import { lazy, Suspense } from 'react';
import type { CodeEditorProps, DiffEditorProps, EditorComponents } from '../../writes/draft/code-editor';

const LazyCode = lazy(() => import('./monaco-editors').then((m) => ({ default: m.MonacoCodeEditor })));
const LazyDiff = lazy(() => import('./monaco-editors').then((m) => ({ default: m.MonacoDiffEditor })));

function Loading() {
  return (
    <div role="status" className="flex h-full min-h-[320px] items-center justify-center text-sm text-slate-500">
      Loading the editor…
    </div>
  );
}

function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyCode {...props} />
    </Suspense>
  );
}

function DiffEditor(props: DiffEditorProps) {
  return (
    <Suspense fallback={<Loading />}>
      <LazyDiff {...props} />
    </Suspense>
  );
}

export const monacoEditors: EditorComponents = { CodeEditor, DiffEditor };
